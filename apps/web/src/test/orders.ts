import type { Card, CreditDetail, OrderDetail, OrderSummary, ScheduleRow } from '@bozor/shared';

/** A confirmed Uzcard of the customer. */
export function makeCard(overrides: Partial<Card> = {}): Card {
  return {
    id: 7,
    card_number: '8600********1110',
    type: 'uzcard',
    expire: '12/30',
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An order as `GET /orders` lists it: a new full-payment order unless told otherwise. */
export function makeOrderSummary(id: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id,
    status: 1,
    status_name: 'Yangi',
    payment_type: 'full',
    total: 2_400_000,
    prepayment: 0,
    credit_id: null,
    items_count: 1,
    images: [],
    created_at: '2026-11-20T08:30:00.000Z',
    ...overrides,
  };
}

/** An order as `GET /orders/:id` answers: a new, unpaid full-payment order of one product. */
export function makeOrderDetail(id: number, overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...makeOrderSummary(id),
    items: [
      {
        product_id: 11,
        slug: 'samsung-galaxy-a55',
        name: 'Samsung Galaxy A55',
        image: null,
        price: 2_400_000,
        count: 1,
      },
    ],
    delivery: 'Toshkent, Chilonzor 9, 12-uy',
    delivery_type: 'address',
    delivery_fee: 0,
    delivery_promised_on: null,
    tariff: null,
    card: makeCard(),
    need_payed_price: 2_400_000,
    can_cancel: true,
    can_return: false,
    return_request: null,
    payments: [],
    receipts: [],
    credit_status: null,
    step: 'awaiting_payment',
    progress: [{ step: 'placed', name: 'Buyurtma berildi', at: '2026-11-20T08:30:00.000Z' }],
    courier_name: null,
    tracking_number: null,
    ...overrides,
  };
}

/** A schedule of `months` installments of `amount`, due on the 20th from December 2026. */
export function makeSchedule(months: number, amount: number): ScheduleRow[] {
  return Array.from({ length: months }, (_, i) => ({
    number: i + 1,
    due_date: `${2026 + Math.floor((11 + i) / 12)}-${String(((11 + i) % 12) + 1).padStart(2, '0')}-20`,
    amount,
    penalty: 0,
    paid: 0,
    state: 'upcoming' as const,
    paid_at: null,
  }));
}

/** A signed, running credit of 6 × 450 000 for order 5. */
export function makeCredit(id: number, overrides: Partial<CreditDetail> = {}): CreditDetail {
  return {
    id,
    code: `BZ-${id}`,
    order_id: 5,
    status: 'active',
    status_name: 'Faol',
    months: 6,
    monthly_payment: 450_000,
    total: 2_700_000,
    paid: 0,
    debt_summa: 2_700_000,
    need_payed_price: 0,
    next_due_date: '2026-12-20',
    next_payment: 450_000,
    created_at: '2026-11-20T08:30:00.000Z',
    financed: 2_400_000,
    markup_percent: 12,
    card: makeCard(),
    signed_at: '2026-11-20T09:00:00.000Z',
    schedule: makeSchedule(6, 450_000),
    payments: [],
    receipts: [],
    items: makeOrderDetail(5).items,
    prepayment_due: 0,
    ...overrides,
  };
}

/** A credit as `GET /credits` lists it. */
export function creditSummaryOf(credit: CreditDetail) {
  const {
    financed: _f,
    markup_percent: _m,
    card: _c,
    signed_at: _s,
    schedule: _sc,
    payments: _p,
    receipts: _r,
    items: _i,
    prepayment_due: _d,
    ...summary
  } = credit;
  return summary;
}

/** One page of a paged list. */
export function pageOf<T>(data: T[], page = 1, lastPage = 1) {
  return {
    data,
    meta: { current_page: page, last_page: lastPage, per_page: 10, total: data.length },
  };
}

/** jsdom has <dialog> without its modal methods: enough of them for the modals to open and close. */
export function installDialogMethods(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
