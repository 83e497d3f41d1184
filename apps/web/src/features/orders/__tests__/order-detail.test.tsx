import type { OrderDetail } from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { stubApi } from '../../../test/fetch.ts';
import { installDialogMethods, makeOrderDetail } from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { OrderDetailPage } from '../components/order-detail-page.tsx';
import { orderPayAction } from '../pay-action.ts';

beforeAll(installDialogMethods);

function renderPage(id = 5) {
  return renderRoutes(
    [
      {
        path: '/order-detail/:id',
        element: (
          <>
            <OrderDetailPage />
            <Toaster />
          </>
        ),
      },
    ],
    `/order-detail/${id}`,
  );
}

const installmentOrder = (overrides: Partial<OrderDetail> = {}) =>
  makeOrderDetail(5, {
    payment_type: 'installment',
    credit_id: 3,
    credit_status: 'active',
    prepayment: 500_000,
    need_payed_price: 500_000,
    tariff: { months: 6, markup_percent: 12 },
    ...overrides,
  });

const creditCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/credits'));

describe('the order page', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it("shows the delivery's promised day and its fee apart from the goods", async () => {
    stubApi({
      '/api/orders/5': {
        data: makeOrderDetail(5, {
          total: 2_420_000,
          delivery_fee: 20_000,
          delivery_promised_on: '2026-11-22',
        }),
      },
    });
    renderPage();
    expect(await screen.findByTestId('order-promised-on')).toHaveTextContent(
      "Va'da qilingan sana: 22-noyabr, 2026",
    );
    const summary = screen.getByRole('region', { name: 'Buyurtma xulosasi' });
    expect(within(summary).getByText('Mahsulotlar').nextSibling).toHaveTextContent(
      "2 400 000 so'm",
    );
    expect(within(summary).getByText('Yetkazib berish').nextSibling).toHaveTextContent(
      "20 000 so'm",
    );
  });

  it('shows no delivery rows on an order placed before delivery had a price', async () => {
    stubApi({ '/api/orders/5': { data: makeOrderDetail(5) } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Buyurtma №5' })).toBeInTheDocument();
    expect(screen.queryByTestId('order-promised-on')).not.toBeInTheDocument();
    expect(screen.queryByText('Yetkazib berish')).not.toBeInTheDocument();
  });

  it('shows the goods linking to their products, the status, the delivery, the card and the payments', async () => {
    stubApi({
      '/api/orders/5': {
        data: makeOrderDetail(5, {
          status: 2,
          status_name: 'Tasdiqlangan',
          need_payed_price: 0,
          payments: [
            {
              id: 1,
              purpose: 'full',
              state: 'paid',
              method: 'card',
              amount: 2_400_000,
              card_number: '8600********1110',
              decline: null,
              created_at: '2026-11-20T09:00:00.000Z',
            },
          ],
        }),
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Buyurtma №5' })).toBeInTheDocument();
    expect(screen.getByText('Tasdiqlangan')).toHaveAttribute('data-tone', 'violet');
    expect(screen.getByRole('link', { name: 'Samsung Galaxy A55' })).toHaveAttribute(
      'href',
      '/product/samsung-galaxy-a55',
    );
    expect(screen.getByText('Toshkent, Chilonzor 9, 12-uy')).toBeInTheDocument();
    expect(screen.getByText("To'liq to'lov")).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Uzcard' })).toBeInTheDocument();
    const payments = screen.getByTestId('payments');
    expect(within(payments).getByText("Buyurtma uchun to'lov")).toBeInTheDocument();
    expect(within(payments).getByText("To'landi")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /to'lash/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Qaytarish' })).not.toBeInTheDocument();
  });

  it("lists where the order is on its way, with the courier's tracking number", async () => {
    stubApi({
      '/api/orders/5': {
        data: makeOrderDetail(5, {
          status: 3,
          status_name: 'Kuryerga topshirildi',
          need_payed_price: 0,
          step: 'with_courier',
          courier_name: 'Jasur Aliyev',
          tracking_number: 'BZ-TRK-0042',
          progress: [
            { step: 'placed', name: 'Buyurtma berildi', at: '2026-11-20T08:30:00.000Z' },
            { step: 'paid', name: "To'landi", at: '2026-11-20T08:31:00.000Z' },
            {
              step: 'packed',
              name: "Qadoqlandi va jo'natishga tayyor",
              at: '2026-11-20T10:00:00.000Z',
            },
            { step: 'with_courier', name: 'Kuryerga topshirildi', at: '2026-11-21T09:00:00.000Z' },
          ],
        }),
      },
    });
    renderPage();
    const progress = await screen.findByRole('region', { name: 'Buyurtma qayerda' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Buyurtma berildi'),
      expect.stringContaining("To'landi"),
      expect.stringContaining("Qadoqlandi va jo'natishga tayyor"),
      expect.stringContaining('Kuryerga topshirildi'),
    ]);
    expect(
      within(progress).getByText('Kuryer: Jasur Aliyev, kuzatuv raqami BZ-TRK-0042'),
    ).toBeInTheDocument();
  });

  it('names a payment taken in cash at a branch instead of a card', async () => {
    stubApi({
      '/api/orders/5': {
        data: makeOrderDetail(5, {
          status: 2,
          need_payed_price: 0,
          payments: [
            {
              id: 3,
              purpose: 'installment',
              method: 'cash',
              state: 'paid',
              amount: 700_000,
              card_number: null,
              decline: null,
              created_at: '2026-11-21T09:00:00.000Z',
            },
          ],
        }),
      },
    });
    renderPage();
    const payments = await screen.findByTestId('payments');
    expect(payments).toHaveTextContent('naqd pul, filialda');
    expect(payments).not.toHaveTextContent('••••');
  });

  it('sends an unpaid full order to the card selection', async () => {
    stubApi({ '/api/orders/5': { data: makeOrderDetail(5) } });
    renderPage();
    expect(await screen.findByRole('link', { name: "2 400 000 so'm to'lash" })).toHaveAttribute(
      'href',
      '/checkout/list-cards?order=5',
    );
  });

  it('sends an installment order with a signed contract to the first payment', async () => {
    const fetchMock = stubApi({ '/api/orders/5': { data: installmentOrder() } });
    renderPage();
    expect(await screen.findByRole('link', { name: "500 000 so'm to'lash" })).toHaveAttribute(
      'href',
      '/checkout/list-cards?credit=3&first=1',
    );
    expect(screen.getByText('6 oy, ustama 12%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "To'lov jadvali" })).toHaveAttribute(
      'href',
      '/installment/3',
    );
    expect(creditCalls(fetchMock)).toEqual([]);
  });

  it('sends an installment order whose contract is not signed to the contract', async () => {
    const fetchMock = stubApi({
      '/api/orders/5': { data: installmentOrder({ credit_status: 'not_signed' }) },
    });
    renderPage();
    expect(await screen.findByRole('link', { name: "500 000 so'm to'lash" })).toHaveAttribute(
      'href',
      '/contract/show?credit=3',
    );
    expect(creditCalls(fetchMock)).toEqual([]);
  });

  it('asks to sign a contract with nothing to pay up front', async () => {
    stubApi({
      '/api/orders/5': {
        data: installmentOrder({ credit_status: 'not_signed', prepayment: 0, need_payed_price: 0 }),
      },
    });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Shartnomani imzolash' })).toHaveAttribute(
      'href',
      '/contract/show?credit=3',
    );
  });

  it('offers the return of a delivered order', async () => {
    stubApi({
      '/api/orders/5': {
        data: makeOrderDetail(5, {
          status: 4,
          status_name: 'Yetkazildi',
          need_payed_price: 0,
          can_cancel: false,
          can_return: true,
        }),
      },
    });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Qaytarish' })).toHaveAttribute(
      'href',
      '/return?order=5',
    );
    expect(
      screen.queryByRole('button', { name: 'Buyurtmani bekor qilish' }),
    ).not.toBeInTheDocument();
  });

  it('says a return is under review and offers no second one', async () => {
    stubApi({
      '/api/orders/5': {
        data: makeOrderDetail(5, {
          status: 4,
          status_name: 'Yetkazildi',
          need_payed_price: 0,
          can_cancel: false,
          can_return: false,
          return_request: {
            status: 'requested',
            reject_reason: null,
            requested_at: '2026-11-25T09:00:00.000Z',
          },
        }),
      },
    });
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Qaytarish so'ralgan — do'kon ko'rib chiqmoqda.",
    );
    expect(screen.queryByRole('link', { name: 'Qaytarish' })).not.toBeInTheDocument();
  });

  it("shows the shop's reason for a rejected return beside the return link", async () => {
    stubApi({
      '/api/orders/5': {
        data: makeOrderDetail(5, {
          status: 4,
          status_name: 'Yetkazildi',
          need_payed_price: 0,
          can_cancel: false,
          can_return: true,
          return_request: {
            status: 'rejected',
            reject_reason: 'Qadoq ochilgan',
            requested_at: '2026-11-25T09:00:00.000Z',
          },
        }),
      },
    });
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Qaytarish rad etildi: Qadoq ochilgan',
    );
    expect(screen.getByRole('link', { name: 'Qaytarish' })).toHaveAttribute(
      'href',
      '/return?order=5',
    );
  });

  it('cancels only after the customer confirms, then shows the order as the server left it', async () => {
    let order = makeOrderDetail(5);
    const fetchMock = stubApi({
      'GET /api/orders/5': () => ({ status: 200, body: { data: order } }),
      'POST /api/orders/cancel/5': () => {
        order = makeOrderDetail(5, {
          status: -2,
          status_name: 'Bekor qilingan',
          need_payed_price: 0,
          can_cancel: false,
        });
        return { status: 200, body: { message: 'Buyurtma bekor qilindi', data: order } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Buyurtmani bekor qilish' }));
    const dialog = screen.getByRole('dialog', { name: 'Buyurtma bekor qilinsinmi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Bekor qilish' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Buyurtmani bekor qilish' }));
    const again = screen.getByRole('dialog', { name: 'Buyurtma bekor qilinsinmi?' });
    await user.click(within(again).getByRole('button', { name: 'Ha, bekor qilish' }));
    expect(await screen.findByText('Buyurtma bekor qilindi')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          String(url) === '/api/orders/cancel/5' &&
          init?.method === 'POST' &&
          // a refund moves money: it carries its key, so a retry cannot refund twice
          /^[0-9a-f-]{36}$/.test(new Headers(init.headers).get('idempotency-key') ?? ''),
      ),
    ).toBe(true);
    await waitFor(() =>
      expect(screen.getByText('Bekor qilingan')).toHaveAttribute('data-tone', 'primary'),
    );
    expect(
      screen.queryByRole('button', { name: 'Buyurtmani bekor qilish' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /to'lash/ })).not.toBeInTheDocument();
  });

  it("shows the not-found page for an order that is not the customer's", async () => {
    stubApi({
      '/api/orders/9': () => ({
        status: 404,
        body: { message: 'Buyurtma topilmadi', code: 'NOT_FOUND' },
      }),
    });
    renderPage(9);
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});

describe('orderPayAction', () => {
  const order = {
    id: 5,
    status: 1,
    payment_type: 'installment',
    credit_id: 3,
    credit_status: 'not_signed',
    need_payed_price: 0,
  } as const;

  it('asks to sign an unsigned contract even with nothing to pay up front', () => {
    expect(orderPayAction(order)).toEqual({ kind: 'sign', to: '/contract/show?credit=3' });
  });

  it('leads a signed contract to its first payment, the one before to the contract', () => {
    const due = { ...order, need_payed_price: 500_000 };
    expect(orderPayAction({ ...due, credit_status: 'active' })).toEqual({
      kind: 'pay',
      to: '/checkout/list-cards?credit=3&first=1',
      amount: 500_000,
    });
    expect(orderPayAction(due)).toEqual({
      kind: 'pay',
      to: '/contract/show?credit=3',
      amount: 500_000,
    });
  });

  it('offers nothing once the order is past new', () => {
    expect(
      orderPayAction({
        ...order,
        status: -2,
        credit_status: 'cancelled',
        need_payed_price: 500_000,
      }),
    ).toBeNull();
    expect(orderPayAction({ ...order, status: 2, credit_status: 'active' })).toBeNull();
  });
});
