import type { DeliveryQuote, OrderProducts, TariffQuote } from '@bozor/shared';
import { configure, getConfig, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fetch.ts';
import { makeClientInfo, makeProduct, makeScoring, makeUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../test/session.ts';
import { routes } from '../router.tsx';

const { asyncUtilTimeout } = getConfig();
// the whole shop renders around each page (header, footer, modals): slow on a busy machine
beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout }));

beforeAll(async () => {
  await Promise.all([
    import('../contract-show-route.tsx'),
    import('../../features/checkout/components/checkout-page.tsx'),
    import('../../features/checkout/components/result-pages.tsx'),
  ]);
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const phone = makeProduct(1, { name: 'Smartfon A15', price: 2_400_000 });
const lines: OrderProducts = {
  items: [{ product_id: 1, count: 2, price: 1_200_000, total: 2_400_000, product: phone }],
  count: 2,
  total: 2_400_000,
  size_class: 'standard',
};
const quotes: TariffQuote[] = [
  { id: 1, duration: 6, markup_percent: 10, monthly_payment: 440_000, total_price: 2_640_000 },
  { id: 2, duration: 12, markup_percent: 20, monthly_payment: 240_000, total_price: 2_880_000 },
];
const pickupQuote: DeliveryQuote = {
  type: 'pickup',
  size_class: 'standard',
  region: null,
  fee: 0,
  promised_on: '2026-12-01',
  free_from: null,
  left_for_free: 0,
};
/** Installments are offered to a scored customer only. */
const scored = makeClientInfo(makeUser({ is_scoring: true }), makeScoring({ step: 'approved' }));

describe('the checkout routes', () => {
  afterEach(() => {
    sessionStorage.clear();
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('send a visitor without a stored token from /checkout/billing to the basket', async () => {
    stubApi({});
    const router = renderRoutes(routes, '/checkout/billing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket'));
  });

  it('keep /contract/show without a credit as the offer text', async () => {
    stubApi({
      '/api/contents/offer': {
        data: { slug: 'offer', title: 'Ommaviy oferta', description: '<p>Shartlar</p>' },
      },
    });
    renderRoutes(routes, '/contract/show');
    expect(await screen.findByRole('heading', { name: 'Ommaviy oferta' })).toBeInTheDocument();
  });

  it('show the thanks page with the amount paid', async () => {
    signInForTest();
    stubApi({});
    renderRoutes(routes, '/checkout/thanks?amount=1250000&order=7');
    expect(
      await screen.findByRole('heading', { name: "1 250 000 so'm to'landi" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buyurtmaga qaytish' })).toHaveAttribute(
      'href',
      '/order-detail/7',
    );
  });

  it('show the goods on /checkout; with no address or branch Next waits, and nothing is quoted', async () => {
    signInForTest();
    const user = userEvent.setup();
    const fetchMock = stubApi({
      '/api/order-products': { data: lines },
      '/api/orders/delivery-addresses': { data: [] },
      '/api/clients/limit': { data: { limit: 10_000_000, used: 0, available: 10_000_000 } },
      '/api/clients/info': scored,
      'POST /api/calculator': { data: quotes },
    });
    const router = renderRoutes(routes, '/checkout');
    expect(await screen.findByRole('link', { name: 'Smartfon A15' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Davom etish' });
    expect(next).toBeDisabled();
    // the pick-up points are not in the shared endpoint table, so they answer as the shop would
    // before it had any: no branch, an empty list
    await user.click(screen.getByRole('radio', { name: 'Filialdan olib ketish' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Manzilga' }));
    expect(screen.getByText("Saqlangan manzil hali yo'q")).toBeVisible();
    expect(next).toBeDisabled();
    // tariffs are quoted on the goods with their delivery: none before a delivery is chosen
    expect(screen.queryByRole('radio', { name: /12 oy/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/calculator')).toEqual([]);
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('suggest the current address and go on to billing with the longest tariff', async () => {
    signInForTest();
    const user = userEvent.setup();
    const place = { id: 1, name: 'Toshkent' };
    stubApi({
      '/api/order-products': { data: lines },
      '/api/orders/delivery-addresses': {
        data: [
          {
            id: 8,
            region: place,
            district: { id: 2, name: 'Chilonzor' },
            address: "Bunyodkor ko'chasi, 1",
            apartment: null,
            landmark: null,
            phone: '998901234567',
            created_at: '2026-11-01T10:00:00.000Z',
            updated_at: '2026-11-01T10:00:00.000Z',
          },
        ],
      },
      '/api/clients/limit': { data: { limit: 10_000_000, used: 0, available: 10_000_000 } },
      '/api/clients/info': scored,
      'POST /api/calculator': { data: quotes },
      // checkout quotes delivery for the chosen address or pick-up before it offers tariffs
      '/api/branches': { data: [] },
      '/api/delivery/quote': { data: pickupQuote },
      '/api/cards': { data: [] },
    });
    const router = renderRoutes(routes, '/checkout');
    expect(await screen.findByRole('radio', { name: /Bunyodkor/ })).toBeChecked();
    await screen.findByRole('radio', { name: /12 oy/ });
    await user.click(screen.getByRole('button', { name: 'Davom etish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/billing'));
    expect(JSON.parse(sessionStorage.getItem('checkoutDraft') ?? '{}')).toMatchObject({
      delivery: { kind: 'address', id: 8 },
      paymentType: 'installment',
      tariffId: 2,
      prepayment: 0,
    });
  });
});
