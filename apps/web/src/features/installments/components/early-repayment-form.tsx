import {
  type CreditDetail,
  type EarlyRepaymentMode,
  earlyRepaymentRefusal,
  formatNumber,
} from '@bozor/shared';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { controlClass } from '../../../components/ui/form-field.tsx';
import { prepaymentDigits } from '../../../components/ui/prepayment-modal.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useEarlyRepaymentPreview } from '../api/preview-early-repayment.ts';
import { creditPaymentLink } from '../links.ts';
import { ScheduleTable } from './schedule-table.tsx';

/** The preview is asked once typing pauses this long. */
const PREVIEW_DELAY_MS = 400;

function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const MODES: readonly EarlyRepaymentMode[] = ['shorter_term', 'smaller_installments'];

/**
 * "Pay another sum" on a credit's page: any sum from one installment up to the whole rest (or
 * what is due). Beyond what is due the customer chooses a shorter term or smaller installments,
 * and sees the schedule the payment would leave before going on to pay it.
 */
export function EarlyRepaymentForm({ credit }: { credit: CreditDetail }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const id = useId();
  const navigate = useNavigate();
  const [digits, setDigits] = useState('');
  const [mode, setMode] = useState<EarlyRepaymentMode>('shorter_term');
  const amount = digits ? Number(digits) : 0;
  const refusal =
    amount > 0
      ? earlyRepaymentRefusal(amount, {
          remaining: credit.debt_summa,
          dueNow: credit.need_payed_price,
          monthlyPayment: credit.monthly_payment,
        })
      : null;
  const early = amount > credit.need_payed_price && amount < credit.debt_summa;
  const asked = amount > 0 && refusal === null ? { amount, mode } : null;
  const settled = useSettled(asked, PREVIEW_DELAY_MS);
  const current =
    settled !== null && asked !== null && settled.amount === asked.amount && settled.mode === mode;
  const preview = useEarlyRepaymentPreview(credit.id, current ? settled : null);
  const ready = current && preview.isSuccess && !preview.isPlaceholderData;
  const least = Math.min(credit.monthly_payment, credit.debt_summa);
  const names: Record<EarlyRepaymentMode, { title: string; text: string }> = {
    shorter_term: {
      title: t('installments.early.shorter_term'),
      text: t('installments.early.shorter_term_text'),
    },
    smaller_installments: {
      title: t('installments.early.smaller_installments'),
      text: t('installments.early.smaller_installments_text'),
    },
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-[12px] bg-white p-4 md:p-5"
      data-testid="early-repayment"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
        {t('installments.early.title')}
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-amount`} className="text-sm font-medium text-ink">
          {t('installments.early.amount')}
        </label>
        <div
          className={cn(
            controlClass(refusal !== null),
            'flex h-12 items-center gap-2 focus-within:ring-2 sm:max-w-xs',
            refusal === null
              ? 'focus-within:border-primary focus-within:ring-primary/20'
              : 'focus-within:ring-danger/20',
          )}
        >
          <input
            id={`${id}-amount`}
            value={digits ? formatNumber(Number(digits)) : ''}
            inputMode="numeric"
            autoComplete="off"
            placeholder={formatNumber(least)}
            aria-invalid={refusal !== null || undefined}
            aria-describedby={refusal ? `${id}-error` : `${id}-hint`}
            onChange={(e) => setDigits(prepaymentDigits(e.target.value))}
            className="h-full min-w-0 flex-1 bg-transparent text-lg font-semibold tabular-nums text-ink outline-none"
          />
          <span className="text-sm text-muted">{t('common.currency')}</span>
        </div>
        {refusal ? (
          <p id={`${id}-error`} role="alert" className="text-xs text-danger">
            {refusal === 'amount_above_debt'
              ? t('installments.early.above_debt', { amount: money(credit.debt_summa) })
              : t('installments.early.below_installment', { amount: money(least) })}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {t('installments.early.hint', {
              least: money(least),
              most: money(credit.debt_summa),
            })}
          </p>
        )}
      </div>

      {early && refusal === null && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-ink">
            {t('installments.early.mode_legend')}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {MODES.map((m) => (
              <label
                key={m}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-[10px] border p-3',
                  mode === m ? 'border-primary bg-primary-soft' : 'border-line',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={m}
                  checked={mode === m}
                  onChange={() => setMode(m)}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span className="flex flex-col gap-0.5">
                  <span className="text-sm font-semibold text-ink">{names[m].title}</span>
                  <span className="text-xs text-muted">{names[m].text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {asked !== null && (
        <div aria-live="polite" className="flex flex-col gap-3">
          {preview.isError && current ? (
            <div className="flex flex-wrap items-center gap-3 rounded-[10px] bg-danger/5 p-3 text-sm text-danger">
              <span role="alert">{failureMessage(preview.error)}</span>
              <button
                type="button"
                onClick={() => void preview.refetch()}
                className={buttonClass('secondary')}
              >
                {t('installments.early.retry')}
              </button>
            </div>
          ) : !ready ? (
            <p className="text-sm text-muted">{t('installments.early.calculating')}</p>
          ) : null}
          {preview.data && (
            <div className={cn('flex flex-col gap-3', !ready && 'opacity-60')}>
              <dl className="grid gap-2 text-sm sm:grid-cols-2">
                {preview.data.due_part > 0 && (
                  <Line
                    label={t('installments.early.due_part')}
                    value={money(preview.data.due_part)}
                  />
                )}
                {preview.data.early_part > 0 && (
                  <Line
                    label={t('installments.early.early_part')}
                    value={money(preview.data.early_part)}
                  />
                )}
                <Line
                  label={t('installments.early.debt_after')}
                  value={money(preview.data.debt_after)}
                />
                <Line
                  label={t('installments.early.left')}
                  value={t('installments.early.left_value', {
                    before: preview.data.installments_left_before,
                    after: preview.data.installments_left_after,
                  })}
                />
                {preview.data.next_due_date && (
                  <Line
                    label={t('installments.early.next')}
                    value={money(preview.data.next_payment)}
                    note={formatDate(preview.data.next_due_date)}
                  />
                )}
                {preview.data.last_due_date && (
                  <Line
                    label={t('installments.early.last')}
                    value={formatDate(preview.data.last_due_date)}
                  />
                )}
              </dl>
              <ScheduleTable
                rows={preview.data.schedule}
                title={t('installments.early.new_schedule')}
                nested
              />
            </div>
          )}
        </div>
      )}

      {/* one button whatever the preview's state, so the keyboard finds it while a choice is
          being recalculated and keeps its focus when the preview comes */}
      <button
        type="button"
        aria-disabled={!(ready && asked) || undefined}
        onClick={() => {
          if (ready && asked) void navigate(creditPaymentLink(credit.id, asked.amount, asked.mode));
        }}
        className={cn(
          buttonClass('primary'),
          'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-primary sm:self-start',
        )}
      >
        {t('installments.early.pay', { amount: money(amount) })}
      </button>
    </section>
  );
}

/** A figure of the preview; its value never wraps (the label does), its note goes under it. */
function Line({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-[10px] bg-page px-3 py-2">
      <dt className="text-muted">{label}</dt>
      <dd className="flex flex-col items-end text-right whitespace-nowrap">
        <span className="font-semibold text-ink tabular-nums">{value}</span>
        {note && <span className="text-xs text-muted">{note}</span>}
      </dd>
    </div>
  );
}
