import type { PaymentPurpose, PaymentState } from '@bozor/shared';
import type { ReactNode } from 'react';
import { dateTime, money } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.tsx';
import { PaymentBadge } from './badges.tsx';
import { Card, cn } from './ui.tsx';

/** What every payment line shows: when, what for, its state and why it failed, and the sum. */
export interface PaymentLine {
  id: number;
  created_at: string;
  purpose: PaymentPurpose;
  state: PaymentState;
  decline: string | null;
  amount: number;
}

/** A payment is a table row from `md` up; on a phone its cells wrap as a line of text. */
const ROW =
  'border-b border-line last:border-0 max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:py-2';
const CELL = 'py-1.5 pr-3 max-md:p-0';

/**
 * An order's or a credit's payments on a card titled `title`: each one's time, purpose, how it
 * was paid (`method`: the card, or cash at a branch), state and sum.
 */
export function PaymentsCard<Payment extends PaymentLine>({
  title,
  none,
  payments,
  method,
}: {
  title: string;
  none: string;
  payments: readonly Payment[];
  method: (payment: Payment) => ReactNode;
}) {
  const { t, lang } = useI18n();
  return (
    <Card title={title}>
      {payments.length === 0 ? (
        <p className="text-muted">{none}</p>
      ) : (
        <table className="w-full text-left max-md:block" aria-label={title}>
          <tbody className="max-md:block">
            {payments.map((payment) => (
              <tr key={payment.id} className={ROW}>
                <td className={cn(CELL, 'tabular whitespace-nowrap')}>
                  {dateTime(payment.created_at)}
                </td>
                <td className={CELL}>{t(`payment.purpose.${payment.purpose}`)}</td>
                <td className={CELL}>{method(payment)}</td>
                <td className={CELL}>
                  <PaymentBadge state={payment.state} />
                  {payment.decline && (
                    <span className="mt-0.5 block max-w-80 text-xs text-muted">
                      {payment.decline}
                    </span>
                  )}
                </td>
                <td className="tabular py-1.5 text-right whitespace-nowrap max-md:ml-auto max-md:p-0 max-md:font-medium">
                  {money(payment.amount, lang)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
