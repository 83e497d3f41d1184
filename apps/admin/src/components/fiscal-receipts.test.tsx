import '@testing-library/jest-dom/vitest';
import { AdminFiscalReceipt } from '@bozor/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsStaff, screenOf } from '../test/support.tsx';
import { OrderFiscalReceipts } from './fiscal-receipts.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const receipt = (id: number, over: Partial<AdminFiscalReceipt>) =>
  AdminFiscalReceipt.parse({
    id,
    kind: 'advance',
    payment_id: id,
    amount: 1_000_000,
    state: 'pending',
    url: null,
    fiscal_sign: null,
    terminal_id: null,
    receipt_seq: null,
    registered_at: null,
    created_at: '2026-11-20T09:00:00.000Z',
    order_id: 300,
    customer_id: 7,
    event: 'payment',
    paid_by: 'card',
    attempts: 0,
    last_error: null,
    lines: null,
    ...over,
  });

function answer(body: unknown, status = 200) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input), 'http://localhost'));
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return asked;
}

describe("an order's fiscal receipts", () => {
  it('lists them oldest first, each with its state and its link at the OFD', async () => {
    screenOf(1200);
    const asked = answer({
      data: [
        receipt(52, {
          kind: 'sale',
          state: 'registered',
          url: 'https://ofd.soliq.uz/check?r=52',
          registered_at: '2026-11-21T10:00:00.000Z',
        }),
        receipt(51, { state: 'failed', attempts: 8 }),
      ],
      meta: { current_page: 1, last_page: 1, per_page: 100, total: 2 },
    });
    renderAsStaff(<OrderFiscalReceipts orderId={300} />, { role: 'owner', path: '/orders/300' });

    const grid = await screen.findByRole('table', { name: 'Фискальные чеки заказа' });
    expect(Object.fromEntries(asked[0]!.searchParams)).toMatchObject({ order_id: '300' });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('#51');
    expect(rows[0]).toHaveTextContent('Не принят');
    expect(rows[1]).toHaveTextContent('Продажа');
    const link = within(rows[1]!).getByRole('link', { name: 'Открыть чек №52 в новой вкладке' });
    expect(link).toHaveAttribute('href', 'https://ofd.soliq.uz/check?r=52');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Все чеки' })).toHaveAttribute(
      'href',
      '/fiscal-receipts?order_id=300',
    );
  });

  it('says when there is none yet, and offers a retry when they cannot be read', async () => {
    screenOf(1200);
    answer({ data: [], meta: { current_page: 1, last_page: 1, per_page: 100, total: 0 } });
    renderAsStaff(<OrderFiscalReceipts orderId={300} />, { role: 'owner', path: '/orders/300' });
    expect(
      await screen.findByText('Чеков пока нет: чек появится после первого платежа'),
    ).toBeVisible();
    cleanup();

    answer({ message: 'Сервер недоступен' }, 500);
    renderAsStaff(<OrderFiscalReceipts orderId={300} />, { role: 'owner', path: '/orders/300' });
    expect(await screen.findByRole('button', { name: /Повторить/ })).toBeVisible();
  });
});
