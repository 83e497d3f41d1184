import type { ClientInfo } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useIsSignedIn } from '../../../lib/session.ts';

/**
 * The signed-in customer; nothing for an anonymous visitor. A failure toasts its message (SPEC §8);
 * a 401/403 also ends the stored session (the api client does that), a network error does not.
 */
export function useClientInfo() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: ['clients', 'info'],
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: ClientInfo }>('/clients/info', { signal })).data,
    enabled: signedIn,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { errorToast: true },
  });
}

/** SPEC §2: the installment link leads to the profile only when is_scoring is exactly false. */
export function installmentPath(info: ClientInfo | undefined): string {
  return info?.user.is_scoring === false ? '/profile' : '/scoring';
}
