import type { DeliveryAddress } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { DELIVERY_ADDRESSES_KEY } from './get-delivery-addresses.ts';

export function chooseDeliveryAddress(id: number) {
  return apiRequest<{ message: string; data: DeliveryAddress }>(
    `/orders/delivery-addresses/${id}/current`,
    { method: 'PUT' },
  );
}

/** Makes a saved address the current one. */
export function useChooseDeliveryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseDeliveryAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DELIVERY_ADDRESSES_KEY }),
  });
}
