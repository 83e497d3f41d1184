import type { FiscalReceiptView } from '@bozor/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { makeOrderDetail } from '../../../test/orders.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { OrderDetailPage } from '../components/order-detail-page.tsx';

// the QR is drawn on a canvas, which the test DOM has not: its picture is stood in for
vi.mock('qrcode', () => ({
  toDataURL: vi.fn(async (text: string) => `data:image/png;base64,${btoa(text).slice(0, 16)}`),
}));

const receipt = (overrides: Partial<FiscalReceiptView>): FiscalReceiptView => ({
  id: 1,
  kind: 'sale',
  payment_id: 41,
  amount: 2_400_000,
  state: 'registered',
  url: 'https://ofd.soliq.uz/check?t=EZ000000000931&r=1&c=20261120133000&s=397146991857',
  fiscal_sign: '397146991857',
  terminal_id: 'EZ000000000931',
  receipt_seq: '1',
  registered_at: '2026-11-20T08:30:00.000Z',
  created_at: '2026-11-20T08:30:00.000Z',
  ...overrides,
});

const paid = {
  id: 41,
  purpose: 'full' as const,
  state: 'refunded' as const,
  method: 'card' as const,
  amount: 2_400_000,
  card_number: '860011******1110',
  decline: null,
  created_at: '2026-11-20T08:30:00.000Z',
};

function renderPage() {
  return renderRoutes(
    [{ path: '/order-detail/:id', element: <OrderDetailPage /> }],
    '/order-detail/5',
  );
}

describe("an order's fiscal receipts", () => {
  beforeEach(() => signInForTest());
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  it("links each payment's receipt and its refund's, with the fiscal sign and a QR on request", async () => {
    stubApi({
      '/api/orders/5': {
        data: makeOrderDetail(5, {
          payments: [paid],
          receipts: [
            receipt({}),
            receipt({ id: 2, kind: 'refund', url: null, state: 'pending', fiscal_sign: null }),
          ],
        }),
      },
    });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Fiskal chek' });
    expect(link).toHaveAttribute('href', receipt({}).url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Fiskal belgi 397146991857')).toBeInTheDocument();
    // the refund's receipt is not registered yet
    expect(screen.getByText("Chek ro'yxatga olinmoqda")).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: "QR kodni ko'rsatish" }));
    const qr = await screen.findByRole('img', { name: 'Chek QR kodi' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await userEvent.click(screen.getByRole('button', { name: 'QR kodni yopish' }));
    expect(screen.queryByRole('img', { name: 'Chek QR kodi' })).not.toBeInTheDocument();
  });

  it("lists the receipt of goods handed over on credit, and a sandbox receipt's link in the shop", async () => {
    stubApi({
      '/api/orders/5': {
        data: makeOrderDetail(5, {
          payment_type: 'installment',
          receipts: [
            receipt({
              id: 7,
              kind: 'credit_sale',
              payment_id: null,
              url: '/api/fiscal-receipts/check?t=BZ000000000001&r=7&c=20261120133000&s=000000000007',
            }),
          ],
        }),
      },
    });
    renderPage();
    expect(await screen.findByText('Tovar kreditga sotilgani haqidagi chek')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fiskal chek' })).toHaveAttribute(
      'href',
      `${window.location.origin}/api/fiscal-receipts/check?t=BZ000000000001&r=7&c=20261120133000&s=000000000007`,
    );
  });
});
