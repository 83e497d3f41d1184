import { MAX_BASKET_COUNT, type ProductSummary, type SizeClass } from '@bozor/shared';
import { createLocalStore } from './local-store.ts';

export const BASKET_KEY = 'basket';

/** What a basket line keeps of its product so the basket renders without asking the server. */
export interface BasketProduct {
  id: number;
  slug: string;
  name: string;
  price: number;
  old_price: number | null;
  monthly_payment: number;
  image: string | null;
}

/** SPEC §3: product_id, count, checked — plus the product snapshot shown in the basket. */
export interface BasketItem {
  product_id: number;
  count: number;
  checked: boolean;
  product: BasketProduct;
  /** Units left, once the shop has said; a line asking for more is not available. */
  stock?: number;
  /** The product's delivery size class, once the shop has said; standard until then. */
  size_class?: SizeClass;
}

/**
 * Whether a line can be bought as it stands: the shop has as many as it asks for. A line whose
 * stock is not known yet counts as available; checkout checks again.
 */
export const isAvailable = (item: Pick<BasketItem, 'count' | 'stock'>): boolean =>
  item.stock === undefined || item.count <= item.stock;

function isBasketItem(value: unknown): value is BasketItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<BasketItem>;
  return (
    typeof item.product_id === 'number' &&
    typeof item.count === 'number' &&
    item.count >= 1 &&
    typeof item.product === 'object' &&
    item.product !== null &&
    typeof item.product.name === 'string' &&
    item.product.name !== '' &&
    typeof item.product.price === 'number'
  );
}

/** An anonymous visitor's basket, kept in this browser; broken lines are dropped when loaded. */
export const localBasket = createLocalStore<BasketItem[]>(BASKET_KEY, (raw) =>
  Array.isArray(raw)
    ? raw.filter(isBasketItem).map((item) => ({
        ...item,
        count: Math.min(item.count, MAX_BASKET_COUNT),
        checked: item.checked !== false,
      }))
    : [],
);

export function toBasketProduct(product: ProductSummary): BasketProduct {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    price: product.price,
    old_price: product.old_price,
    monthly_payment: product.monthly_payment,
    image: product.images[0]?.path ?? null,
  };
}

/** SPEC §4: adding creates a line with count 1 (an existing line is left as it is). */
export function addToLocalBasket(product: ProductSummary): void {
  localBasket.set((items) =>
    items.some((i) => i.product_id === product.id)
      ? items
      : [
          ...items,
          { product_id: product.id, count: 1, checked: true, product: toBasketProduct(product) },
        ],
  );
}

export function setLocalBasketCount(productId: number, count: number): void {
  localBasket.set((items) => items.map((i) => (i.product_id === productId ? { ...i, count } : i)));
}

export function removeFromLocalBasket(productIds: readonly number[]): void {
  localBasket.set((items) => items.filter((i) => !productIds.includes(i.product_id)));
}

export function checkLocalBasketItems(productIds: readonly number[], checked: boolean): void {
  localBasket.set((items) =>
    items.map((i) => (productIds.includes(i.product_id) ? { ...i, checked } : i)),
  );
}
