import type { DeliveryQuote } from '@bozor/shared';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePromisedDay } from './promised-day.ts';

/**
 * Delivery's rows of an order's sums: the fee (or free), the promised day, and what the basket
 * lacks to go free; skeletons while the quote comes, a retry when it failed.
 */
export function DeliveryRows({
  quote,
  onRetry,
}: {
  quote: { data: DeliveryQuote | undefined; isError: boolean; isFetching: boolean };
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const promisedDay = usePromisedDay();
  const data = quote.data;
  if (quote.isError && !data) {
    return (
      <div className="flex items-center justify-between gap-3 text-sm" role="alert">
        <span className="text-danger">{t('delivery.error')}</span>
        <button type="button" onClick={onRetry} className="font-semibold text-primary">
          {t('states.retry')}
        </button>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  return (
    <>
      <div className="flex justify-between gap-3">
        <dt className="text-muted">{t('delivery.fee')}</dt>
        <dd className="font-semibold whitespace-nowrap" data-testid="delivery-fee">
          {data.fee === 0 ? t('delivery.free') : money(data.fee)}
        </dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-muted">
          {data.type === 'pickup' ? t('delivery.pickup_date') : t('delivery.date')}
        </dt>
        <dd className="font-semibold whitespace-nowrap" data-testid="delivery-date">
          {promisedDay(data.promised_on)}
        </dd>
      </div>
      {data.left_for_free > 0 && (
        <div
          className="rounded-[10px] bg-primary-soft px-3 py-2 text-xs text-ink"
          data-testid="delivery-free-hint"
        >
          {t('delivery.add_for_free', { amount: money(data.left_for_free) })}
        </div>
      )}
    </>
  );
}
