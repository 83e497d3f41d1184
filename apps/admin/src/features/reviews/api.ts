import type { AdminReview, ReviewSettings } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../components/kit/paged.ts';
import { adminApi, getData, post } from '../../lib/api.ts';

/** A page of the reviews in one state: the pending oldest first. */
export function useReviews(status: string, page: number) {
  return usePagedList<AdminReview>(['reviews', status, page], '/reviews', { status, page });
}

export function useReviewSettings() {
  return useQuery({
    queryKey: ['review-settings'],
    queryFn: ({ signal }) => getData<ReviewSettings>('/reviews/settings', undefined, signal),
  });
}

export function setReviewSettings(publishAtOnce: boolean) {
  return adminApi<{ message: string; data: ReviewSettings }>('/reviews/settings', {
    method: 'PATCH',
    body: { publish_at_once: publishAtOnce },
  });
}

export const approveReview = (id: number) => post<AdminReview>(`/reviews/${id}/approve`);

export const rejectReview = (id: number, reason: string) =>
  post<AdminReview>(`/reviews/${id}/reject`, { reason });

export function answerReview(id: number, text: string) {
  return adminApi<{ message: string; data: AdminReview }>(`/reviews/${id}/answer`, {
    method: 'PATCH',
    body: { text },
  });
}
