import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { DELIVERY_ADDRESSES_KEY } from './get-delivery-addresses.ts';

export function deleteDeliveryAddress(id: number) {
  return apiRequest<{ message: string }>(`/orders/delivery-addresses/${id}`, { method: 'DELETE' });
}

/** Deletes an address; the one chosen before it becomes current. */
export function useDeleteDeliveryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeliveryAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DELIVERY_ADDRESSES_KEY }),
  });
}
