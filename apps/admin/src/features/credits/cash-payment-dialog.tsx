import type { AdminCreditDetail, CashPayment } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FormButtons } from '../../components/kit/form.tsx';
import { Button, Dialog, TextField } from '../../components/ui.tsx';
import { ApiError, post } from '../../lib/api.ts';
import { money } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

const RECEIPT = /^[\p{L}\d][\p{L}\d /-]*$/u;
const AMOUNT = /^\d{1,13}$/;

/** "1 200 000" as typed (spaces, no-break spaces) → 1200000; NaN when it is not a whole sum. */
function parseAmount(value: string): number {
  const digits = value.replace(/[\s\u00a0]/g, '');
  return AMOUNT.test(digits) ? Number(digits) : Number.NaN;
}

/**
 * Cash a customer paid at a branch. Each opening of the dialog has its own `Idempotency-Key`, so
 * a double submit, or a retry after a lost answer, records the payment once; a refusal (nothing
 * recorded) takes a new key, so the corrected form is a new request and not the refused one.
 */
export function CashPaymentDialog({
  open,
  detail,
  onClose,
  onDone,
}: {
  open: boolean;
  detail: AdminCreditDetail;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog
      open={open}
      title={t('credit.cashTitle', { code: detail.credit.code })}
      onClose={onClose}
    >
      <CashForm detail={detail} onCancel={onClose} onDone={onDone} />
    </Dialog>
  );
}

function CashForm({
  detail,
  onCancel,
  onDone,
}: {
  detail: AdminCreditDetail;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  const key = useRef(crypto.randomUUID());
  const c = detail.credit;
  const form = useForm({ defaultValues: { amount: '', receipt_number: '' } });
  const pay = useMutation({
    mutationFn: (body: { amount: number; receipt_number: string }) =>
      post<CashPayment>(`/credits/${c.id}/cash-payments`, body, { idempotencyKey: key.current }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: ['credit', c.id] });
      queryClient.invalidateQueries({ queryKey: ['collections'] });
      queryClient.invalidateQueries({ queryKey: ['credits', 'portfolio'] });
      onDone(
        t('credit.cashDone', {
          message: answer.message,
          remaining: money(answer.data.remaining, lang),
        }),
      );
    },
    onError: (error) => {
      // refused: nothing was recorded, so the next try is a new request; a lost answer or a
      // request still running keeps the key, and its repeat gets the first answer
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.code !== 'IDEMPOTENCY_KEY_IN_USE'
      ) {
        key.current = crypto.randomUUID();
      }
    },
  });
  const fieldErrors = pay.error instanceof ApiError ? pay.error.fieldErrors : {};
  const errors = form.formState.errors;
  const typed = parseAmount(form.watch('amount'));
  const fill = (amount: number) =>
    form.setValue('amount', String(amount), { shouldValidate: true, shouldDirty: true });
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) => {
        if (pay.isPending) return;
        pay.mutate({
          amount: parseAmount(values.amount),
          receipt_number: values.receipt_number.trim(),
        });
      })}
    >
      <p className="text-muted">{t('credit.cashHint')}</p>
      <TextField
        label={t('credit.cashAmount')}
        autoFocus
        inputMode="numeric"
        autoComplete="off"
        className="tabular"
        hint={Number.isFinite(typed) && typed > 0 ? money(typed, lang) : undefined}
        error={errors.amount?.message ?? fieldErrors.amount?.[0]}
        {...form.register('amount', {
          validate: (value) => {
            const amount = parseAmount(value);
            if (!Number.isFinite(amount) || amount <= 0) return t('credit.amountInvalid');
            if (amount > c.debt_summa)
              return t('credit.amountTooBig', { amount: money(c.debt_summa, lang) });
            return true;
          },
        })}
      />
      <div className="-mt-1 flex flex-wrap gap-2">
        {c.need_payed_price > 0 && (
          <Button
            variant="ghost"
            className="h-7 px-2 text-xs"
            onClick={() => fill(c.need_payed_price)}
          >
            {t('credit.fillDue', { amount: money(c.need_payed_price, lang) })}
          </Button>
        )}
        {c.debt_summa > 0 && (
          <Button variant="ghost" className="h-7 px-2 text-xs" onClick={() => fill(c.debt_summa)}>
            {t('credit.fillRest', { amount: money(c.debt_summa, lang) })}
          </Button>
        )}
      </div>
      <TextField
        label={t('credit.cashReceipt')}
        maxLength={40}
        autoComplete="off"
        error={errors.receipt_number?.message ?? fieldErrors.receipt_number?.[0]}
        {...form.register('receipt_number', {
          validate: (value) =>
            value.trim() === ''
              ? t('credit.required')
              : RECEIPT.test(value.trim()) || t('credit.receiptInvalid'),
        })}
      />
      <FormButtons
        error={pay.error}
        busy={pay.isPending}
        submit={t('credit.cashSubmit')}
        onCancel={onCancel}
      />
    </form>
  );
}
