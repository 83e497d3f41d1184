import type { CardAdded } from '@bozor/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function resendCardCode(cardId: number) {
  return apiRequest<{ message: string; data: CardAdded }>('/cards/resend-code', {
    method: 'POST',
    body: { card_id: cardId },
  });
}

/** A new code for a card awaiting one; too early answers 429 with how long to wait. */
export function useResendCardCode() {
  return useMutation({ mutationFn: resendCardCode });
}
