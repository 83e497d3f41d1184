import '@testing-library/jest-dom/vitest';
import { AdminFiscalReceipt, ErrorBody, type StaffRole } from '@bozor/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, pageOf, stubApi } from '../../test/api.ts';
import { modalDialogs, renderAsStaff, screenOf } from '../../test/support.tsx';
import { ReceiptsPage } from './receipts-page.tsx';

beforeAll(modalDialogs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const base = {
  payment_id: 12,
  fiscal_sign: null,
  terminal_id: null,
  receipt_seq: null,
  registered_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  customer_id: 7,
  event: 'payment' as const,
  paid_by: 'card' as const,
  lines: null,
};

const refusedReceipt = AdminFiscalReceipt.parse({
  ...base,
  id: 41,
  order_id: 300,
  kind: 'advance',
  amount: 1_530_000,
  state: 'failed',
  url: null,
  attempts: 8,
  last_error: 'OFD: IKPU 08517001001000000 not found in the classifier',
});

const registered = AdminFiscalReceipt.parse({
  ...base,
  id: 42,
  order_id: 301,
  kind: 'sale',
  amount: 4_590_000,
  state: 'registered',
  url: 'https://ofd.soliq.uz/check?t=EP000000000001&r=42&c=20261120&s=123456789012',
  fiscal_sign: '123456789012',
  registered_at: '2026-11-20T09:05:00.000Z',
  attempts: 1,
  last_error: null,
});

const page = (...rows: AdminFiscalReceipt[]) => ok(pageOf(rows));

function renderPage(role: StaffRole, path = '/fiscal-receipts') {
  renderAsStaff(<ReceiptsPage />, { role, path, name: role });
}

describe('the fiscal receipts page', () => {
  it('opens on the refused receipts, each with its order, sum, tries, last error and no link yet', async () => {
    screenOf(1200);
    const api = stubApi({ 'GET /fiscal-receipts': [page(refusedReceipt)] });
    renderPage('viewer');

    const grid = await screen.findByRole('table', { name: 'Фискальные чеки' });
    expect(screen.getByRole('tab', { name: 'Не приняты' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(api.queriesOf('GET /fiscal-receipts')[0]).toMatchObject({ state: 'failed', page: '1' });
    const row = within(grid).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: '№300' })).toHaveAttribute('href', '/orders/300');
    expect(row).toHaveTextContent('Аванс');
    expect(row).toHaveTextContent('платёж, картой');
    expect(row).toHaveTextContent(/1\s530\s000/);
    expect(row).toHaveTextContent('Не принят');
    expect(row).toHaveTextContent('8');
    expect(row).toHaveTextContent('IKPU 08517001001000000 not found');
    expect(row).toHaveTextContent('ссылки ещё нет');
    // a role that only reads money cannot send it again
    expect(screen.queryByRole('button', { name: /Отправить снова/ })).not.toBeInTheDocument();
  });

  it('links a registered receipt to its page at the OFD in a new tab', async () => {
    screenOf(1200);
    const api = stubApi({ 'GET /fiscal-receipts': [page(refusedReceipt), page(registered)] });
    const user = userEvent.setup();
    renderPage('viewer');
    await screen.findByRole('table', { name: 'Фискальные чеки' });

    await user.click(screen.getByRole('tab', { name: 'Зарегистрированы' }));
    const link = await screen.findByRole('link', { name: 'Открыть чек №42 в новой вкладке' });
    expect(link).toHaveAttribute('href', registered.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noreferrer');
    expect(api.queriesOf('GET /fiscal-receipts')[1]).toMatchObject({ state: 'registered' });
  });

  it('sends a refused receipt again only after the confirmation, then says so and reads the list again', async () => {
    screenOf(1200);
    const api = stubApi({
      'GET /fiscal-receipts': [page(refusedReceipt), page()],
      'POST /fiscal-receipts/41/retry': [
        () => ({
          status: 200,
          body: {
            message: 'Чек отправлен на регистрацию повторно',
            data: { ...refusedReceipt, state: 'pending', attempts: 0 },
          },
        }),
      ],
    });
    const user = userEvent.setup();
    renderPage('owner');

    await user.click(await screen.findByRole('button', { name: 'Отправить снова чек №41' }));
    const dialog = screen.getByRole('dialog', { name: 'Отправить чек №41 снова' });
    expect(dialog).toHaveTextContent('Строки чека соберутся заново');
    expect(api.count('POST /fiscal-receipts/41/retry')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.count('POST /fiscal-receipts/41/retry')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Отправить снова чек №41' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Отправить снова' }),
    );
    expect(await screen.findByText('Чек отправлен на регистрацию повторно')).toBeVisible();
    expect(api.count('POST /fiscal-receipts/41/retry')).toBe(1);
    await waitFor(() => expect(api.count('GET /fiscal-receipts')).toBe(2));
    expect(await screen.findByText('Непринятых чеков нет')).toBeVisible();
  });

  it('keeps a refusal of the retry in the dialog with the API’s words', async () => {
    screenOf(1200);
    stubApi({
      'GET /fiscal-receipts': [page(refusedReceipt)],
      'POST /fiscal-receipts/41/retry': [
        () => ({
          status: 409,
          body: ErrorBody.parse({
            message: 'Этот чек не ждёт повторной отправки: обновите страницу',
            code: 'FISCAL_NOT_FAILED',
          }),
        }),
      ],
    });
    const user = userEvent.setup();
    renderPage('owner');
    await user.click(await screen.findByRole('button', { name: 'Отправить снова чек №41' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить снова' }));
    expect(
      await within(dialog).findByText('Этот чек не ждёт повторной отправки: обновите страницу'),
    ).toBeVisible();
  });

  it('shows one order’s receipts, all states together, from the order’s link', async () => {
    screenOf(1200);
    const api = stubApi({ 'GET /fiscal-receipts': [page(refusedReceipt, registered)] });
    renderPage('viewer', '/fiscal-receipts?order_id=300');
    expect(await screen.findByText('Чеки заказа №300')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Все' })).toHaveAttribute('aria-selected', 'true');
    const query = api.queriesOf('GET /fiscal-receipts')[0];
    expect(query).toMatchObject({ order_id: '300' });
    expect(query).not.toHaveProperty('state');
  });

  it('says when nothing was refused, and offers a retry when the list cannot be read', async () => {
    screenOf(1200);
    stubApi({
      'GET /fiscal-receipts': [
        () => ({ status: 500, body: { message: 'Сервер недоступен' } }),
        page(),
      ],
    });
    const user = userEvent.setup();
    renderPage('viewer');
    await user.click(await screen.findByRole('button', { name: /Повторить/ }));
    expect(await screen.findByText('Непринятых чеков нет')).toBeVisible();
    expect(screen.getByText('Все чеки приняты ОФД или ещё отправляются.')).toBeVisible();
  });

  it('stacks each receipt as a card on a phone, its retry at the bottom', async () => {
    screenOf(390);
    stubApi({ 'GET /fiscal-receipts': [page(refusedReceipt)] });
    renderPage('credit_officer');
    const list = await screen.findByRole('list', { name: 'Фискальные чеки' });
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(card).toHaveTextContent('#41');
    expect(within(card).getByRole('link', { name: '№300' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Отправить снова чек №41' })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
