import type { Banner } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

/** Home banners; an API without banners (404) simply has none. */
export async function getBanners(signal?: AbortSignal): Promise<Banner[]> {
  try {
    const body = await apiGet<{ data: Banner[] }>('/banners', { signal });
    return body.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const bannersQuery = queryOptions({
  queryKey: ['banners'],
  queryFn: ({ signal }) => getBanners(signal),
  // a banner starts and ends at its own minute: a home page left open reads them again soon
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
});

export function useBanners() {
  return useQuery(bannersQuery);
}
