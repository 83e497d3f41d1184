import type { ProductSummary, User } from '@bozor/shared';

/** A product as lists and cards receive it; `Mahsulot {id}` unless told otherwise. */
export function makeProduct(id: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id,
    slug: `product-${id}`,
    name: `Mahsulot ${id}`,
    price: 1_000_000,
    old_price: null,
    monthly_payment: 120_000,
    images: [],
    tags: [],
    ...overrides,
  };
}

/** The signed-in customer of `/api/clients/info`. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    phone: '998901234567',
    is_scoring: false,
    is_identified: false,
    lang: 'uz',
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
