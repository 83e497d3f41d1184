import type { ProductReviews } from '@bozor/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { useIsSignedIn } from '../../../lib/session.ts';

export type ReviewSort = 'newest' | 'helpful';

export interface ReviewFilters {
  sort: ReviewSort;
  stars: number | null;
  withPhotos: boolean;
}

export const REVIEWS_PER_PAGE = 10;

export const productReviewsKey = (productId: number) => ['product-reviews', productId] as const;

/** A product's sums, photos and its reviews' pages up to `pages`, as filtered. */
export function useProductReviews(productId: number, filters: ReviewFilters, pages: number) {
  return useQuery({
    queryKey: [...productReviewsKey(productId), filters, pages],
    queryFn: ({ signal }) =>
      apiGet<ProductReviews>(`/products/${productId}/reviews`, {
        signal,
        query: {
          sort: filters.sort,
          stars: filters.stars ?? undefined,
          with_photos: filters.withPhotos ? 1 : undefined,
          per_page: REVIEWS_PER_PAGE * pages,
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The reviews of the product the signed-in customer marked helpful. */
export function useMarkedReviews(productId: number) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: ['product-reviews-marked', productId],
    queryFn: ({ signal }) =>
      apiGet<{ data: number[] }>(`/products/${productId}/reviews/marked`, { signal }),
    enabled: signedIn,
    staleTime: 60_000,
  });
}

export function useMarkHelpful(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: number) =>
      apiRequest<{ message: string; data: { helpful: number } }>(`/reviews/${reviewId}/helpful`, {
        method: 'POST',
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['product-reviews-marked', productId] }),
        queryClient.invalidateQueries({ queryKey: productReviewsKey(productId) }),
      ]),
  });
}
