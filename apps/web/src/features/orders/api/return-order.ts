import type { OrderDetail } from '@bozor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation.ts';
import { CREDITS_KEY } from '../../installments/index.ts';
import { orderQueryKey } from './get-order.ts';
import { ORDERS_KEY } from './get-orders.ts';

/**
 * Asks to return a delivered order. The call carries an `Idempotency-Key`: a retry gets the first
 * answer instead of a second request being refused as already open.
 */
export interface ReturnRequest {
  id: number;
  /** The customer's own words for the shop; left out when empty. */
  reason?: string;
}

export function returnOrder({ id, reason }: ReturnRequest, idempotencyKey: string) {
  return apiRequest<{ message: string; data: OrderDetail }>(`/orders/return/${id}`, {
    method: 'POST',
    idempotencyKey,
    ...(reason ? { body: { reason } } : {}),
  });
}

/**
 * Asks to return a delivered order: nothing is refunded until the shop accepts, so the answer
 * (the order with its request under review) replaces the order read, and the lists are read
 * again; the answer's message says the request was received.
 */
export function useReturnOrder() {
  const queryClient = useQueryClient();
  // another reason is another request: it gets a key of its own
  return useIdempotentMutation(
    returnOrder,
    (r: ReturnRequest) => `return:${r.id}:${r.reason ?? ''}`,
    {
      onSuccess: (answer) => {
        queryClient.setQueryData(orderQueryKey(answer.data.id), answer.data);
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
          queryClient.invalidateQueries({ queryKey: CREDITS_KEY }),
        ]);
      },
    },
  );
}
