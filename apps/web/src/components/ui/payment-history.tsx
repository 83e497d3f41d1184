import type { FiscalReceiptView, Payment, PaymentPurpose, PaymentState } from '@bozor/shared';
import { useState } from 'react';
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

/** The receipt's page at the tax committee (or the sandbox's page in the shop), made absolute. */
const absolute = (url: string) => new URL(url, window.location.origin).toString();

/**
 * A fiscal receipt's link, and its QR code on request (drawn in the browser; the QR library is
 * loaded only then). A receipt not yet registered says so.
 */
export function FiscalReceiptLink({
  receipt,
  label,
}: {
  receipt: FiscalReceiptView;
  label: string;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  if (receipt.url === null) {
    return <span className="text-xs text-muted">{t('orders.payments.receipt_pending')}</span>;
  }
  const url = absolute(receipt.url);
  const toggle = async () => {
    if (!open && qr === null) {
      const { toDataURL } = await import('qrcode');
      setQr(await toDataURL(url, { margin: 1, width: 160 }));
    }
    setOpen(!open);
  };
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          {label}
        </a>
        <button
          type="button"
          onClick={() => void toggle()}
          aria-expanded={open}
          className="text-muted underline-offset-2 hover:text-ink hover:underline"
        >
          {open ? t('orders.payments.receipt_qr_hide') : t('orders.payments.receipt_qr_show')}
        </button>
      </span>
      {receipt.fiscal_sign && (
        <span className="text-[11px] text-muted">
          {t('orders.payments.receipt_sign', { sign: receipt.fiscal_sign })}
        </span>
      )}
      {open && qr && (
        <img
          src={qr}
          width={160}
          height={160}
          alt={t('orders.payments.receipt_qr')}
          className="rounded-[8px] border border-line"
        />
      )}
    </span>
  );
}

/**
 * The payments of an order or a credit, newest first as the server sends them, each with its
 * fiscal receipt (and its refund's); a receipt that is no payment's (goods handed over on credit)
 * is listed after them.
 */
export function PaymentHistory({
  payments,
  receipts = [],
}: {
  payments: Payment[];
  receipts?: FiscalReceiptView[];
}) {
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
                {receipts
                  .filter((r) => r.payment_id === payment.id)
                  .map((r) => (
                    <FiscalReceiptLink
                      key={r.id}
                      receipt={r}
                      label={
                        r.kind === 'refund'
                          ? t('orders.payments.receipt_refund')
                          : t('orders.payments.receipt')
                      }
                    />
                  ))}
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
      {receipts
        .filter((r) => r.payment_id === null)
        .map((r) => (
          <div key={r.id} className="mt-2 border-t border-line pt-3">
            <span className="mb-1 block text-sm font-medium text-ink">
              {t('orders.payments.receipt_credit_sale')}
            </span>
            <FiscalReceiptLink receipt={r} label={t('orders.payments.receipt')} />
          </div>
        ))}
    </section>
  );
}
