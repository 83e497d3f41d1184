import type { PageMeta, ProductSummary } from '@bozor/shared';
import { apiGet } from '../../../lib/api-client.ts';

export const PRODUCT_LISTS = ['famous', 'discount'] as const;
export type ProductListSlug = (typeof PRODUCT_LISTS)[number];

/** One page of the popular or the discounted products; `query` is page, sort and filters. */
export function getListProducts(slug: ProductListSlug, query: string, signal?: AbortSignal) {
  return apiGet<{ data: ProductSummary[]; meta: PageMeta }>(`/products/list/${slug}?${query}`, {
    signal,
  });
}
