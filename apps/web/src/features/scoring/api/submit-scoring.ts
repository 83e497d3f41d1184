import type { ScoringDecision } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CLIENT_INFO_KEY } from '../../auth/index.ts';
import { CREDIT_LIMIT_KEY } from './get-credit-limit.ts';

export async function submitScoring(): Promise<ScoringDecision> {
  return (await apiRequest<{ data: ScoringDecision }>('/clients/scoring', { method: 'POST' })).data;
}

/** Sends everything to scoring for its decision. */
export function useSubmitScoring() {
  return useMutation({ mutationFn: submitScoring });
}

/**
 * Asks again for what a decision changes: the profile (is_scoring, the step) and the limit. The
 * outcome's page calls it once shown: asked while the decision step was still on screen, the new
 * step would send the customer on by itself, leaving the decision behind.
 */
export function useRefreshAfterDecision(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: CLIENT_INFO_KEY });
    void queryClient.invalidateQueries({ queryKey: CREDIT_LIMIT_KEY });
  };
}
