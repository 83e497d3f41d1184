import {
  addDays,
  type DeliveryAddress,
  type DeliveryQuote,
  type OrderProducts,
  type TariffQuote,
  tashkentDay,
} from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { makeClientInfo, makeProduct, makeScoring, makeUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { clearCheckoutDraft, updateCheckoutDraft, useCheckoutDraft } from '../checkout-draft.ts';
import { CheckoutPage } from '../components/checkout-page.tsx';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const tshirt = makeProduct(1, { price: 150_000 });
const lines: OrderProducts = {
  items: [{ product_id: 1, count: 1, price: 150_000, total: 150_000, product: tshirt }],
  count: 1,
  total: 150_000,
  size_class: 'standard',
};
const quote: TariffQuote = {
  id: 7,
  duration: 12,
  markup_percent: 44,
  monthly_payment: 18_000,
  total_price: 216_000,
};

const tomorrow = addDays(tashkentDay(new Date()), 1);
const pickup: DeliveryQuote = {
  type: 'pickup',
  size_class: 'standard',
  region: null,
  fee: 0,
  promised_on: tomorrow,
  free_from: null,
  left_for_free: 0,
};
const home: DeliveryAddress = {
  id: 4,
  region: { id: 11, name: 'Toshkent shahri' },
  district: { id: 101, name: 'Chilonzor tumani' },
  address: "Bunyodkor ko'chasi, 7",
  apartment: null,
  landmark: null,
  phone: '998901234567',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

function stubCheckout(
  info: ReturnType<typeof makeClientInfo>,
  delivery: {
    addresses?: DeliveryAddress[];
    quote?: (url: string) => DeliveryQuote;
    lines?: OrderProducts;
  } = {},
) {
  return stubApi({
    '/api/order-products': { data: delivery.lines ?? lines },
    '/api/orders/delivery-addresses': { data: delivery.addresses ?? [] },
    '/api/branches': { data: [] },
    '/api/delivery/quote': (url: string) => ({
      status: 200,
      body: { data: delivery.quote?.(url) ?? pickup },
    }),
    '/api/clients/info': info,
    '/api/clients/limit': { data: { limit: 2_000_000, used: 0, available: 2_000_000 } },
    'POST /api/calculator': { data: [quote] },
  });
}

function BillingProbe() {
  return <p>billing: {useCheckoutDraft().paymentType}</p>;
}

function renderCheckout() {
  return renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/checkout/billing', element: <BillingProbe /> },
      { path: '/scoring', element: <p>scoring page</p> },
    ],
    '/checkout',
  );
}

const paymentType = async () => within(await screen.findByRole('group', { name: "To'lov usuli" }));

describe("the checkout's payment type", () => {
  beforeEach(() => {
    signInForTest();
    updateCheckoutDraft({ delivery: { kind: 'branch', id: 3 } });
  });

  afterEach(() => {
    signOutForTest();
    clearCheckoutDraft();
    vi.unstubAllGlobals();
  });

  it('offers a scored customer installments, chosen first, and paying in full', async () => {
    stubCheckout(makeClientInfo(makeUser({ is_scoring: true }), makeScoring({ step: 'approved' })));
    renderCheckout();
    const group = await paymentType();
    const installment = group.getByRole('radio', { name: "Muddatli to'lov" });
    expect(installment).toBeEnabled();
    expect(installment).toBeChecked();
    expect(await screen.findByRole('radio', { name: /12 oy/ })).toBeChecked();
    expect(screen.queryByTestId('installment-unavailable')).not.toBeInTheDocument();
    await userEvent.click(group.getByRole('radio', { name: "To'liq to'lov" }));
    expect(group.getByRole('radio', { name: "To'liq to'lov" })).toBeChecked();
  });

  it('lets a customer not scored yet pay in full, and links to scoring for installments', async () => {
    stubCheckout(makeClientInfo(makeUser({ is_scoring: false }), makeScoring()));
    const router = renderCheckout();
    const group = await paymentType();
    const installment = group.getByRole('radio', { name: "Muddatli to'lov" });
    expect(installment).toBeDisabled();
    expect(installment).toHaveAccessibleDescription(/skoringdan o'tgan xaridorlar uchun/);
    expect(group.getByRole('radio', { name: "To'liq to'lov" })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /12 oy/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Skoringdan o'tish" })).toHaveAttribute(
      'href',
      '/scoring',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Davom etish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/billing'));
    expect(screen.getByText('billing: full')).toBeInTheDocument();
  });

  it('tells a customer in review that installments open with the decision', async () => {
    stubCheckout(makeClientInfo(makeUser(), makeScoring({ step: 'review' })));
    renderCheckout();
    const group = await paymentType();
    expect(group.getByRole('radio', { name: "Muddatli to'lov" })).toBeDisabled();
    expect(group.getByRole('radio', { name: "To'liq to'lov" })).toBeChecked();
    expect(screen.getByTestId('installment-unavailable')).toHaveTextContent(
      "Skoring arizangiz ko'rib chiqilmoqda",
    );
  });

  it('tells a rejected customer until when installments are closed; paying in full is open', async () => {
    stubCheckout(
      makeClientInfo(
        makeUser(),
        makeScoring({
          step: 'rejected',
          reason: 'LOW_INCOME',
          retry_at: '2026-12-24T09:00:00.000Z',
        }),
      ),
    );
    const router = renderCheckout();
    const group = await paymentType();
    expect(group.getByRole('radio', { name: "Muddatli to'lov" })).toBeDisabled();
    expect(group.getByRole('radio', { name: "To'liq to'lov" })).toBeChecked();
    expect(screen.getByTestId('installment-unavailable')).toHaveTextContent(
      "Muddatli to'lov 24-dekabr, 2026 gacha mavjud emas",
    );
    expect(screen.queryByRole('link', { name: "Skoringdan o'tish" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Davom etish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/billing'));
    expect(screen.getByText('billing: full')).toBeInTheDocument();
  });
});

describe("the checkout's delivery", () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    clearCheckoutDraft();
    vi.unstubAllGlobals();
  });

  it("shows the courier's fee and day for the chosen address, what makes it free, and the total with it", async () => {
    const asked: string[] = [];
    stubCheckout(makeClientInfo(makeUser(), makeScoring()), {
      addresses: [home],
      quote: (url) => {
        asked.push(url);
        return {
          type: 'courier',
          size_class: 'standard',
          region: home.region,
          fee: 20_000,
          promised_on: tomorrow,
          free_from: 500_000,
          left_for_free: 350_000,
        };
      },
    });
    renderCheckout();
    expect(await screen.findByTestId('delivery-fee')).toHaveTextContent("20 000 so'm");
    expect(screen.getByTestId('delivery-date')).toHaveTextContent(/^ertaga, /);
    expect(screen.getByTestId('delivery-free-hint')).toHaveTextContent(
      "Yana 350 000 so'mlik mahsulot qo'shing",
    );
    expect(screen.getByTestId('checkout-total')).toHaveTextContent("170 000 so'm");
    // the current address's region and district, and the goods' sum
    expect(asked.at(-1)).toContain('type=courier&sum=150000&region_id=11&district_id=101');
  });

  it('quotes a basket holding bulky goods by the bulky terms, with no threshold to reach', async () => {
    const asked: string[] = [];
    stubCheckout(makeClientInfo(makeUser(), makeScoring()), {
      addresses: [home],
      lines: { ...lines, size_class: 'bulky' },
      quote: (url) => {
        asked.push(url);
        return {
          type: 'courier',
          size_class: 'bulky',
          region: home.region,
          fee: 150_000,
          promised_on: addDays(tomorrow, 1),
          free_from: null,
          left_for_free: 0,
        };
      },
    });
    renderCheckout();
    expect(await screen.findByTestId('delivery-fee')).toHaveTextContent("150 000 so'm");
    expect(screen.queryByTestId('delivery-free-hint')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent("300 000 so'm");
    expect(asked.at(-1)).toContain('region_id=11&district_id=101&size_class=bulky');
  });

  it('shows pick-up free, with the day it can be collected', async () => {
    stubCheckout(makeClientInfo(makeUser(), makeScoring()));
    updateCheckoutDraft({ delivery: { kind: 'branch', id: 3 } });
    renderCheckout();
    expect(await screen.findByTestId('delivery-fee')).toHaveTextContent('bepul');
    expect(screen.getByText('Olib ketish mumkin')).toBeInTheDocument();
    expect(screen.queryByTestId('delivery-free-hint')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent("150 000 so'm");
  });
});
