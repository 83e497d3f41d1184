import type { ClientInfo, ScoringState } from '@bozor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CLIENT_INFO_KEY } from '../../auth/index.ts';

/**
 * Keeps the state a scoring step answered with where the profile holds it, so the next screen
 * shows the step the server moved the customer to without asking again.
 */
export function useStoreScoringState(): (scoring: ScoringState) => void {
  const queryClient = useQueryClient();
  return (scoring) =>
    queryClient.setQueryData<ClientInfo>(CLIENT_INFO_KEY, (info) => info && { ...info, scoring });
}
