import { useForm } from 'react-hook-form';
import { ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { FormButtons } from './kit/form.tsx';
import type { WriteFormProps } from './kit/write-form.ts';
import { TextArea } from './ui.tsx';

/** A reason staff write for the customer to read: at least 3 characters. */
export function ReasonForm({
  hint,
  submit,
  busy,
  error,
  danger = true,
  onCancel,
  onSubmit,
}: WriteFormProps<string> & {
  hint?: string;
  submit: string;
  danger?: boolean;
}) {
  const { t } = useI18n();
  const form = useForm({ defaultValues: { reason: '' } });
  const fieldError = error instanceof ApiError ? error.fieldErrors.reason?.[0] : undefined;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) => onSubmit(values.reason.trim()))}
    >
      {hint && <p className="text-muted">{hint}</p>}
      <TextArea
        label={t('common.reason')}
        autoFocus
        maxLength={500}
        error={form.formState.errors.reason?.message ?? fieldError}
        {...form.register('reason', {
          validate: (value) => value.trim().length >= 3 || t('common.reasonShort'),
        })}
      />
      <FormButtons
        error={fieldError ? null : error}
        busy={busy}
        submit={submit}
        danger={danger}
        onCancel={onCancel}
      />
    </form>
  );
}
