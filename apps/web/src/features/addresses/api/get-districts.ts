import type { Place } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';

export async function getDistricts(regionId: number, signal?: AbortSignal): Promise<Place[]> {
  const body = await apiGet<{ data: Place[] }>(`/regions/district/${regionId}`, { signal });
  return body.data;
}

export const districtsQuery = (regionId: number) =>
  queryOptions({
    queryKey: ['regions', getLanguage(), regionId, 'districts'],
    queryFn: ({ signal }) => getDistricts(regionId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: true },
  });

/** The districts of the chosen region; nothing is asked while no region is chosen. */
export function useDistricts(regionId: number | null) {
  return useQuery({ ...districtsQuery(regionId ?? 0), enabled: regionId != null });
}
