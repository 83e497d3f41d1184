import type { ProductSummary } from '@bozor/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToBasket,
  BASKET_KEY,
  basketStore,
  decreaseBasketItem,
  increaseBasketItem,
} from '../basket-store.ts';

const product: ProductSummary = {
  id: 7,
  slug: 'samsung-galaxy-a55',
  name: 'Samsung Galaxy A55',
  price: 4_990_000,
  old_price: null,
  monthly_payment: 599_000,
  images: [{ path: '/media/products/smartphone/1.svg' }],
  tags: [],
};

const countOf = (id: number) => basketStore.get().find((i) => i.product_id === id)?.count;

describe('basket store', () => {
  beforeEach(() => basketStore.set([]));

  it('adds a product with count 1', () => {
    addToBasket(product);
    expect(countOf(7)).toBe(1);
    expect(basketStore.get()[0]).toMatchObject({ product_id: 7, checked: true });
  });

  it('does not add the same product twice', () => {
    addToBasket(product);
    addToBasket(product);
    expect(basketStore.get()).toHaveLength(1);
  });

  it('raises the count by one with plus', () => {
    addToBasket(product);
    increaseBasketItem(7);
    increaseBasketItem(7);
    expect(countOf(7)).toBe(3);
  });

  it('lowers the count by one with minus', () => {
    addToBasket(product);
    increaseBasketItem(7);
    decreaseBasketItem(7);
    expect(countOf(7)).toBe(1);
  });

  it('removes the item with minus at count 1', () => {
    addToBasket(product);
    decreaseBasketItem(7);
    expect(basketStore.get()).toEqual([]);
  });

  it('keeps the basket in localStorage', () => {
    addToBasket(product);
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
    basketStore.reload();
    expect(basketStore.get().map((i) => i.product_id)).toEqual([2]);
  });
});
