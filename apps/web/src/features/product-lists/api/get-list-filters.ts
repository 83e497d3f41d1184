import type { ListFilters } from '@bozor/shared';
import { apiGet } from '../../../lib/api-client.ts';
import type { ProductListSlug } from './get-list-products.ts';

export async function getListFilters(
  slug: ProductListSlug,
  signal?: AbortSignal,
): Promise<ListFilters> {
  const body = await apiGet<{ data: ListFilters }>(`/products/list-filters/${slug}`, { signal });
  return body.data;
}
