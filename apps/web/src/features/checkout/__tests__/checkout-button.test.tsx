import type { BasketInfo, BasketLine, OrderProducts } from '@bozor/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localBasket, toBasketProduct } from '../../../lib/local-basket.ts';
import { stubApi } from '../../../test/fetch.ts';
import { makeClientInfo, makeProduct, makeScoring, makeUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { closeSignIn, signInNextPath, useSignInOpen } from '../../auth/index.ts';
import { CheckoutButton } from '../components/checkout-button.tsx';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const phone = makeProduct(1, { price: 2_000_000 });
const tv = makeProduct(2, { price: 3_000_000 });

const line = (id: number, product = phone, overrides: Partial<BasketLine> = {}): BasketLine => ({
  id,
  product_id: product.id,
  count: 1,
  checked: true,
  product,
  stock: 10,
  ...overrides,
});

const info: BasketInfo = {
  lines: 2,
  count: 2,
  total: 5_000_000,
  total_old_price: 5_000_000,
  discount: 0,
  monthly_payment: 500_000,
  months: 12,
  size_class: 'standard',
};

const checkoutLines: OrderProducts = {
  items: [{ product_id: 1, count: 1, price: 2_000_000, total: 2_000_000, product: phone }],
  count: 1,
  total: 2_000_000,
  size_class: 'standard',
};

function SignInProbe() {
  return <p>{useSignInOpen() ? 'sign-in open' : 'sign-in closed'}</p>;
}

function renderBasket(path = '/basket') {
  return renderRoutes(
    [
      {
        path: '/basket',
        element: (
          <>
            <CheckoutButton />
            <SignInProbe />
          </>
        ),
      },
      { path: '/scoring', element: <p>scoring page</p> },
      { path: '/checkout', element: <p>checkout page</p> },
    ],
    path,
  );
}

const button = () => screen.findByRole('button', { name: 'Rasmiylashtirish' });

describe("the basket's Checkout button", () => {
  afterEach(() => {
    signOutForTest();
    closeSignIn();
    localBasket.set([]);
    vi.unstubAllGlobals();
  });

  it('asks an anonymous visitor to sign in, and to come back to the checkout after', async () => {
    localBasket.set([{ product_id: 1, count: 1, checked: true, product: toBasketProduct(phone) }]);
    stubApi({ '/api/products/stock': { data: [{ ...phone, stock: 3, size_class: 'standard' }] } });
    renderBasket();
    await userEvent.click(await button());
    expect(screen.getByText('sign-in open')).toBeInTheDocument();
    expect(signInNextPath()).toBe('/basket?checkout=1');
  });

  it('is disabled for a visitor whose only line the shop says is sold out', async () => {
    localBasket.set([{ product_id: 1, count: 2, checked: true, product: toBasketProduct(phone) }]);
    stubApi({ '/api/products/stock': { data: [{ ...phone, stock: 1, size_class: 'standard' }] } });
    renderBasket();
    await waitFor(async () => expect(await button()).toBeDisabled());
    expect(screen.getByRole('status')).toHaveTextContent(/Tugagan mahsulotlar savatda qoladi/);
  });

  it('goes on to checkout for a customer who pressed it before signing in', async () => {
    signInForTest();
    const fetchMock = stubApi({
      '/api/baskets': { data: [line(11), line(12, tv, { stock: 0 })] },
      '/api/baskets/info': { data: info },
      'POST /api/baskets/add-to-order': { message: 'OK', data: checkoutLines },
    });
    const router = renderBasket('/basket?checkout=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const calls = fetchMock.mock.calls.filter(([url]) => url === '/api/baskets/add-to-order');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ ids: [11] });
  });

  it('is disabled while nothing is checked', async () => {
    localBasket.set([{ product_id: 1, count: 1, checked: false, product: toBasketProduct(phone) }]);
    stubApi({});
    renderBasket();
    expect(await button()).toBeDisabled();
  });

  it.each([
    ['not scored yet', makeUser({ is_scoring: false }), makeScoring()],
    [
      'rejected by scoring',
      makeUser({ is_scoring: false }),
      makeScoring({ step: 'rejected', retry_at: '2026-12-24T09:00:00.000Z' }),
    ],
  ])(
    'takes a customer %s to checkout, where paying in full needs no scoring',
    async (_, user, scoring) => {
      signInForTest();
      stubApi({
        '/api/baskets': { data: [line(11)] },
        '/api/baskets/info': { data: info },
        '/api/clients/info': makeClientInfo(user, scoring),
        'POST /api/baskets/add-to-order': { message: 'OK', data: checkoutLines },
      });
      const router = renderBasket();
      await waitFor(async () => expect(await button()).toBeEnabled());
      await userEvent.click(await button());
      await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    },
  );

  it('takes a scored customer’s checked lines to checkout', async () => {
    signInForTest();
    const fetchMock = stubApi({
      '/api/baskets': { data: [line(11), line(12, tv, { checked: false })] },
      '/api/baskets/info': { data: info },
      '/api/clients/info': makeClientInfo(makeUser({ is_scoring: true })),
      'POST /api/baskets/add-to-order': { message: 'OK', data: checkoutLines },
    });
    const router = renderBasket();
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.click(await button());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/baskets/add-to-order');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ ids: [11] });
  });

  it('leaves a sold-out line, or one asking for more than is left, in the basket', async () => {
    signInForTest();
    const fetchMock = stubApi({
      '/api/baskets': {
        data: [
          line(11, { ...phone, in_stock: false }, { stock: 0 }),
          line(12, tv, { count: 3, stock: 2 }),
          line(13, makeProduct(3), { stock: 5 }),
        ],
      },
      '/api/baskets/info': { data: info },
      'POST /api/baskets/add-to-order': { message: 'OK', data: checkoutLines },
    });
    const router = renderBasket();
    expect(await screen.findByText(/Tugagan mahsulotlar savatda qoladi/)).toBeInTheDocument();
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.click(await button());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/baskets/add-to-order');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ ids: [13] });
  });

  it('is disabled when every checked line is sold out', async () => {
    signInForTest();
    stubApi({
      '/api/baskets': { data: [line(11, { ...phone, in_stock: false }, { stock: 0 })] },
      '/api/baskets/info': { data: info },
    });
    renderBasket();
    expect(await screen.findByText(/Tugagan mahsulotlar savatda qoladi/)).toBeInTheDocument();
    expect(await button()).toBeDisabled();
  });
});
