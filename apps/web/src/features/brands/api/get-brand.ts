import type { BrandRef } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getBrand(slug: string, signal?: AbortSignal): Promise<BrandRef> {
  const body = await apiGet<{ data: BrandRef }>(`/brands/${encodeURIComponent(slug)}`, {
    signal,
  });
  return body.data;
}

export const brandQuery = (slug: string) =>
  queryOptions({
    queryKey: ['brand', slug],
    queryFn: ({ signal }) => getBrand(slug, signal),
    staleTime: 5 * 60_000,
    meta: { errorToast: true },
  });

export function useBrand(slug: string) {
  return useQuery(brandQuery(slug));
}
