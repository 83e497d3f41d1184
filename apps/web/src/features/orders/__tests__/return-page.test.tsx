import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { stubApi } from '../../../test/fetch.ts';
import {
  installDialogMethods,
  makeOrderDetail,
  makeOrderSummary,
  pageOf,
} from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { ReturnPage } from '../components/return-page.tsx';

beforeAll(installDialogMethods);

const policy = {
  data: {
    slug: 'return',
    title: 'Qaytarish shartlari',
    description: '<p>14 kun ichida qaytarish mumkin</p>',
  },
};

function renderPage(path: string) {
  return renderRoutes(
    [
      {
        // the toasts outlive the page, as in the main layout
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: [
          { path: '/return', element: <ReturnPage /> },
          { path: '/order-detail/:id', element: <p>order detail</p> },
        ],
      },
    ],
    path,
  );
}

const delivered = makeOrderDetail(5, {
  status: 4,
  status_name: 'Yetkazildi',
  need_payed_price: 0,
  can_cancel: false,
  can_return: true,
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
});

describe('the return page', () => {
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('shows the return policy to everyone and asks a visitor to sign in to return', async () => {
    stubApi({ '/api/contents/return': policy });
    renderPage('/return');
    expect(await screen.findByText('14 kun ichida qaytarish mumkin')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Qaytarish uchun kiring' })).toBeInTheDocument();
  });

  describe('for a customer', () => {
    beforeEach(() => signInForTest());

    it('lists the delivered orders to pick from', async () => {
      stubApi({
        '/api/contents/return': policy,
        '/api/orders': pageOf([
          makeOrderSummary(7, { status: 5, status_name: 'Yakunlangan' }),
          makeOrderSummary(6, { status: 1 }),
          makeOrderSummary(5, { status: 4, status_name: 'Yetkazildi' }),
        ]),
      });
      renderPage('/return');
      const list = await screen.findByTestId('returnable-orders');
      const links = within(list).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual([
        '/return?order=7',
        '/return?order=5',
      ]);
      expect(screen.getByText('14 kun ichida qaytarish mumkin')).toBeInTheDocument();
    });

    it('asks to return the chosen order after a confirmation and opens it', async () => {
      const message = "Qaytarish so'rovi qabul qilindi. Uni ko'rib chiqib, sizga xabar beramiz";
      const fetchMock = stubApi({
        '/api/contents/return': policy,
        'GET /api/orders/5': { data: delivered },
        'POST /api/orders/return/5': {
          message,
          data: {
            ...delivered,
            can_return: false,
            return_request: {
              status: 'requested',
              reject_reason: null,
              requested_at: '2026-11-25T09:00:00.000Z',
            },
          },
        },
      });
      const router = renderPage('/return?order=5');
      expect(await screen.findByText('Samsung Galaxy A55')).toBeInTheDocument();
      expect(
        screen.getByText(
          /qabul qilsa, buyurtma uchun to'langan 2 400 000 so'm qanday to'langan bo'lsa, shunday qaytariladi/,
        ),
      ).toBeInTheDocument();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Sababi (ixtiyoriy)'), "  O'lchami to'g'ri kelmadi ");
      await user.click(screen.getByRole('button', { name: "Qaytarishni so'rash" }));
      const dialog = screen.getByRole('dialog', { name: "Qaytarish so'ralsinmi?" });
      expect(dialog).toHaveTextContent(
        "Qabul qilinsa, 2 400 000 so'm kartangizga yoki, naqd to'langani, filialda qaytariladi",
      );
      await user.click(within(dialog).getByRole('button', { name: "Qaytarishni so'rash" }));
      expect(await screen.findByText('order detail')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/order-detail/5');
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            String(url) === '/api/orders/return/5' &&
            init?.method === 'POST' &&
            // the customer's words, trimmed, for the staff who decide
            init.body === JSON.stringify({ reason: "O'lchami to'g'ri kelmadi" }) &&
            // a retry gets the first answer, not a refusal of a second request
            /^[0-9a-f-]{36}$/.test(new Headers(init.headers).get('idempotency-key') ?? ''),
        ),
      ).toBe(true);
    });

    it('says a request is under review instead of offering the return again', async () => {
      stubApi({
        '/api/contents/return': policy,
        '/api/orders/5': {
          data: {
            ...delivered,
            can_return: false,
            return_request: {
              status: 'requested',
              reject_reason: null,
              requested_at: '2026-11-25T09:00:00.000Z',
            },
          },
        },
      });
      renderPage('/return?order=5');
      expect(
        await screen.findByText("Qaytarish so'ralgan — do'kon ko'rib chiqmoqda."),
      ).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: "Qaytarishni so'rash" })).not.toBeInTheDocument();
    });

    it("shows the shop's reason for a rejection and lets the customer ask again", async () => {
      stubApi({
        '/api/contents/return': policy,
        '/api/orders/5': {
          data: {
            ...delivered,
            return_request: {
              status: 'rejected',
              reject_reason: 'Qadoq ochilgan',
              requested_at: '2026-11-25T09:00:00.000Z',
            },
          },
        },
      });
      renderPage('/return?order=5');
      expect(await screen.findByText('Qaytarish rad etildi: Qadoq ochilgan')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: "Qaytarishni so'rash" })).toBeInTheDocument();
    });

    it('says when the chosen order cannot be returned', async () => {
      stubApi({
        '/api/contents/return': policy,
        '/api/orders/5': { data: makeOrderDetail(5) },
      });
      renderPage('/return?order=5');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        "Bu buyurtmani qaytarib bo'lmaydi",
      );
      expect(screen.queryByRole('button', { name: "Qaytarishni so'rash" })).not.toBeInTheDocument();
    });
  });
});
