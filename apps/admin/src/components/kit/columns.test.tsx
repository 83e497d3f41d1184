import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsStaff, screenOf } from '../../test/support.tsx';
import { DataTable } from '../data-table.tsx';
import { Badge } from '../ui.tsx';
import { kitColumns } from './columns.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

interface Order {
  id: number;
  customer_id: number;
  phone: string;
  name: string | null;
  created_at: string;
  shipped_at: string | null;
  total: number;
  limit: number | null;
  paid: boolean;
  state: 'new' | 'done';
}

const kit = kitColumns<Order>();
const ORDER: Order = {
  id: 1024,
  customer_id: 17,
  phone: '998901234567',
  name: 'Dilnoza',
  created_at: '2026-03-05T09:30:00.000Z',
  shipped_at: null,
  total: 1_250_000,
  limit: null,
  paid: true,
  state: 'new',
};

function renderGrid(rows: Order[] = [ORDER]) {
  renderAsStaff(
    <DataTable
      label="Заказы"
      empty="Пусто"
      rows={rows}
      columns={[
        kit.idLink('id', 'Номер', { to: (row) => `/orders/${row.id}`, mark: '№' }),
        kit.date('created_at', 'Создан'),
        kit.date('shipped_at', 'Отправлен', { none: 'ещё нет' }),
        kit.money('total', 'Сумма', { right: true }),
        kit.money('limit', 'Лимит'),
        kit.phone('phone', 'Клиент', {
          to: (row) => `/customers/${row.customer_id}`,
          under: (row) => row.name,
        }),
        kit.flag('paid', 'Оплата', { yes: 'Оплачен', no: 'Не оплачен', tone: 'success' }),
        kit.badge('state', 'Состояние', (state) => (
          <Badge>{state === 'new' ? 'Новый' : 'Готов'}</Badge>
        )),
        kit.figure('phone', 'Номер телефона'),
        kit.link('state', 'Заказ', {
          to: (row) => `/orders/${row.id}/state`,
          text: (row) => `Заказ ${row.id}`,
          className: 'font-medium',
        }),
        kit.count('total', 'Штук'),
        kit.view('where', 'Куда', (row) => <em>{row.paid ? 'Курьером' : 'Ждёт оплаты'}</em>),
        kit.view('call', '', (row) => <button type="button">Позвонить {row.name}</button>),
      ]}
    />,
    { role: 'owner', path: '/orders' },
  );
}

describe("the kit's columns", () => {
  it("link a row's number to its page", () => {
    screenOf(1440);
    renderGrid();
    expect(screen.getByRole('link', { name: '№1024' })).toHaveAttribute('href', '/orders/1024');
  });

  it('write a time in Tashkent, and what an empty one means', () => {
    screenOf(1440);
    renderGrid();
    const [row] = screen.getAllByRole('row').slice(1);
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('05.03.2026, 14:30');
    expect(cells[2]).toHaveTextContent('ещё нет');
  });

  it('write sums in the staff language and a dash for none', () => {
    screenOf(1440);
    renderGrid();
    const cells = within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent(/1\s250\s000 сум/);
    expect(cells[4]).toHaveTextContent('—');
    expect(screen.getByRole('columnheader', { name: 'Сумма' })).toBeVisible();
  });

  it('link a phone to its customer, with the name under it', () => {
    screenOf(1440);
    renderGrid();
    const link = screen.getByRole('link', { name: /\+998901234567/ });
    expect(link).toHaveAttribute('href', '/customers/17');
    expect(link).toHaveTextContent('Dilnoza');
  });

  it('show a flag and a status as badges', () => {
    screenOf(1440);
    renderGrid([ORDER, { ...ORDER, id: 1025, paid: false, state: 'done' }]);
    const [, first, second] = screen.getAllByRole('row');
    expect(first).toHaveTextContent('Оплачен');
    expect(first).toHaveTextContent('Новый');
    expect(second).toHaveTextContent('Не оплачен');
    expect(second).toHaveTextContent('Готов');
  });

  it('write codes as they are and counts grouped by thousands', () => {
    screenOf(1440);
    renderGrid();
    const cells = within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells[8]).toHaveTextContent(/^998901234567$/);
    expect(cells[10]).toHaveTextContent(/^1\s250\s000$/);
  });

  it("link a row's field to its page, in the words asked for", () => {
    screenOf(1440);
    renderGrid();
    expect(screen.getByRole('link', { name: 'Заказ 1024' })).toHaveAttribute(
      'href',
      '/orders/1024/state',
    );
  });

  it('draw a cell from the whole row', () => {
    screenOf(1440);
    renderGrid();
    expect(screen.getByRole('columnheader', { name: 'Куда' })).toBeVisible();
    expect(screen.getByText('Курьером')).toBeVisible();
  });

  it("make a phone's card lines of every column but the title, and its actions of the rest", () => {
    screenOf(390);
    renderGrid();
    const card = within(screen.getByRole('list', { name: 'Заказы' })).getByRole('listitem');
    expect(within(card).getByRole('link', { name: '№1024' })).toBeVisible();
    expect(within(card).getByText('Сумма')).toBeVisible();
    expect(within(card).getByText('Клиент')).toBeVisible();
    expect(within(card).getByText('Куда')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Позвонить Dilnoza' })).toBeVisible();
  });
});
