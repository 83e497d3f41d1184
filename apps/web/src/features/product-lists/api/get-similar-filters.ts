import type { ListFilters } from '@bozor/shared';
import { apiGet } from '../../../lib/api-client.ts';

export async function getSimilarFilters(
  productId: string,
  signal?: AbortSignal,
): Promise<ListFilters> {
  const body = await apiGet<{ data: ListFilters }>(`/products/similar-filters/${productId}`, {
    signal,
  });
  return body.data;
}
