import type { SearchResult } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

const SUGGESTIONS = 6;

/** The dropdown's products and categories for a settled query (SPEC §4: a failure stays silent). */
export function useSuggestions(query: string) {
  return useQuery({
    queryKey: ['search', 'suggest', query],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ data: SearchResult }>('/search', {
          query: { query, per_page: SUGGESTIONS },
          signal,
        })
      ).data,
    enabled: query.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}
