import type { OrderDetail } from '@bozor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation.ts';
import { CREDITS_KEY } from '../../installments/index.ts';
import { orderQueryKey } from './get-order.ts';
import { ORDERS_KEY } from './get-orders.ts';

/** Refunds move money, so the call carries an `Idempotency-Key`: a retry gets the first answer. */
export function returnOrder(id: number, idempotencyKey: string) {
  return apiRequest<{ message: string; data: OrderDetail }>(`/orders/return/${id}`, {
    method: 'POST',
    idempotencyKey,
  });
}

/**
 * Returns a delivered order: the payments are refunded to their cards and the credit is closed,
 * so the orders and the credits are read again.
 */
export function useReturnOrder() {
  const queryClient = useQueryClient();
  return useIdempotentMutation(returnOrder, (id: number) => `return:${id}`, {
    onSuccess: (answer) => {
      queryClient.setQueryData(orderQueryKey(answer.data.id), answer.data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: CREDITS_KEY }),
      ]);
    },
  });
}
