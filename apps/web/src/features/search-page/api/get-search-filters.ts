import type { ListFilters } from '@bozor/shared';
import { apiGet } from '../../../lib/api-client.ts';

export async function getSearchFilters(text: string, signal?: AbortSignal): Promise<ListFilters> {
  const body = await apiGet<{ data: ListFilters }>(
    `/search/filters?search=${encodeURIComponent(text)}`,
    { signal },
  );
  return body.data;
}
