import type { TariffQuote } from '@bozor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getTariffQuotes(
  price: number,
  prepayment: number,
  signal?: AbortSignal,
): Promise<TariffQuote[]> {
  const body = await apiRequest<{ data: TariffQuote[] }>('/calculator', {
    method: 'POST',
    body: { price, prepayment },
    signal,
  });
  return body.data;
}

export const tariffQuotesQuery = (price: number, prepayment: number) =>
  queryOptions({
    queryKey: ['calculator', price, prepayment],
    queryFn: ({ signal }) => getTariffQuotes(price, prepayment, signal),
  });

/** Every tariff applied to the order: its monthly payment for `price` less `prepayment`. */
export function useTariffQuotes(price: number, prepayment: number) {
  return useQuery({
    ...tariffQuotesQuery(price, prepayment),
    enabled: price > 0 && prepayment < price,
    placeholderData: keepPreviousData,
  });
}
