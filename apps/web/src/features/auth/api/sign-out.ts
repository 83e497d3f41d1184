import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { clearSessionToken } from '../../../lib/session.ts';

/**
 * Logout (SPEC §4): the server revokes the session, then the token and phone are forgotten and
 * everything cached for the customer is dropped. The browser forgets the session even when the
 * server cannot be reached: signing out must never fail on the customer's side.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await apiRequest('/clients/logout', { method: 'POST' });
    } catch {
      // an expired or unreachable session is as good as revoked for this browser
    }
    clearSessionToken();
    queryClient.clear();
    navigate('/', { replace: true });
  };
}
