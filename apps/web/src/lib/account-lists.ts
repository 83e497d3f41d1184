import {
  type BasketInfo,
  type BasketLine,
  MAX_BASKET_COUNT,
  type ProductStock,
  type ProductSummary,
  type TariffQuote,
} from '@bozor/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from './api-client.ts';
import { localBasket } from './local-basket.ts';
import { localWishlist } from './local-wishlist.ts';

/** The signed-in customer's favorites and basket on the server (DESIGN §2). */
export const accountBasketQuery = queryOptions({
  queryKey: ['account', 'basket'],
  queryFn: async ({ signal }) =>
    (await apiGet<{ data: BasketLine[] }>('/baskets', { signal })).data,
});

export const accountBasketInfoQuery = queryOptions({
  queryKey: ['account', 'basket', 'info'],
  queryFn: async ({ signal }) =>
    (await apiGet<{ data: BasketInfo }>('/baskets/info', { signal })).data,
});

/** Every tariff applied to an amount, by the server's installment rule (`GET /orders/tariffs`). */
export const tariffQuotesQuery = (amount: number) =>
  queryOptions({
    queryKey: ['tariffs', amount],
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: TariffQuote[] }>(`/orders/tariffs?amount=${amount}`, { signal })).data,
    staleTime: 5 * 60_000,
  });

/**
 * The products of a visitor's basket as they are now, with the units left (`GET /products/stock`):
 * the browser keeps what a product was when it was added, the shop knows what is left.
 */
export const productStockQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['products', 'stock', ids],
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: ProductStock[] }>(`/products/stock?ids=${ids.join(',')}`, { signal }))
        .data,
    staleTime: 30_000,
  });

export const accountFavoritesQuery = queryOptions({
  queryKey: ['account', 'favorites'],
  queryFn: async ({ signal }) =>
    (await apiGet<{ data: ProductSummary[] }>('/favorites', { signal })).data,
});

interface Message {
  message: string;
}

/** Sets a product's count, adding the line when the basket has none. */
export function setAccountBasketCount(productId: number, count: number) {
  return apiRequest<Message & { data: BasketLine }>('/baskets', {
    method: 'POST',
    body: { product_id: productId, count },
  });
}

export function deleteAccountBasketLine(lineId: number) {
  return apiRequest<Message>(`/baskets/${lineId}`, { method: 'DELETE' });
}

export function deleteAccountBasketLines(lineIds: readonly number[]) {
  return apiRequest<Message>('/baskets', { method: 'DELETE', body: { ids: lineIds } });
}

export function checkAccountBasketLines(lineIds: readonly number[], checked: boolean) {
  return apiRequest<Message>('/baskets/checked', {
    method: 'PATCH',
    body: { ids: lineIds, checked },
  });
}

export function addAccountFavorite(productId: number) {
  return apiRequest<Message>(`/favorites/${productId}`, { method: 'POST' });
}

export function removeAccountFavorite(productId: number) {
  return apiRequest<Message>(`/favorites/${productId}`, { method: 'DELETE' });
}

// the merge endpoints take at most this many entries per call
const FAVORITES_PER_MERGE = 200;
const BASKET_LINES_PER_MERGE = 100;

function chunksOf<T>(list: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < list.length; i += size) chunks.push(list.slice(i, i + size));
  return chunks;
}

async function mergeLocalWishlist(): Promise<void> {
  const ids = localWishlist.get().map((item) => item.id);
  if (ids.length === 0) return;
  for (const chunk of chunksOf(ids, FAVORITES_PER_MERGE)) {
    await apiRequest('/favorites/merge', { method: 'POST', body: { product_ids: chunk } });
  }
  localWishlist.set([]);
}

async function mergeLocalBasket(): Promise<void> {
  const items = localBasket.get().map((item) => ({
    product_id: item.product_id,
    count: Math.min(Math.max(item.count, 1), MAX_BASKET_COUNT),
    checked: item.checked,
  }));
  if (items.length === 0) return;
  for (const chunk of chunksOf(items, BASKET_LINES_PER_MERGE)) {
    await apiRequest('/baskets/merge', { method: 'POST', body: { items: chunk } });
  }
  localBasket.set([]);
}

/**
 * Moves the wish list and basket kept in this browser into the account whose session token is
 * already stored. Each local copy is cleared only after the server took it; a failed merge keeps
 * it for the next sign-in. Never rejects: a failure here must not stop the sign-in.
 */
export async function mergeLocalListsIntoAccount(): Promise<void> {
  await Promise.allSettled([mergeLocalWishlist(), mergeLocalBasket()]);
}
