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

    it('returns the chosen order after a confirmation and opens it', async () => {
      const fetchMock = stubApi({
        '/api/contents/return': policy,
        'GET /api/orders/5': { data: delivered },
        'POST /api/orders/return/5': {
          message: 'Buyurtma qaytarildi',
          data: { ...delivered, status: 10, status_name: 'Qaytarildi', can_return: false },
        },
      });
      const router = renderPage('/return?order=5');
      expect(await screen.findByText('Samsung Galaxy A55')).toBeInTheDocument();
      expect(
        screen.getByText(/Buyurtma uchun to'langan 2 400 000 so'm u to'langan kartaga qaytariladi/),
      ).toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Qaytarish' }));
      const dialog = screen.getByRole('dialog', { name: 'Buyurtma qaytarilsinmi?' });
      expect(dialog).toHaveTextContent("2 400 000 so'm kartangizga qaytariladi");
      await user.click(within(dialog).getByRole('button', { name: 'Qaytarish' }));
      expect(await screen.findByText('order detail')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/order-detail/5');
      expect(screen.getByText('Buyurtma qaytarildi')).toBeInTheDocument();
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            String(url) === '/api/orders/return/5' &&
            init?.method === 'POST' &&
            // a refund moves money: it carries its key, so a retry cannot refund twice
            /^[0-9a-f-]{36}$/.test(new Headers(init.headers).get('idempotency-key') ?? ''),
        ),
      ).toBe(true);
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
      expect(screen.queryByRole('button', { name: 'Qaytarish' })).not.toBeInTheDocument();
    });
  });
});
