import type { DeliveryQuote, DeliveryType, SizeClass } from '@bozor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';

/** Where a basket goes: a courier to a region (and district), or pick-up at a branch. */
export type QuoteTarget =
  | { type: Extract<DeliveryType, 'courier'>; regionId: number; districtId?: number | null }
  | { type: Extract<DeliveryType, 'pickup'> };

/** What is delivered: the goods' sum, and their class (bulky when any of them is). */
export interface QuoteBasket {
  sum: number;
  sizeClass: SizeClass;
}

function queryOf(target: QuoteTarget, basket: QuoteBasket): string {
  const params = new URLSearchParams({ type: target.type, sum: String(basket.sum) });
  if (target.type === 'courier') {
    params.set('region_id', String(target.regionId));
    if (target.districtId != null) params.set('district_id', String(target.districtId));
  }
  if (basket.sizeClass !== 'standard') params.set('size_class', basket.sizeClass);
  return params.toString();
}

export async function getDeliveryQuote(
  target: QuoteTarget,
  basket: QuoteBasket,
  signal?: AbortSignal,
): Promise<DeliveryQuote> {
  return (
    await apiGet<{ data: DeliveryQuote }>(`/delivery/quote?${queryOf(target, basket)}`, {
      signal,
    })
  ).data;
}

export const deliveryQuoteQuery = (target: QuoteTarget, basket: QuoteBasket) =>
  queryOptions({
    queryKey: ['delivery-quote', getLanguage(), queryOf(target, basket)],
    queryFn: ({ signal }) => getDeliveryQuote(target, basket, signal),
    // the promised day moves with the clock and staff may change a rate: asked again each minute
    staleTime: 60_000,
  });

/**
 * The fee and promised day of delivering `basket` to `target`; nothing is asked while it is
 * null. A bulky basket is quoted by the rates' bulky terms, as checkout charges it.
 */
export function useDeliveryQuote(target: QuoteTarget | null, basket: QuoteBasket) {
  return useQuery({
    ...deliveryQuoteQuery(target ?? { type: 'pickup' }, basket),
    enabled: target !== null,
    placeholderData: keepPreviousData,
  });
}
