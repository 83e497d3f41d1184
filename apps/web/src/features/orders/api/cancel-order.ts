import type { OrderDetail } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CREDITS_KEY } from '../../installments/index.ts';
import { orderQueryKey } from './get-order.ts';
import { ORDERS_KEY } from './get-orders.ts';

export function cancelOrder(id: number) {
  return apiRequest<{ message: string; data: OrderDetail }>(`/orders/cancel/${id}`, {
    method: 'POST',
  });
}

/**
 * Cancels a new or confirmed order: what was paid goes back to the card and its credit ends, so
 * the orders and the credits are read again.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (answer) => {
      queryClient.setQueryData(orderQueryKey(answer.data.id), answer.data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: CREDITS_KEY }),
      ]);
    },
  });
}
