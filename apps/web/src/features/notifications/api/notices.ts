import type {
  Notification,
  NotificationSettings,
  NotificationSettingsBody,
  PageMeta,
} from '@bozor/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

const PER_PAGE = 20;
export const NOTICES_KEY = ['clients', 'notifications'] as const;
const SETTINGS_KEY = ['clients', 'notification-settings'] as const;

/** What the shop told the customer: unread first, then newest first, 20 at a time. */
export function useNotices() {
  return useInfiniteQuery({
    queryKey: [...NOTICES_KEY, 'list'],
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

function useRefreshNotices() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: NOTICES_KEY });
}

export function useMarkRead() {
  const refresh = useRefreshNotices();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/clients/notifications/${id}/read`, { method: 'POST' }),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshNotices();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string }>('/clients/notifications/read-all', { method: 'POST' }),
    onSettled: refresh,
  });
}

export function useNoticeSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: NotificationSettings }>('/clients/notification-settings', { signal }))
        .data,
  });
}

export function useSaveNoticeSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationSettingsBody) =>
      (
        await apiRequest<{ data: NotificationSettings }>('/clients/notification-settings', {
          method: 'PUT',
          body,
        })
      ).data,
    onSuccess: (saved) => client.setQueryData(SETTINGS_KEY, saved),
  });
}
