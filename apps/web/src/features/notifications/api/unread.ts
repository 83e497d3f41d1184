import type { UnreadCount } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useIsSignedIn } from '../../../lib/session.ts';

/** Under the centre's key: marking read refreshes the badge with the list. */
const UNREAD_KEY = ['clients', 'notifications', 'unread'] as const;

/**
 * The header's badge: how many notices are unread, asked again every minute and on return to
 * the tab; 0 for a visitor, and while the page hydrates.
 */
export function useUnreadCount(): number {
  const signedIn = useIsSignedIn();
  const query = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: UnreadCount }>('/clients/notifications/unread', { signal })).data
        .unread,
    enabled: signedIn,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  return signedIn ? (query.data ?? 0) : 0;
}
