import type { CollectionProducts } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** A collection with one page of its products; `query` is the list's page, sort and filters. */
export function getCollectionProducts(
  slug: string,
  query: string,
  signal?: AbortSignal,
): Promise<CollectionProducts> {
  return apiGet<CollectionProducts>(`/products/collection/${encodeURIComponent(slug)}?${query}`, {
    signal,
  });
}

/** The collection itself, for its heading: one product is the least the endpoint answers with. */
export const collectionQuery = (slug: string) =>
  queryOptions({
    queryKey: ['collection', slug],
    queryFn: ({ signal }) => getCollectionProducts(slug, 'per_page=1', signal),
    staleTime: 5 * 60_000,
    select: (page) => page.data,
  });

/** SPEC §4: a collection that cannot be loaded stays silent (no toast). */
export function useCollection(slug: string) {
  return useQuery(collectionQuery(slug));
}
