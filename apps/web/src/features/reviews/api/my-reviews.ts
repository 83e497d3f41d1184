import type { MyReviews, NewReviewBody, OwnReview, ReviewBody } from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

export const MY_REVIEWS_KEY = ['my-reviews'] as const;

export function useMyReviews() {
  return useQuery({
    queryKey: MY_REVIEWS_KEY,
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: MyReviews }>('/reviews/mine', { signal })).data,
  });
}

type Saved = { message: string; data: OwnReview };

/** Writes a new review (`id` absent) or changes the customer's own. */
export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ReviewBody | NewReviewBody }) =>
      id == null
        ? apiRequest<Saved>('/reviews', { method: 'POST', body })
        : apiRequest<Saved>(`/reviews/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_REVIEWS_KEY }),
  });
}

/** Uploads one photo (checked, resized and stripped of its metadata by the shop). */
export function uploadReviewPhoto(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<{ message: string; data: { path: string } }>('/reviews/photos', {
    method: 'POST',
    body: form,
  });
}
