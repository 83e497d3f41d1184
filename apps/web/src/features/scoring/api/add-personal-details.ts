import type { PersonalDetailsBody, ScoringState } from '@bozor/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useStoreScoringState } from './store-scoring-state.ts';

export function addPersonalDetails(body: PersonalDetailsBody) {
  return apiRequest<{ message: string; data: ScoringState }>('/clients/add-birthday', {
    method: 'POST',
    body,
  });
}

/** Scoring's first step: who the customer is. */
export function useAddPersonalDetails() {
  const storeScoringState = useStoreScoringState();
  return useMutation({
    mutationFn: addPersonalDetails,
    onSuccess: (answer) => storeScoringState(answer.data),
  });
}
