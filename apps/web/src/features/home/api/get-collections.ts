import type { Collection } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getCollections(signal?: AbortSignal): Promise<Collection[]> {
  const body = await apiGet<{ data: Collection[] }>('/collections', { signal });
  return body.data;
}

export const collectionsQuery = queryOptions({
  queryKey: ['collections'],
  queryFn: ({ signal }) => getCollections(signal),
  staleTime: 5 * 60_000,
});

/** SPEC §4: the home page's collections stay silent when they cannot be loaded. */
export function useCollections() {
  return useQuery(collectionsQuery);
}
