import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { makeOrderSummary, pageOf } from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { OrdersPage } from '../components/orders-page.tsx';

function renderPage() {
  return renderRoutes(
    [
      { path: '/profile/orders', element: <OrdersPage /> },
      { path: '/order-detail/:id', element: <p>order detail</p> },
      { path: '/', element: <p>catalogue</p> },
    ],
    '/profile/orders',
  );
}

describe('the profile orders page', () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it('lists each order with its number, date, status, total, payment type and pictures', async () => {
    stubApi({
      '/api/orders': pageOf([
        makeOrderSummary(12, {
          status: 4,
          status_name: 'Yetkazildi',
          payment_type: 'installment',
          credit_id: 3,
          total: 5_350_000,
          items_count: 6,
          images: ['/img/1.png', '/img/2.png', '/img/3.png', '/img/4.png', '/img/5.png'],
        }),
        makeOrderSummary(11),
      ]),
    });
    renderPage();
    const order = await screen.findByRole('link', { name: /Buyurtma №12/ });
    expect(order).toHaveAttribute('href', '/order-detail/12');
    expect(within(order).getByText('Yetkazildi')).toHaveAttribute('data-tone', 'green');
    expect(within(order).getByText('20-noyabr, 2026')).toBeInTheDocument();
    expect(within(order).getByText("5 350 000 so'm")).toBeInTheDocument();
    expect(within(order).getByText("Muddatli to'lov · 6 ta mahsulot")).toBeInTheDocument();
    expect(order.querySelectorAll('img')).toHaveLength(4);
    expect(within(order).getByText('+2')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: /Buyurtma №11/ });
    expect(within(other).getByText('Yangi')).toHaveAttribute('data-tone', 'yellow');
    expect(within(other).getByText(/To'liq to'lov/)).toBeInTheDocument();
  });

  it('loads more orders page by page', async () => {
    stubApi({
      '/api/orders': (url: string) => {
        const page = Number(new URL(url, 'http://shop').searchParams.get('page'));
        return { status: 200, body: pageOf([makeOrderSummary(100 - page)], page, 2) };
      },
    });
    renderPage();
    expect(await screen.findByRole('link', { name: /Buyurtma №99/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Yana ko'rsatish" }));
    expect(await screen.findByRole('link', { name: /Buyurtma №98/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Yana ko'rsatish" })).not.toBeInTheDocument();
  });

  it('leads to the catalogue when there are no orders', async () => {
    stubApi({ '/api/orders': pageOf([]) });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: "Buyurtmalar hali yo'q" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Xaridga o'tish" })).toHaveAttribute('href', '/');
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    stubApi({
      '/api/orders': () =>
        fail
          ? { status: 500, body: { message: 'Serverda xatolik', code: 'INTERNAL_ERROR' } }
          : { status: 200, body: pageOf([makeOrderSummary(7)]) },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Serverda xatolik');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByRole('link', { name: /Buyurtma №7/ })).toBeInTheDocument();
  });
});
