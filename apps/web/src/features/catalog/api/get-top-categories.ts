import type { Category } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getTopCategories(signal?: AbortSignal): Promise<Category[]> {
  const body = await apiGet<{ data: Category[] }>('/categories/top', { signal });
  return body.data;
}

/** SPEC §9: the top categories are not revalidated on focus; they change rarely. */
export const topCategoriesQuery = queryOptions({
  queryKey: ['categories', 'top'],
  queryFn: ({ signal }) => getTopCategories(signal),
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: false,
  meta: { errorToast: true },
});

export function useTopCategories() {
  return useQuery(topCategoriesQuery);
}
