import type { DeliveryAddress } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';

/** Oldest first: the last entry is the current address (SPEC §3). */
export async function getDeliveryAddresses(signal?: AbortSignal): Promise<DeliveryAddress[]> {
  const body = await apiGet<{ data: DeliveryAddress[] }>('/orders/delivery-addresses', { signal });
  return body.data;
}

export const DELIVERY_ADDRESSES_KEY = ['delivery-addresses'] as const;

export const deliveryAddressesQuery = () =>
  queryOptions({
    queryKey: [...DELIVERY_ADDRESSES_KEY, getLanguage()],
    queryFn: ({ signal }) => getDeliveryAddresses(signal),
  });

/** The signed-in customer's addresses; an anonymous visitor asks for nothing. */
export function useDeliveryAddresses() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...deliveryAddressesQuery(), enabled: signedIn });
}
