import type { OrderDetail } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CREDITS_KEY } from '../../installments/index.ts';
import { orderQueryKey } from './get-order.ts';
import { ORDERS_KEY } from './get-orders.ts';

export function returnOrder(id: number) {
  return apiRequest<{ message: string; data: OrderDetail }>(`/orders/return/${id}`, {
    method: 'POST',
  });
}

/**
 * Returns a delivered order: the payments are refunded to their cards and the credit is closed,
 * so the orders and the credits are read again.
 */
export function useReturnOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnOrder,
    onSuccess: (answer) => {
      queryClient.setQueryData(orderQueryKey(answer.data.id), answer.data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: CREDITS_KEY }),
      ]);
    },
  });
}
