import type { ScoringState } from '@bozor/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useStoreScoringState } from './store-scoring-state.ts';

export function chooseScoringCard(cardId: number) {
  return apiRequest<{ message: string; data: ScoringState }>('/clients/scoring-card', {
    method: 'POST',
    body: { card_id: cardId },
  });
}

/** The bound card whose turnover scoring reads. */
export function useChooseScoringCard() {
  const storeScoringState = useStoreScoringState();
  return useMutation({
    mutationFn: chooseScoringCard,
    onSuccess: (answer) => storeScoringState(answer.data),
  });
}
