import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CLIENT_INFO_KEY } from '../../auth/index.ts';
import { CARDS_KEY } from './get-cards.ts';

export function deleteCard(id: number) {
  return apiRequest<{ message: string }>(`/cards/${id}`, { method: 'DELETE' });
}

/** Unbinds a card; scoring that was to read this card's turnover asks for another. */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CARDS_KEY }),
        queryClient.invalidateQueries({ queryKey: CLIENT_INFO_KEY }),
      ]),
  });
}
