import type { CreditDetail } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CREDITS_KEY } from './get-credits.ts';

export function changeAutopayCard({ creditId, cardId }: { creditId: number; cardId: number }) {
  return apiRequest<{ message: string; data: CreditDetail }>(`/credits/${creditId}/card`, {
    method: 'PUT',
    body: { card_id: cardId },
  });
}

/** Moves a credit's autopay to another card; the credit is read again. */
export function useChangeAutopayCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAutopayCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CREDITS_KEY }),
  });
}
