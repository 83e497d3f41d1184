import type { ClientInfo, ProductSummary, ScoringState, User } from '@bozor/shared';

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
    in_stock: true,
    rating: 0,
    reviews_count: 0,
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

/** A customer's scoring before the first step. */
export function makeScoring(overrides: Partial<ScoringState> = {}): ScoringState {
  return {
    step: 'personal',
    personal: null,
    card_id: null,
    guarantors: 0,
    retry_at: null,
    reason: null,
    reason_text: null,
    review_since: null,
    ...overrides,
  };
}

/** The body of `/api/clients/info` for a customer. */
export function makeClientInfo(
  user: User = makeUser(),
  scoring = makeScoring(),
): { data: ClientInfo } {
  return { data: { user, phone: user.phone, scoring } };
}
