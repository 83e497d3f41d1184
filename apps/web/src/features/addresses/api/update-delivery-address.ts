import type { DeliveryAddress, DeliveryAddressBody } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { DELIVERY_ADDRESSES_KEY } from './get-delivery-addresses.ts';

export function updateDeliveryAddress({ id, body }: { id: number; body: DeliveryAddressBody }) {
  return apiRequest<{ message: string; data: DeliveryAddress }>(
    `/orders/delivery-addresses/${id}`,
    { method: 'PUT', body },
  );
}

/** Corrects an address; it keeps its place, so the current address stays current. */
export function useUpdateDeliveryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeliveryAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DELIVERY_ADDRESSES_KEY }),
  });
}
