import type { Card } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CARDS_KEY } from './get-cards.ts';

export function confirmCard(body: { card_id: number; otp: string }) {
  return apiRequest<{ message: string; data: Card }>('/cards/confirm', { method: 'POST', body });
}

/** The holder's SMS code binds the card: it joins the customer's cards. */
export function useConfirmCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARDS_KEY }),
  });
}
