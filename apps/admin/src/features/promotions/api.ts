import type { AdminPromotion, PromotionAudience } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../components/kit/paged.ts';
import { adminApi, getData, post } from '../../lib/api.ts';

export const PROMOTIONS_KEY = ['promotions'] as const;

/** A page of the promotions, newest first. */
export function usePromotions(page: number) {
  return usePagedList<AdminPromotion>([...PROMOTIONS_KEY, page], '/promotions', { page });
}

/** Whom a draft would reach now, per channel, and its SMS. */
export function usePromotionAudience(id: number | undefined) {
  return useQuery({
    queryKey: ['promotion-audience', id],
    queryFn: ({ signal }) =>
      getData<PromotionAudience>(`/promotions/${id}/audience`, undefined, signal),
    enabled: id !== undefined,
    // counted when the dialog opens: settings change between two opens
    staleTime: 0,
    gcTime: 0,
  });
}

/** Writes a draft, or changes one. */
export function savePromotion(id: number | undefined, body: unknown) {
  return id === undefined
    ? post<AdminPromotion>('/promotions', body)
    : adminApi<{ message: string; data: AdminPromotion }>(`/promotions/${id}`, {
        method: 'PATCH',
        body,
      });
}

export const sendPromotion = (id: number) => post<AdminPromotion>(`/promotions/${id}/send`);
