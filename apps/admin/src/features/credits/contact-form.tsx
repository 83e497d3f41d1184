import type { CreditContact } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button, Notice, SelectField, TextArea, TextField } from '../../components/ui.tsx';
import { ApiError, post } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';

const OUTCOMES: CreditContact['outcome'][] = [
  'reached',
  'promised',
  'no_answer',
  'wrong_number',
  'refused',
];

interface Values {
  outcome: CreditContact['outcome'];
  promise_date: string;
  note: string;
}

/** Records a call about a credit: what came of it, the day the customer promised, a note. */
export function ContactForm({ creditId, today }: { creditId: number; today: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    defaultValues: { outcome: 'reached', promise_date: '', note: '' },
  });
  const save = useMutation({
    mutationFn: (values: Values) =>
      post<CreditContact[]>(`/credits/${creditId}/contacts`, {
        outcome: values.outcome,
        ...(values.outcome === 'promised' ? { promise_date: values.promise_date } : {}),
        note: values.note.trim(),
      }),
    onSuccess: async () => {
      form.reset();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['credit', creditId] }),
        queryClient.invalidateQueries({ queryKey: ['collections'] }),
      ]);
    },
  });
  const outcome = form.watch('outcome');
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="grid grid-cols-1 items-start gap-3 md:grid-cols-[12rem_11rem_1fr]"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      onChange={() => save.isSuccess && save.reset()}
    >
      <SelectField
        label={t('credit.outcome')}
        error={fieldErrors.outcome?.[0]}
        {...form.register('outcome')}
      >
        {OUTCOMES.map((o) => (
          <option key={o} value={o}>
            {t(`outcome.${o}`)}
          </option>
        ))}
      </SelectField>
      {outcome === 'promised' ? (
        <TextField
          label={t('credit.promiseDate')}
          type="date"
          min={today}
          error={errors.promise_date?.message ?? fieldErrors.promise_date?.[0]}
          {...form.register('promise_date', {
            validate: (value) =>
              outcome !== 'promised' ||
              (value === ''
                ? t('credit.required')
                : value < today
                  ? t('credit.promisePast')
                  : true),
          })}
        />
      ) : (
        <span className="max-md:hidden" />
      )}
      <TextArea
        label={t('credit.note')}
        rows={2}
        maxLength={1000}
        placeholder={t('credit.notePlaceholder')}
        error={fieldErrors.note?.[0]}
        {...form.register('note')}
      />
      <div className="flex flex-wrap items-center justify-end gap-3 md:col-span-3">
        {save.isSuccess && <Notice tone="success">{save.data.message}</Notice>}
        {save.isError && Object.keys(fieldErrors).length === 0 && (
          <Notice tone="danger">{save.error.message}</Notice>
        )}
        <Button type="submit" variant="primary" busy={save.isPending}>
          {t('credit.saveContact')}
        </Button>
      </div>
    </form>
  );
}
