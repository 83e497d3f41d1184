import type { PageMeta, ProductSummary } from '@bozor/shared';
import { apiGet } from '../../../lib/api-client.ts';

/** One page of a brand's products; `query` is the list's page, sort and filters. */
export function getBrandProducts(slug: string, query: string, signal?: AbortSignal) {
  return apiGet<{ data: ProductSummary[]; meta: PageMeta }>(
    `/brand-products/${encodeURIComponent(slug)}?${query}`,
    { signal },
  );
}
