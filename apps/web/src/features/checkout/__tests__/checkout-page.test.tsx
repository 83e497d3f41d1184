import type { OrderProducts, TariffQuote } from '@bozor/shared';
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
};
const quote: TariffQuote = {
  id: 7,
  duration: 12,
  markup_percent: 44,
  monthly_payment: 18_000,
  total_price: 216_000,
};

function stubCheckout(info: ReturnType<typeof makeClientInfo>) {
  return stubApi({
    '/api/order-products': { data: lines },
    '/api/orders/delivery-addresses': { data: [] },
    '/api/branches': { data: [] },
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
