import type { PageMeta, ProductSummary, SearchCategory, SearchResult } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** Matching categories and one page of products; `query` is the list's page, sort and filters. */
export async function searchProducts(
  text: string,
  query: string,
  signal?: AbortSignal,
): Promise<SearchResult> {
  const body = await apiGet<{ data: SearchResult }>(
    `/search?query=${encodeURIComponent(text)}&${query}`,
    { signal },
  );
  return body.data;
}

/** The categories that match, shown above the products; one product is the least asked for. */
export const searchCategoriesQuery = (text: string) =>
  queryOptions({
    queryKey: ['search', text, 'categories'],
    queryFn: async ({ signal }): Promise<SearchCategory[]> =>
      (await searchProducts(text, 'per_page=1', signal)).categories,
    staleTime: 60_000,
  });

/** SPEC §4: search fails silently; an empty text asks for nothing. */
export function useSearchCategories(text: string) {
  return useQuery({ ...searchCategoriesQuery(text), enabled: text.length > 0 });
}

/** The product page of a search, in the shape every product list pages through. */
export async function getSearchProductPage(
  text: string,
  query: string,
  signal?: AbortSignal,
): Promise<{ data: ProductSummary[]; meta: PageMeta }> {
  return (await searchProducts(text, query, signal)).products;
}
