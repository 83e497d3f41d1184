import type { PageMeta, ProductSummary } from '@bozor/shared';
import { apiGet } from '../../../lib/api-client.ts';

/** One page of the products like the given one; `query` is page, sort and filters. */
export function getSimilarProducts(productId: string, query: string, signal?: AbortSignal) {
  return apiGet<{ data: ProductSummary[]; meta: PageMeta }>(
    `/products/similar/${productId}?${query}`,
    { signal },
  );
}
