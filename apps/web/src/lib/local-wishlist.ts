import type { ProductSummary } from '@bozor/shared';
import { createLocalStore } from './local-store.ts';

export const WISHLIST_KEY = 'wishlist';

/** SPEC §3: a wish-list item is {id, name, …}; the rest of the product is kept for the list page. */
export type WishlistItem = ProductSummary;

function isWishlistItem(value: unknown): value is WishlistItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<WishlistItem>;
  return typeof item.id === 'number' && typeof item.name === 'string' && item.name !== '';
}

/** An anonymous visitor's wish list; items without a name are dropped when loaded (SPEC §3). */
export const localWishlist = createLocalStore<WishlistItem[]>(WISHLIST_KEY, (raw) =>
  Array.isArray(raw)
    ? raw.filter(isWishlistItem).map((item) => ({
        ...item,
        slug: item.slug ?? String(item.id),
        price: item.price ?? 0,
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

/** The card's fields of a product, so a product page's description is not stored with it. */
export function toWishlistItem(product: ProductSummary): WishlistItem {
  const { id, slug, name, price, old_price, monthly_payment, images, tags, in_stock } = product;
  const { rating, reviews_count } = product;
  return {
    id,
    slug,
    name,
    price,
    old_price,
    monthly_payment,
    images,
    tags,
    in_stock,
    rating,
    reviews_count,
  };
}

/**
 * SPEC §4: toggling adds an absent item and removes a present one. Returns whether it is in now.
 * The newest comes first, as in the account's list, so signing in keeps the order.
 */
export function toggleLocalWishlist(product: ProductSummary): boolean {
  const present = localWishlist.get().some((i) => i.id === product.id);
  localWishlist.set((items) =>
    present ? items.filter((i) => i.id !== product.id) : [toWishlistItem(product), ...items],
  );
  return !present;
}
