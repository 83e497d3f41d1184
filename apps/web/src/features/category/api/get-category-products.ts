import type { PageMeta, ProductSummary } from '@bozor/shared';
import { apiGet } from '../../../lib/api-client.ts';

/** One page of a category's products (its descendants' too); `query` is page, sort and filters. */
export function getCategoryProducts(slug: string, query: string, signal?: AbortSignal) {
  return apiGet<{ data: ProductSummary[]; meta: PageMeta }>(
    `/category-products/${encodeURIComponent(slug)}?${query}`,
    { signal },
  );
}
