import type { CategoryDetail } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getCategory(slug: string, signal?: AbortSignal): Promise<CategoryDetail> {
  const body = await apiGet<{ data: CategoryDetail }>(`/categories/${encodeURIComponent(slug)}`, {
    signal,
  });
  return body.data;
}

export const categoryQuery = (slug: string) =>
  queryOptions({
    queryKey: ['category', slug],
    queryFn: ({ signal }) => getCategory(slug, signal),
    staleTime: 5 * 60_000,
    meta: { errorToast: true },
  });

export function useCategory(slug: string | undefined) {
  return useQuery({ ...categoryQuery(slug ?? ''), enabled: Boolean(slug) });
}

/** The root a category page belongs to, for highlighting it in the top bar. */
export function useCurrentRootSlug(slug: string | undefined): string | undefined {
  const category = useCategory(slug);
  if (!slug) return undefined;
  return category.data ? (category.data.ancestors[0]?.slug ?? category.data.slug) : slug;
}
