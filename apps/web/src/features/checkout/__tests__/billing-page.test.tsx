import type { Card, OrderProducts, TariffQuote } from '@bozor/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { stubApi } from '../../../test/fetch.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { clearCheckoutDraft, updateCheckoutDraft } from '../checkout-draft.ts';
import { BillingPage } from '../components/billing-page.tsx';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const phone = makeProduct(1, { price: 2_000_000 });
const lines: OrderProducts = {
  items: [{ product_id: 1, count: 1, price: 2_000_000, total: 2_000_000, product: phone }],
  count: 1,
  total: 2_000_000,
  size_class: 'standard',
};
const card: Card = {
  id: 4,
  card_number: '8600********1110',
  type: 'uzcard',
  expire: '12/30',
  created_at: '2026-11-20T08:30:00.000Z',
};
const quote = (prepayment: number): TariffQuote => ({
  id: 7,
  duration: 12,
  markup_percent: 20,
  monthly_payment: Math.ceil(((2_000_000 - prepayment) * 1.2) / 12),
  total_price: (2_000_000 - prepayment) * 1.2,
});
const shortfall = {
  status: 422,
  body: {
    message: 'Limit yetarli emas',
    code: 'LIMIT_NOT_ENOUGH',
    data: { min_prepayment: 800_000, available: 1_200_000, total: 2_000_000 },
  },
};
const placed = {
  message: 'Buyurtma qabul qilindi',
  data: { order_id: 31, credit_id: 12, need_payed_price: 800_000 },
};

function stubCheckout(orders: () => { status: number; body: unknown }) {
  return stubApi({
    '/api/order-products': { data: lines },
    '/api/cards': { data: [card] },
    'POST /api/calculator': (_url: string, init: RequestInit | undefined) => {
      const { prepayment } = JSON.parse(String(init?.body)) as { prepayment: number };
      return { status: 200, body: { data: [quote(prepayment)] } };
    },
    'POST /api/orders': orders,
  });
}

function renderBilling() {
  return renderRoutes(
    [
      { path: '/checkout/billing', element: <BillingPage /> },
      { path: '/checkout', element: <p>checkout page</p> },
      { path: '/contract/show', element: <p>contract page</p> },
      { path: '/scoring', element: <p>scoring page</p> },
    ],
    '/checkout/billing',
  );
}

const keysOf = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/orders' && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);

describe('the billing page', () => {
  beforeEach(() => {
    signInForTest();
    updateCheckoutDraft({
      delivery: { kind: 'branch', id: 3 },
      paymentType: 'installment',
      tariffId: 7,
      prepayment: 0,
      cardId: 4,
    });
  });
  afterEach(() => {
    clearCheckoutDraft();
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('places the order and goes on to the contract', async () => {
    const fetchMock = stubCheckout(() => ({ status: 200, body: placed }));
    const router = renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Buyurtma berish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract/show'));
    expect(router.state.location.search).toBe('?credit=12');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/orders');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      payment_type: 'installment',
      tariff_id: 7,
      prepayment: 0,
      card_id: 4,
      branch_id: 3,
    });
  });

  it('shows the not-enough screen and raises the prepayment from it', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const fetchMock = stubCheckout(() =>
      tries++ === 0 ? shortfall : { status: 200, body: placed },
    );
    const router = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Buyurtma berish' }));
    expect(
      await screen.findByRole('heading', {
        name: "Boshlang'ich to'lov uchun 800 000 so'm yetmayapti",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Orqaga qaytish' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Boshlang'ich to'lovni oshirish" }));
    const field = screen.getByRole('textbox', { name: /Boshlang'ich to'lov summasi/ });
    expect(field).toHaveValue('800 000');
    await user.click(screen.getByRole('button', { name: 'Saqlash' }));

    await user.click(await screen.findByRole('button', { name: 'Buyurtma berish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract/show'));
    const bodies = fetchMock.mock.calls
      .filter(([url]) => url === '/api/orders')
      .map(([, init]) => JSON.parse(String(init?.body)) as { prepayment: number });
    expect(bodies.map((b) => b.prepayment)).toEqual([0, 800_000]);
    // a new prepayment is a new order intent: a new key
    const [first, second] = keysOf(fetchMock);
    expect(first).not.toBe(second);
  });

  it('sends a customer without scoring to /scoring, still signed in', async () => {
    const error = vi.spyOn(toast, 'error');
    const message = "Muddatli to'lov uchun avval skoringdan o'ting";
    stubCheckout(() => ({ status: 422, body: { message, code: 'SCORING_REQUIRED' } }));
    const router = renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Buyurtma berish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scoring'));
    expect(error).toHaveBeenCalledWith(message);
    expect(localStorage.getItem('serviceToken')).toBe('test-token');
  });

  it('goes back to checkout from the not-enough screen', async () => {
    stubCheckout(() => shortfall);
    const router = renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Buyurtma berish' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Orqaga qaytish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('retries a lost order with the same Idempotency-Key', async () => {
    const user = userEvent.setup();
    const api = stubCheckout(() => ({ status: 200, body: placed }));
    let lost = true;
    const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/orders' && lost) {
        lost = false;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return api(input, init);
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderBilling();
    const place = await screen.findByRole('button', { name: 'Buyurtma berish' });
    await user.click(place);
    await waitFor(() => expect(place).toBeEnabled());
    expect(router.state.location.pathname).toBe('/checkout/billing');
    await user.click(place);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract/show'));
    const [first, second] = keysOf(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
  });

  it('asks a new key after a definite refusal', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const fetchMock = stubCheckout(() =>
      tries++ === 0
        ? { status: 409, body: { message: 'Mahsulot tugadi', code: 'OUT_OF_STOCK' } }
        : { status: 200, body: placed },
    );
    const router = renderBilling();
    const place = await screen.findByRole('button', { name: 'Buyurtma berish' });
    await user.click(place);
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract/show'));
    const [first, second] = keysOf(fetchMock);
    expect(second).not.toBe(first);
  });
});
