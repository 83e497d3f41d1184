import type { ContentPage } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getContentPage(slug: string, signal?: AbortSignal): Promise<ContentPage> {
  const body = await apiGet<{ data: ContentPage }>(`/contents/${encodeURIComponent(slug)}`, {
    signal,
  });
  return body.data;
}

export const contentPageQuery = (slug: string) =>
  queryOptions({
    queryKey: ['contents', slug],
    queryFn: ({ signal }) => getContentPage(slug, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** A page of text; a missing page shows "not found" at once instead of retrying. */
export function useContentPage(slug: string) {
  return useQuery(contentPageQuery(slug));
}
