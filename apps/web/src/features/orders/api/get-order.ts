import type { OrderDetail } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { ORDERS_KEY } from './get-orders.ts';

export async function getOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return (await apiGet<{ data: OrderDetail }>(`/orders/${id}`, { signal })).data;
}

export const orderQueryKey = (id: number) => [...ORDERS_KEY, 'detail', id, getLanguage()];

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });

/** One of the customer's orders with its goods, delivery and payments; another's answers 404. */
export function useOrder(id: number | null) {
  const signedIn = useIsSignedIn();
  return useQuery({ ...orderQuery(id ?? 0), enabled: signedIn && id != null && id > 0 });
}
