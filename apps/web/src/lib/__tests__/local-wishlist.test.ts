import type { ProductDetail, ProductSummary } from '@bozor/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { localWishlist, toggleLocalWishlist, WISHLIST_KEY } from '../local-wishlist.ts';

const product: ProductSummary = {
  id: 3,
  slug: 'artel-tv',
  name: 'Artel TV 43',
  price: 3_000_000,
  old_price: 3_500_000,
  monthly_payment: 360_000,
  images: [],
  tags: [],
  in_stock: true,
  rating: 0,
  reviews_count: 0,
};

describe('local wish list', () => {
  beforeEach(() => localWishlist.set([]));

  it('adds an absent product and removes a present one', () => {
    expect(toggleLocalWishlist(product)).toBe(true);
    expect(localWishlist.get().map((i) => i.id)).toEqual([3]);
    expect(toggleLocalWishlist(product)).toBe(false);
    expect(localWishlist.get()).toEqual([]);
  });

  it('lists the newest first, as the account does, so signing in keeps the order', () => {
    for (const id of [3, 7, 5]) toggleLocalWishlist({ ...product, id });
    expect(localWishlist.get().map((i) => i.id)).toEqual([5, 7, 3]);
  });

  it("keeps only the card's fields of a product page's product", () => {
    const detail = { ...product, description: '<p>Long text</p>', code: 'TV-43' } as ProductDetail;
    toggleLocalWishlist(detail);
    expect(localWishlist.get()).toEqual([product]);
  });

  it('drops items without a name when loading (SPEC §3)', () => {
    localStorage.setItem(
      WISHLIST_KEY,
      JSON.stringify([{ id: 1 }, { id: 2, name: '' }, { id: 3, name: 'Artel TV 43' }]),
    );
    localWishlist.reload();
    expect(localWishlist.get().map((i) => i.id)).toEqual([3]);
  });
});
