import type { CategoryDetail } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export function useCategory(slug: string | undefined) {
  return useQuery({
    queryKey: ['category', slug],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ data: CategoryDetail }>(`/categories/${encodeURIComponent(slug ?? '')}`, {
          signal,
        })
      ).data,
    enabled: Boolean(slug),
    staleTime: 5 * 60_000,
    meta: { errorToast: true },
  });
}

/** The root a category page belongs to, for highlighting it in the top bar. */
export function useCurrentRootSlug(slug: string | undefined): string | undefined {
  const category = useCategory(slug);
  if (!slug) return undefined;
  return category.data ? (category.data.ancestors[0]?.slug ?? category.data.slug) : slug;
}
