import type { Notification, PageMeta } from '@bozor/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

const PER_PAGE = 20;

/** What the shop sent the customer (sign-ins, later orders and payments), newest first. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: ['clients', 'notifications'],
    queryFn: ({ pageParam, signal }) =>
      apiGet<{ data: Notification[]; meta: PageMeta }>('/clients/notifications', {
        query: { page: pageParam, per_page: PER_PAGE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });
}
