import type { Card, PaymentResult } from '@bozor/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { stubApi } from '../../../test/fetch.ts';
import { makeCredit, makeOrderDetail } from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { ListCardsPage, paymentTargetOf } from '../components/list-cards-page.tsx';
import { PaymentErrorPage, ThanksPage } from '../components/result-pages.tsx';

const uzcard: Card = {
  id: 1,
  card_number: '8600********1110',
  type: 'uzcard',
  expire: '12/30',
  created_at: '2026-11-20T08:30:00.000Z',
};
const humo: Card = { ...uzcard, id: 2, card_number: '9860********1113', type: 'humo' };

const order = makeOrderDetail(5, {
  total: 2_000_000,
  need_payed_price: 2_000_000,
  delivery_type: 'pickup',
  card: uzcard,
});

const result = (state: PaymentResult['state']): PaymentResult => ({
  payment_id: 9,
  state,
  amount: 2_000_000,
  order_id: 5,
  credit_id: null,
  decline: null,
});

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/checkout/list-cards', element: <ListCardsPage /> },
      { path: '/checkout/thanks', element: <ThanksPage /> },
      { path: '/checkout/error', element: <PaymentErrorPage /> },
    ],
    path,
  );
}

describe('the payment target of /checkout/list-cards', () => {
  const of = (query: string) => paymentTargetOf(new URLSearchParams(query));
  it('reads the three forms and nothing else', () => {
    expect(of('order=5')).toEqual({ kind: 'order', orderId: 5 });
    expect(of('credit=3&first=1')).toEqual({ kind: 'first', creditId: 3 });
    expect(of('credit=3&amount=450000')).toEqual({ kind: 'credit', creditId: 3, amount: 450_000 });
    expect(of('credit=3')).toBeNull();
    expect(of('order=5&credit=3')).toBeNull();
    expect(of('order=-1')).toBeNull();
    expect(of('')).toBeNull();
  });
});

describe('the card selection screen', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    vi.useRealTimers();
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('starts with the card the order was placed with, and the customer may pick another', async () => {
    stubApi({ '/api/orders/5': { data: order }, '/api/cards': { data: [uzcard, humo] } });
    renderAt('/checkout/list-cards?order=5');
    expect(await screen.findByTestId('amount-due')).toHaveTextContent("2 000 000 so'm");
    expect(await screen.findByRole('radio', { name: /8600/ })).toBeChecked();
    const pay = screen.getByRole('button', { name: "To'lash" });
    expect(pay).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: /9860 \*\*\*\* \*\*\*\* 1113/ }));
    expect(screen.getByRole('radio', { name: /9860/ })).toBeChecked();
    expect(pay).toBeEnabled();
  });

  it('enables Pay only once a card is chosen when nothing names one', async () => {
    stubApi({ '/api/cards': { data: [uzcard, humo] } });
    renderAt('/checkout/list-cards?credit=3&amount=450000');
    const pay = await screen.findByRole('button', { name: "To'lash" });
    await screen.findByRole('radio', { name: /8600/ });
    expect(pay).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /9860/ }));
    expect(pay).toBeEnabled();
  });

  it("shows a credit's prepayment from the credit alone and pays it as the first payment", async () => {
    const fetchMock = stubApi({
      '/api/credits/3': { data: makeCredit(3, { order_id: 5, prepayment_due: 600_000 }) },
      '/api/cards': { data: [uzcard] },
      'POST /api/credits/first-payment/3/1': {
        message: "To'landi",
        data: { ...result('paid'), amount: 600_000, credit_id: 3 },
      },
    });
    const router = renderAt('/checkout/list-cards?credit=3&first=1');
    expect(await screen.findByTestId('amount-due')).toHaveTextContent("600 000 so'm");
    await userEvent.click(await screen.findByRole('radio', { name: /8600/ }));
    await userEvent.click(screen.getByRole('button', { name: "To'lash" }));
    expect(await screen.findByRole('heading', { name: "600 000 so'm to'landi" })).toBeVisible();
    expect(router.state.location.search).toBe('?amount=600000&order=5');
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url.startsWith('/api/orders'))).toEqual([]);
  });

  it('pays an installment with the amount asked and goes to thanks', async () => {
    const fetchMock = stubApi({
      '/api/cards': { data: [uzcard] },
      'POST /api/credits/payment/3': {
        message: "To'landi",
        data: { ...result('paid'), amount: 450_000, credit_id: 3 },
      },
    });
    const router = renderAt('/checkout/list-cards?credit=3&amount=450000');
    expect(await screen.findByTestId('amount-due')).toHaveTextContent("450 000 so'm");
    await userEvent.click(await screen.findByRole('radio', { name: /8600/ }));
    await userEvent.click(screen.getByRole('button', { name: "To'lash" }));
    expect(await screen.findByRole('heading', { name: "450 000 so'm to'landi" })).toBeVisible();
    expect(router.state.location.search).toBe('?amount=450000&order=5');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/credits/payment/3');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ card_id: 1, amount: 450_000 });
    const headers = (call?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers['Idempotency-Key']).toBeTruthy();
  });

  it('shows the checking spinner and polls every 2 s until the payment is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const fetchMock = stubApi({
      '/api/orders/5': { data: order },
      '/api/cards': { data: [uzcard] },
      'POST /api/orders/payment/5/1': { message: 'Tekshirilmoqda', data: result('checking') },
      '/api/payments/9': () => {
        polls += 1;
        return { status: 200, body: { data: result(polls < 3 ? 'checking' : 'paid') } };
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/checkout/list-cards?order=5');
    await user.click(await screen.findByRole('radio', { name: /8600/ }));
    await user.click(screen.getByRole('button', { name: "To'lash" }));
    expect(await screen.findByText("To'lov tekshirilmoqda")).toBeInTheDocument();
    expect(screen.getByText(/bir daqiqagacha/)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4_100));
    expect(
      await screen.findByRole('heading', { name: "2 000 000 so'm to'landi" }),
    ).toBeInTheDocument();
    expect(polls).toBe(3);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/orders/payment/5/1')).toHaveLength(
      1,
    );
  });

  it('says why a payment being checked failed, and shows that it failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const error = vi.spyOn(toast, 'error');
    const decline = "Kartada mablag' yetarli emas. Kartani to'ldiring yoki boshqa karta tanlang";
    stubApi({
      '/api/orders/5': { data: order },
      '/api/cards': { data: [uzcard] },
      'POST /api/orders/payment/5/1': { message: 'Tekshirilmoqda', data: result('checking') },
      '/api/payments/9': { data: { ...result('failed'), decline } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderAt('/checkout/list-cards?order=5');
    await user.click(await screen.findByRole('radio', { name: /8600/ }));
    await user.click(screen.getByRole('button', { name: "To'lash" }));
    expect(await screen.findByRole('heading', { name: "To'lov amalga oshmadi" })).toBeVisible();
    // said once, on the page: no toast repeats it, and no "try later" follows "choose another"
    expect(error).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(decline);
    expect(screen.queryByText(/Keyinroq urinib ko'ring/)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?order=5');
    await user.click(screen.getByRole('link', { name: "Boshqa karta bilan to'lash" }));
    expect(router.state.location.pathname).toBe('/checkout/list-cards');
    expect(router.state.location.search).toBe('?order=5');
    error.mockRestore();
  });

  it('says a payment waiting for a person is being clarified, and offers no second payment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      '/api/orders/5': { data: order },
      '/api/cards': { data: [uzcard] },
      'POST /api/orders/payment/5/1': { message: 'Tekshirilmoqda', data: result('checking') },
      '/api/payments/9': { data: result('needs_attention') },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/checkout/list-cards?order=5');
    await user.click(await screen.findByRole('radio', { name: /8600/ }));
    await user.click(screen.getByRole('button', { name: "To'lash" }));
    expect(await screen.findByRole('heading', { name: "To'lov aniqlanmoqda" })).toBeVisible();
    expect(screen.getByText(/Qayta to'lash shart emas/)).toBeVisible();
    expect(screen.queryByRole('button', { name: "To'lash" })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buyurtmaga qaytish' })).toHaveAttribute(
      'href',
      '/order-detail/5',
    );
  });

  it('says money that came for an order that ended goes back to the card', async () => {
    stubApi({
      '/api/orders/5': { data: order },
      '/api/cards': { data: [uzcard] },
      'POST /api/orders/payment/5/1': { message: "To'landi", data: result('refunding') },
    });
    const user = userEvent.setup();
    renderAt('/checkout/list-cards?order=5');
    await user.click(await screen.findByRole('radio', { name: /8600/ }));
    await user.click(screen.getByRole('button', { name: "To'lash" }));
    expect(await screen.findByRole('heading', { name: "To'lov qabul qilinmadi" })).toBeVisible();
  });

  it('stops asking after a minute and offers to ask again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    stubApi({
      '/api/orders/5': { data: order },
      '/api/cards': { data: [uzcard] },
      'POST /api/orders/payment/5/1': { message: 'Tekshirilmoqda', data: result('checking') },
      '/api/payments/9': () => {
        polls += 1;
        return { status: 200, body: { data: result('checking') } };
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/checkout/list-cards?order=5');
    await user.click(await screen.findByRole('radio', { name: /8600/ }));
    await user.click(screen.getByRole('button', { name: "To'lash" }));
    await screen.findByText("To'lov tekshirilmoqda");
    await act(() => vi.advanceTimersByTimeAsync(60_500));
    expect(await screen.findByText("To'lov hali tasdiqlanmadi")).toBeInTheDocument();
    const asked = polls;
    expect(asked).toBeGreaterThanOrEqual(29);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls).toBe(asked);
    expect(screen.getByRole('link', { name: 'Buyurtmaga qaytish' })).toHaveAttribute(
      'href',
      '/order-detail/5',
    );
  });

  it('shows a refusal once, on the page that says the payment failed', async () => {
    stubApi({
      '/api/orders/5': { data: order },
      '/api/cards': { data: [uzcard] },
      'POST /api/orders/payment/5/1': () => ({
        status: 422,
        body: { message: "Kartada mablag' yetarli emas", code: 'CARD_DECLINED' },
      }),
    });
    const router = renderAt('/checkout/list-cards?order=5');
    await userEvent.click(await screen.findByRole('radio', { name: /8600/ }));
    await userEvent.click(screen.getByRole('button', { name: "To'lash" }));
    expect(await screen.findByRole('heading', { name: "To'lov amalga oshmadi" })).toBeVisible();
    expect(screen.getByText("Kartada mablag' yetarli emas")).toBeVisible();
    expect(router.state.location.search).toBe('?order=5');
    expect(screen.getByRole('link', { name: 'Buyurtmaga qaytish' })).toHaveAttribute(
      'href',
      '/order-detail/5',
    );
    expect(screen.getByRole('link', { name: "Boshqa karta bilan to'lash" })).toHaveAttribute(
      'href',
      '/checkout/list-cards?order=5',
    );
  });

  it('explains a link that names no payment', async () => {
    stubApi({ '/api/cards': { data: [uzcard] } });
    renderAt('/checkout/list-cards?credit=3');
    expect(await screen.findByRole('heading', { name: "To'lov havolasi noto'g'ri" })).toBeVisible();
  });
});
