import type { Category } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getCategoryTree(signal?: AbortSignal): Promise<Category[]> {
  const body = await apiGet<{ data: Category[] }>('/categories/all', { signal });
  return body.data;
}

export const categoryTreeQuery = queryOptions({
  queryKey: ['categories', 'all'],
  queryFn: ({ signal }) => getCategoryTree(signal),
  staleTime: 5 * 60_000,
  meta: { errorToast: true },
});

export function useCategoryTree(enabled = true) {
  return useQuery({ ...categoryTreeQuery, enabled });
}
