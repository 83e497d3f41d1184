import type { CreditDetail, OrderDetail } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return (await apiGet<{ data: OrderDetail }>(`/orders/${id}`, { signal })).data;
}

/** One of the customer's orders: what the payment screen needs of it (its sums). */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: ['orders', id],
    queryFn: ({ signal }) => getOrder(id ?? 0, signal),
    enabled: id != null,
  });
}

/** One of the customer's credits. */
export function useCredit(id: number | null) {
  return useQuery({
    queryKey: ['credits', id],
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: CreditDetail }>(`/credits/${id ?? 0}`, { signal })).data,
    enabled: id != null,
  });
}
