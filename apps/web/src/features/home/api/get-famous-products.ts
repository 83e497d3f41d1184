import type { ProductSummary } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getFamousProducts(signal?: AbortSignal): Promise<ProductSummary[]> {
  const body = await apiGet<{ data: ProductSummary[] }>('/products/famous', { signal });
  return body.data;
}

/** SPEC §9: popular products refetch when stale, but not on focus or reconnect. */
export const famousProductsQuery = queryOptions({
  queryKey: ['products', 'famous'],
  queryFn: ({ signal }) => getFamousProducts(signal),
  staleTime: 60_000,
  refetchOnMount: true,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  meta: { errorToast: true },
});

export function useFamousProducts() {
  return useQuery(famousProductsQuery);
}
