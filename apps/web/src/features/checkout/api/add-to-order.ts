import type { OrderProducts } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ORDER_PRODUCTS_KEY } from './get-order-products.ts';

export function addToOrder(ids: readonly number[]) {
  return apiRequest<{ message: string; data: OrderProducts }>('/baskets/add-to-order', {
    method: 'POST',
    body: { ids },
  });
}

/** Takes the checked basket lines to checkout; the answer is what checkout shows, priced now. */
export function useAddToOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToOrder,
    onSuccess: (answer) => queryClient.setQueryData(ORDER_PRODUCTS_KEY, answer.data),
  });
}
