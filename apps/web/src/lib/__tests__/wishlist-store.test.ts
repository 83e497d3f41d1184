import type { ProductSummary } from '@bozor/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { toggleWishlist, WISHLIST_KEY, wishlistStore } from '../wishlist-store.ts';

const product: ProductSummary = {
  id: 3,
  slug: 'artel-tv',
  name: 'Artel TV 43',
  price: 3_000_000,
  old_price: 3_500_000,
  monthly_payment: 360_000,
  images: [],
  tags: [],
};

describe('wish list store', () => {
  beforeEach(() => wishlistStore.set([]));

  it('adds an absent product and removes a present one', () => {
    expect(toggleWishlist(product)).toBe(true);
    expect(wishlistStore.get().map((i) => i.id)).toEqual([3]);
    expect(toggleWishlist(product)).toBe(false);
    expect(wishlistStore.get()).toEqual([]);
  });

  it('drops items without a name when loading (SPEC §3)', () => {
    localStorage.setItem(
      WISHLIST_KEY,
      JSON.stringify([{ id: 1 }, { id: 2, name: '' }, { id: 3, name: 'Artel TV 43' }]),
    );
    wishlistStore.reload();
    expect(wishlistStore.get().map((i) => i.id)).toEqual([3]);
  });
});
