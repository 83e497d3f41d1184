import type { SizeClass } from '@bozor/shared';
import { useId } from 'react';
import { TruckIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useRegions } from '../../../lib/regions.ts';
import { useDeliveryQuote } from '../api/get-delivery-quote.ts';
import { useChosenRegion } from '../chosen-region.ts';
import { usePromisedDay } from './promised-day.ts';

/**
 * "Delivery: [region] — tomorrow, 11 March · 20 000 sum" for a basket of `sum` and class
 * `sizeClass` (a product page's own, the basket's), to the region the shopper chose here
 * (Tashkent city until they choose), remembered in this browser. `hint` says what makes it free:
 * the threshold itself (a product page), or what the basket lacks (the basket); bulky goods are
 * never free, and say so.
 */
export function DeliveryEstimate({
  sum,
  sizeClass = 'standard',
  hint,
  className = 'bg-white',
}: {
  sum: number;
  sizeClass?: SizeClass | undefined;
  hint: 'threshold' | 'missing';
  /** Its background: white on the page, grey inside a white card. */
  className?: string;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const promisedDay = usePromisedDay();
  const selectId = useId();
  const regions = useRegions();
  const [chosen, choose] = useChosenRegion();
  const list = regions.data ?? [];
  const regionId = list.some((r) => r.id === chosen) ? chosen : (list[0]?.id ?? null);
  const quote = useDeliveryQuote(regionId === null ? null : { type: 'courier', regionId }, {
    sum,
    sizeClass,
  });
  const data = quote.data;

  return (
    <section
      aria-labelledby={`${selectId}-title`}
      className={cn('flex flex-col gap-1.5 rounded-[12px] p-3 text-sm', className)}
      data-testid="delivery-estimate"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <TruckIcon className="size-5 shrink-0 text-primary" />
        <h2 id={`${selectId}-title`} className="font-semibold text-ink">
          {t('delivery.title')}:
        </h2>
        {regions.isSuccess ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              {t('delivery.region_label')}
            </label>
            <select
              id={selectId}
              value={regionId ?? ''}
              onChange={(event) => choose(Number(event.target.value))}
              className="min-w-0 max-w-full flex-1 cursor-pointer truncate rounded-md bg-transparent py-0.5 font-semibold text-primary underline decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-primary sm:flex-none"
            >
              {list.map((region) => (
                <option key={region.id} value={region.id}>
                  {region.name}
                </option>
              ))}
            </select>
          </>
        ) : (
          <Skeleton className="h-4 w-28" />
        )}
      </div>
      {quote.isError || regions.isError ? (
        <p className="text-muted">{t('delivery.error')}</p>
      ) : data ? (
        <>
          <p className="font-semibold text-ink" data-testid="delivery-promise">
            {t('delivery.promise', {
              date: promisedDay(data.promised_on),
              price: data.fee === 0 ? t('delivery.free') : money(data.fee),
            })}
          </p>
          {data.size_class === 'bulky' && (
            <p className="text-muted" data-testid="delivery-bulky">
              {t('delivery.bulky')}
            </p>
          )}
          {data.fee > 0 && data.free_from !== null && (
            <p className="text-muted" data-testid="delivery-free-hint">
              {hint === 'missing' && data.left_for_free > 0
                ? t('delivery.add_for_free', { amount: money(data.left_for_free) })
                : t('delivery.free_from', { amount: money(data.free_from) })}
            </p>
          )}
        </>
      ) : (
        <Skeleton className="h-4 w-48" />
      )}
    </section>
  );
}
