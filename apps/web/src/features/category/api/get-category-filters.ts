import type { ListFilters } from '@bozor/shared';
import { apiGet } from '../../../lib/api-client.ts';

export async function getCategoryFilters(slug: string, signal?: AbortSignal): Promise<ListFilters> {
  const body = await apiGet<{ data: ListFilters }>(
    `/categories/filters-all/${encodeURIComponent(slug)}`,
    { signal },
  );
  return body.data;
}
