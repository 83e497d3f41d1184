import type { ScoringState } from '@bozor/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useStoreScoringState } from './store-scoring-state.ts';

/** Passport, PINFL and birth date as the shared `PersonalDetailsBody` gives them. */
export interface PersonalDetails {
  passport: string;
  pinfl: string;
  birth_date: string;
}

export function addPersonalDetails(body: PersonalDetails) {
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
