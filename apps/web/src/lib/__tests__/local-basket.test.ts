import type { ProductSummary } from '@bozor/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToLocalBasket,
  BASKET_KEY,
  checkLocalBasketItems,
  localBasket,
  removeFromLocalBasket,
  setLocalBasketCount,
} from '../local-basket.ts';

const product: ProductSummary = {
  id: 7,
  slug: 'samsung-galaxy-a55',
  name: 'Samsung Galaxy A55',
  price: 4_990_000,
  old_price: null,
  monthly_payment: 599_000,
  images: [{ path: '/media/products/smartphone/1.svg' }],
  tags: [],
  in_stock: true,
  rating: 0,
  reviews_count: 0,
};

const countOf = (id: number) => localBasket.get().find((i) => i.product_id === id)?.count;

describe('local basket', () => {
  beforeEach(() => localBasket.set([]));

  it('adds a product with count 1', () => {
    addToLocalBasket(product);
    expect(countOf(7)).toBe(1);
    expect(localBasket.get()[0]).toMatchObject({ product_id: 7, checked: true });
  });

  it('does not add the same product twice', () => {
    addToLocalBasket(product);
    addToLocalBasket(product);
    expect(localBasket.get()).toHaveLength(1);
  });

  it('sets the count of a line', () => {
    addToLocalBasket(product);
    setLocalBasketCount(7, 3);
    expect(countOf(7)).toBe(3);
  });

  it('removes lines and marks them', () => {
    addToLocalBasket(product);
    addToLocalBasket({ ...product, id: 8 });
    checkLocalBasketItems([7, 8], false);
    expect(localBasket.get().map((i) => i.checked)).toEqual([false, false]);
    removeFromLocalBasket([7]);
    expect(localBasket.get().map((i) => i.product_id)).toEqual([8]);
  });

  it('keeps the basket in localStorage', () => {
    addToLocalBasket(product);
    const stored = JSON.parse(localStorage.getItem(BASKET_KEY) ?? '[]');
    expect(stored).toEqual([expect.objectContaining({ product_id: 7, count: 1 })]);
  });

  it('drops broken lines when loading', () => {
    localStorage.setItem(
      BASKET_KEY,
      JSON.stringify([
        { product_id: 1 },
        { product_id: 2, count: 2, product: { name: 'A', price: 5 } },
      ]),
    );
    localBasket.reload();
    expect(localBasket.get().map((i) => i.product_id)).toEqual([2]);
  });

  it('keeps a stored count within 99 when loading', () => {
    localStorage.setItem(
      BASKET_KEY,
      JSON.stringify([{ product_id: 2, count: 250, product: { name: 'A', price: 5 } }]),
    );
    localBasket.reload();
    expect(countOf(2)).toBe(99);
  });
});
