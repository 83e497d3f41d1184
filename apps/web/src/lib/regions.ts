/** Uzbekistan's regions, the reference list the address form and the delivery estimate both read. */
import type { Place } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client.ts';
import { getLanguage } from './i18n.ts';

export async function getRegions(signal?: AbortSignal): Promise<Place[]> {
  const body = await apiGet<{ data: Place[] }>('/regions', { signal });
  return body.data;
}

/** Reference data: named in the interface language, unchanged for the life of the page. */
export const regionsQuery = () =>
  queryOptions({
    queryKey: ['regions', getLanguage()],
    queryFn: ({ signal }) => getRegions(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: true },
  });

export function useRegions() {
  return useQuery(regionsQuery());
}
