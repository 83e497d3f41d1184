import type { TariffQuote } from '@bozor/shared';
import type { ReactNode } from 'react';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { DeliveryRows } from '../../delivery/index.ts';
import type { CheckoutDraft } from '../checkout-draft.ts';
import type { useShipping } from '../shipping.ts';

/**
 * The order's sums beside the choices, and the way on to billing: the goods, their delivery (fee
 * and day, once a delivery is chosen), and what is paid in all.
 */
export function CheckoutSummary({
  goods,
  shipping,
  draft,
  tariff,
  action,
}: {
  /** The goods' sum. */
  goods: number;
  shipping: ReturnType<typeof useShipping>;
  draft: CheckoutDraft;
  tariff: TariffQuote | null;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const installment = draft.paymentType === 'installment';
  return (
    <aside
      aria-labelledby="checkout-summary"
      className="flex flex-col gap-3 rounded-[12px] bg-white p-4 lg:sticky lg:top-32"
    >
      <h2 id="checkout-summary" className="text-lg font-bold">
        {t('checkout.summary')}
      </h2>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('checkout.goods_total')}</dt>
          <dd className="font-semibold whitespace-nowrap">{money(goods)}</dd>
        </div>
        {draft.delivery && (
          <DeliveryRows quote={shipping.quote} onRetry={() => void shipping.quote.refetch()} />
        )}
        {installment && (
          <>
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t('checkout.prepayment')}</dt>
              <dd className="font-semibold whitespace-nowrap">{money(draft.prepayment)}</dd>
            </div>
            {tariff && (
              <>
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">{t('checkout.term')}</dt>
                  <dd className="font-semibold whitespace-nowrap">
                    {t('checkout.months', { n: tariff.duration })}
                  </dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">{t('checkout.monthly_label')}</dt>
                  <dd className="rounded-md bg-monthly px-1.5 font-semibold whitespace-nowrap text-monthly-ink">
                    {money(tariff.monthly_payment)}
                  </dd>
                </div>
              </>
            )}
          </>
        )}
      </dl>
      <div className="flex items-baseline justify-between gap-3 border-t border-line pt-3">
        <span className="font-semibold">
          {installment ? t('checkout.credit_total') : t('checkout.order_total')}
        </span>
        <span className="text-xl font-bold whitespace-nowrap" data-testid="checkout-total">
          {money(
            installment && tariff ? draft.prepayment + tariff.total_price : goods + shipping.fee,
          )}
        </span>
      </div>
      {action}
    </aside>
  );
}

/** The tariff chosen, or the longest one (the smallest monthly payment) until one is. */
export function tariffOf(quotes: TariffQuote[] | undefined, id: number | null): TariffQuote | null {
  if (!quotes?.length) return null;
  return (
    quotes.find((q) => q.id === id) ?? quotes.reduce((a, b) => (b.duration > a.duration ? b : a))
  );
}
