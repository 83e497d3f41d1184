import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPage, type Query } from '../../lib/api.ts';

/**
 * A page of a list read from the API under `queryKey`; the page shown stays (dimmed by the list)
 * while the next one loads.
 */
export function usePagedList<Row>(queryKey: readonly unknown[], path: string, query: Query) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => getPage<Row>(path, query, signal),
    placeholderData: keepPreviousData,
  });
}
