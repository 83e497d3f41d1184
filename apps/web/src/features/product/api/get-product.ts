import type { PageMeta, ProductDetail, ProductSummary } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug],
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: ProductDetail }>(`/products/${encodeURIComponent(slug)}`, { signal }))
        .data,
    staleTime: 60_000,
  });

export function useProduct(slug: string) {
  return useQuery(productQuery(slug));
}

export const SIMILAR_COUNT = 10;

export function useSimilarProducts(productId: number | undefined) {
  return useQuery({
    queryKey: ['products', 'similar', productId, SIMILAR_COUNT],
    queryFn: async ({ signal }) =>
      apiGet<{ data: ProductSummary[]; meta: PageMeta }>(
        `/products/similar/${productId}?per_page=${SIMILAR_COUNT}`,
        { signal },
      ),
    enabled: productId != null,
    staleTime: 60_000,
  });
}
