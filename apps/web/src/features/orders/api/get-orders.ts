import type { OrderSummary, PageMeta } from '@bozor/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';

/** The customer's orders, lists and single ones: a cancel, a return or a payment refreshes them. */
export const ORDERS_KEY = ['orders'] as const;

const PER_PAGE = 10;

export function getOrders(page: number, signal?: AbortSignal) {
  return apiGet<{ data: OrderSummary[]; meta: PageMeta }>('/orders', {
    query: { page, per_page: PER_PAGE },
    signal,
  });
}

/** The customer's orders, newest first, ten at a time (status names in their language). */
export function useOrders() {
  const signedIn = useIsSignedIn();
  return useInfiniteQuery({
    queryKey: [...ORDERS_KEY, 'list', getLanguage()],
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    enabled: signedIn,
  });
}
