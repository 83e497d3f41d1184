import type { ProductSummary } from '@bozor/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { apiGet, apiRequest } from '../../lib/api-client.ts';
import { createLocalStore } from '../../lib/local-store.ts';
import { toWishlistItem } from '../../lib/local-wishlist.ts';
import { getSessionToken, useIsSignedIn } from '../../lib/session.ts';

export const RECENTLY_VIEWED_KEY = 'recentlyViewed';
/** As many as the account keeps (`RECENTLY_VIEWED_MAX`): a value import of the contract would bring zod. */
const RECENTLY_VIEWED_MAX = 20;

function isItem(value: unknown): value is ProductSummary {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<ProductSummary>;
  return (
    typeof item.id === 'number' &&
    typeof item.name === 'string' &&
    item.name !== '' &&
    typeof item.slug === 'string' &&
    typeof item.price === 'number'
  );
}

/** The products this browser opened last, newest first: their cards' fields, at most 20. */
export const localViewed = createLocalStore<ProductSummary[]>(RECENTLY_VIEWED_KEY, (raw) =>
  Array.isArray(raw)
    ? raw
        .filter(isItem)
        .slice(0, RECENTLY_VIEWED_MAX)
        .map((item) => ({
          ...item,
          old_price: item.old_price ?? null,
          monthly_payment: item.monthly_payment ?? 0,
          images: Array.isArray(item.images) ? item.images : [],
          tags: Array.isArray(item.tags) ? item.tags : [],
          in_stock: item.in_stock !== false,
          rating: typeof item.rating === 'number' ? item.rating : 0,
          reviews_count: typeof item.reviews_count === 'number' ? item.reviews_count : 0,
        }))
    : [],
);

const accountViewedQuery = queryOptions({
  queryKey: ['account', 'recently-viewed'],
  queryFn: async ({ signal }) =>
    (await apiGet<{ data: ProductSummary[] }>('/clients/recently-viewed', { signal })).data,
});

function postViewed(ids: number[]) {
  return apiRequest<{ data: ProductSummary[] }>('/clients/recently-viewed', {
    method: 'POST',
    body: { product_ids: ids },
  });
}

/**
 * Keeps a product the visitor opened: first in this browser's list, and in the account's when
 * signed in (a failure there only loses this view).
 */
export function useRecordView(product: ProductSummary): void {
  const client = useQueryClient();
  const { id } = product;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a view is of the product's id; its other fields come along
  useEffect(() => {
    const card = {
      ...toWishlistItem(product),
      rating: product.rating,
      reviews_count: product.reviews_count,
    };
    localViewed.set((items) =>
      [card, ...items.filter((item) => item.id !== id)].slice(0, RECENTLY_VIEWED_MAX),
    );
    if (getSessionToken()) {
      postViewed([id]).then(
        (saved) => client.setQueryData(accountViewedQuery.queryKey, saved.data),
        () => {},
      );
    }
  }, [id, client]);
}

/** At sign-in: the products this browser opened join the account's list. */
export async function mergeRecentlyViewed(): Promise<void> {
  const ids = localViewed.get().map((item) => item.id);
  if (ids.length === 0) return;
  try {
    await postViewed(ids);
  } catch {
    // the browser keeps its list; the account's fills again as products are opened
  }
}

/** The visitor's recently viewed products: the account's when signed in, else this browser's. */
export function useRecentlyViewed(): {
  items: ProductSummary[];
  status: 'pending' | 'error' | 'success';
} {
  const signedIn = useIsSignedIn();
  const local = useSyncExternalStore(
    localViewed.subscribe,
    localViewed.get,
    localViewed.getServerSnapshot,
  );
  const account = useQuery({ ...accountViewedQuery, enabled: signedIn });
  if (!signedIn) return { items: local, status: 'success' };
  // the account's list failing to come is no reason to hide what this browser kept
  if (account.isError) return { items: local, status: 'success' };
  return { items: account.data ?? [], status: account.isPending ? 'pending' : 'success' };
}
