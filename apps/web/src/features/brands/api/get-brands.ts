import type { Brand, PageMeta } from '@bozor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export const BRANDS_PER_PAGE = 30;

export function getBrands(page: number, signal?: AbortSignal) {
  return apiGet<{ data: Brand[]; meta: PageMeta }>('/brands', {
    query: { page, per_page: BRANDS_PER_PAGE },
    signal,
  });
}

export const brandsQuery = (page: number) =>
  queryOptions({
    queryKey: ['brands', page],
    queryFn: ({ signal }) => getBrands(page, signal),
    meta: { errorToast: true },
  });

/** One page of every brand; the previous page stays on screen while the next one loads. */
export function useBrands(page: number) {
  return useQuery({ ...brandsQuery(page), placeholderData: keepPreviousData });
}
