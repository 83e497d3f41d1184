import type { PlacedOrder } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CREDITS_KEY } from '../../installments/index.ts';
import { ORDERS_KEY } from './get-orders.ts';

export function changePrepayment({ orderId, prepayment }: { orderId: number; prepayment: number }) {
  return apiRequest<{ message: string; data: PlacedOrder }>(`/orders/prepayment/${orderId}`, {
    method: 'POST',
    body: { prepayment },
  });
}

/**
 * A new prepayment for an installment order whose contract is not signed yet: the credit, its
 * schedule and contract are drawn up again, so both are read again.
 */
export function useChangePrepayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePrepayment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: CREDITS_KEY }),
      ]),
  });
}
