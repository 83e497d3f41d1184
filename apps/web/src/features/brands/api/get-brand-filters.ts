import type { ListFilters } from '@bozor/shared';
import { apiGet } from '../../../lib/api-client.ts';

export async function getBrandFilters(slug: string, signal?: AbortSignal): Promise<ListFilters> {
  const body = await apiGet<{ data: ListFilters }>(`/brands/filters/${encodeURIComponent(slug)}`, {
    signal,
  });
  return body.data;
}
