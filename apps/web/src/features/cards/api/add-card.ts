import type { CardAdded, CardAddInput } from '@bozor/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A card number and expiry, as the shared `CardAddBody` reads them. */
export function addCard(body: CardAddInput) {
  return apiRequest<{ message: string; data: CardAdded }>('/cards/add', { method: 'POST', body });
}

/** Starts binding a card: the gateway sends a code to the card holder's phone. */
export function useAddCard() {
  return useMutation({ mutationFn: addCard });
}
