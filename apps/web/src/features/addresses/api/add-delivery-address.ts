import type { DeliveryAddress, DeliveryAddressBody } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { DELIVERY_ADDRESSES_KEY } from './get-delivery-addresses.ts';

export function addDeliveryAddress(body: DeliveryAddressBody) {
  return apiRequest<{ message: string; data: DeliveryAddress }>('/orders/delivery-addresses', {
    method: 'POST',
    body,
  });
}

/** Saves a new address; it becomes the current one. */
export function useAddDeliveryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDeliveryAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DELIVERY_ADDRESSES_KEY }),
  });
}
