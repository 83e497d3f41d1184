import type { InstallmentState, ScheduleRow } from '@bozor/shared';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';

const STATE_TONES: Record<InstallmentState, string> = {
  paid: 'bg-success/10 text-success',
  partly_paid: 'bg-monthly text-monthly-ink',
  due: 'bg-primary-soft text-primary',
  overdue: 'bg-danger/10 text-danger',
  upcoming: 'bg-page text-muted',
};

function useStateNames(): Record<InstallmentState, string> {
  const { t } = useTranslation();
  return {
    paid: t('installments.schedule.state_paid'),
    partly_paid: t('installments.schedule.state_partly_paid'),
    due: t('installments.schedule.state_due'),
    overdue: t('installments.schedule.state_overdue'),
    upcoming: t('installments.schedule.state_upcoming'),
  };
}

function StateBadge({ state }: { state: InstallmentState }) {
  const names = useStateNames();
  return (
    <span
      data-state={state}
      className={cn(
        'inline-flex h-6 items-center rounded-full px-2.5 text-xs font-semibold whitespace-nowrap',
        STATE_TONES[state],
      )}
    >
      {names[state]}
    </span>
  );
}

/**
 * A credit's schedule: a table from md, one card per installment on phones. An overdue row is
 * tinted so it stands out in a long schedule.
 */
export function ScheduleTable({
  rows,
  title,
  nested = false,
}: {
  rows: ScheduleRow[];
  /** The heading; the credit's schedule by default (a preview names itself). */
  title?: string;
  /** Inside another card (a preview in the payment form): no card of its own, a lower heading. */
  nested?: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const titleId = useId();
  const Heading = nested ? 'h3' : 'h2';

  return (
    <section
      aria-labelledby={titleId}
      className={nested ? undefined : 'rounded-[12px] bg-white p-4 md:p-5'}
    >
      <Heading id={titleId} className="mb-3 text-base font-semibold text-ink">
        {title ?? t('installments.schedule.title')}
      </Heading>
      <table className="hidden w-full text-sm md:table" data-testid="schedule-table">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('installments.schedule.number')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('installments.schedule.due_date')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('installments.schedule.amount')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('installments.schedule.penalty')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('installments.schedule.paid')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('installments.schedule.state')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.number}
              className={cn(
                'border-b border-line last:border-b-0',
                row.state === 'overdue' && 'bg-danger/[0.03]',
              )}
            >
              <td className="py-2.5 pr-3 text-muted tabular-nums">{row.number}</td>
              <td className="py-2.5 pr-3 text-ink">{formatDate(row.due_date)}</td>
              <td className="py-2.5 pr-3 text-right text-ink tabular-nums">{money(row.amount)}</td>
              <td
                className={cn(
                  'py-2.5 pr-3 text-right tabular-nums',
                  row.penalty > 0 ? 'text-danger' : 'text-muted',
                )}
              >
                {row.penalty > 0 ? money(row.penalty) : '—'}
              </td>
              <td className="py-2.5 pr-3 text-right text-ink tabular-nums">
                {row.paid > 0 ? money(row.paid) : '—'}
              </td>
              <td className="py-2.5">
                <StateBadge state={row.state} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ol className="flex flex-col gap-2 md:hidden" data-testid="schedule-cards">
        {rows.map((row) => (
          <li
            key={row.number}
            aria-label={t('installments.schedule.row_label', {
              number: row.number,
              date: formatDate(row.due_date),
            })}
            className={cn(
              'flex flex-col gap-2 rounded-[10px] border p-3',
              row.state === 'overdue' ? 'border-danger/30' : 'border-line',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-semibold text-ink">
                {row.number}. {formatDate(row.due_date)}
              </span>
              <StateBadge state={row.state} />
            </div>
            <dl className="grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-muted">{t('installments.schedule.amount')}</dt>
                <dd className="font-semibold text-ink tabular-nums">{money(row.amount)}</dd>
              </div>
              <div>
                <dt className="text-muted">{t('installments.schedule.penalty')}</dt>
                <dd
                  className={cn(
                    'font-semibold tabular-nums',
                    row.penalty > 0 ? 'text-danger' : 'text-muted',
                  )}
                >
                  {row.penalty > 0 ? money(row.penalty) : '—'}
                </dd>
              </div>
              <div>
                <dt className="text-muted">{t('installments.schedule.paid')}</dt>
                <dd className="font-semibold text-ink tabular-nums">
                  {row.paid > 0 ? money(row.paid) : '—'}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}
