import type { ClientInfo } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useIsSignedIn } from '../../../lib/session.ts';

export const CLIENT_INFO_KEY = ['clients', 'info'] as const;

/**
 * The signed-in customer; nothing for an anonymous visitor. A failure toasts its message (SPEC §8);
 * a 401 also ends the stored session (the api client does that), a 5xx or a network error does not.
 */
export function useClientInfo() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: CLIENT_INFO_KEY,
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: ClientInfo }>('/clients/info', { signal })).data,
    enabled: signedIn,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { errorToast: true },
  });
}
