import type { Payment, PaymentPurpose, PaymentState } from '@bozor/shared';
import { cn } from '../../lib/cn.ts';
import { useFormatDate, useFormatMoney } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';

const STATE_TONES: Record<PaymentState, string> = {
  checking: 'bg-monthly text-monthly-ink',
  paid: 'bg-success/10 text-success',
  failed: 'bg-danger/10 text-danger',
  refunding: 'bg-monthly text-monthly-ink',
  refunded: 'bg-page text-muted',
  needs_attention: 'bg-monthly text-monthly-ink',
};

function usePaymentLabels() {
  const { t } = useTranslation();
  const purposes: Record<PaymentPurpose, string> = {
    full: t('orders.payments.purpose_full'),
    first: t('orders.payments.purpose_first'),
    installment: t('orders.payments.purpose_installment'),
    early: t('orders.payments.purpose_early'),
    autopay: t('orders.payments.purpose_autopay'),
  };
  const states: Record<PaymentState, string> = {
    checking: t('orders.payments.state_checking'),
    paid: t('orders.payments.state_paid'),
    failed: t('orders.payments.state_failed'),
    refunding: t('orders.payments.state_refunding'),
    refunded: t('orders.payments.state_refunded'),
    needs_attention: t('orders.payments.state_needs_attention'),
  };
  return { purposes, states };
}

/** The payments of an order or a credit, newest first as the server sends them. */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const { purposes, states } = usePaymentLabels();

  return (
    <section aria-labelledby="payment-history" className="rounded-[12px] bg-white p-4 md:p-5">
      <h2 id="payment-history" className="mb-3 text-base font-semibold text-ink">
        {t('orders.payments.title')}
      </h2>
      {payments.length === 0 ? (
        <p className="text-sm text-muted">{t('orders.payments.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="payments">
          {payments.map((payment) => (
            <li key={payment.id} className="flex items-start justify-between gap-3 py-3">
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="text-sm font-medium text-ink">{purposes[payment.purpose]}</span>
                <span className="text-xs text-muted">
                  <time dateTime={payment.created_at}>{formatDate(payment.created_at, true)}</time>
                  {payment.method === 'cash'
                    ? ` · ${t('orders.payments.cash')}`
                    : payment.card_number && ` · •••• ${payment.card_number.slice(-4)}`}
                </span>
                {payment.decline && <span className="text-xs text-danger">{payment.decline}</span>}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="text-sm font-semibold whitespace-nowrap text-ink tabular-nums">
                  {money(payment.amount)}
                </span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-[11px] font-semibold',
                    STATE_TONES[payment.state],
                  )}
                >
                  {states[payment.state]}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
