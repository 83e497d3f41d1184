import type { OrderProducts } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export async function getOrderProducts(signal?: AbortSignal): Promise<OrderProducts> {
  return (await apiGet<{ data: OrderProducts }>('/order-products', { signal })).data;
}

export const ORDER_PRODUCTS_KEY = ['order-products'] as const;

export const orderProductsQuery = () =>
  queryOptions({ queryKey: ORDER_PRODUCTS_KEY, queryFn: ({ signal }) => getOrderProducts(signal) });

/** The lines checkout will order, priced now, and their total. */
export function useOrderProducts() {
  return useQuery(orderProductsQuery());
}
