import type { DeliveryQuote, DeliveryType } from '@bozor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';

/** Where a basket goes: a courier to a region (and district), or pick-up at a branch. */
export type QuoteTarget =
  | { type: Extract<DeliveryType, 'courier'>; regionId: number; districtId?: number | null }
  | { type: Extract<DeliveryType, 'pickup'> };

function queryOf(target: QuoteTarget, sum: number): string {
  const params = new URLSearchParams({ type: target.type, sum: String(sum) });
  if (target.type === 'courier') {
    params.set('region_id', String(target.regionId));
    if (target.districtId != null) params.set('district_id', String(target.districtId));
  }
  return params.toString();
}

export async function getDeliveryQuote(
  target: QuoteTarget,
  sum: number,
  signal?: AbortSignal,
): Promise<DeliveryQuote> {
  return (
    await apiGet<{ data: DeliveryQuote }>(`/delivery/quote?${queryOf(target, sum)}`, { signal })
  ).data;
}

export const deliveryQuoteQuery = (target: QuoteTarget, sum: number) =>
  queryOptions({
    queryKey: ['delivery-quote', getLanguage(), queryOf(target, sum)],
    queryFn: ({ signal }) => getDeliveryQuote(target, sum, signal),
    // the promised day moves with the clock and staff may change a rate: asked again each minute
    staleTime: 60_000,
  });

/** The fee and promised day of delivering `sum` to `target`; nothing is asked while it is null. */
export function useDeliveryQuote(target: QuoteTarget | null, sum: number) {
  return useQuery({
    ...deliveryQuoteQuery(target ?? { type: 'pickup' }, sum),
    enabled: target !== null,
    placeholderData: keepPreviousData,
  });
}
