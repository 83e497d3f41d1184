import '@testing-library/jest-dom/vitest';
import type { ImportJobDetail } from '@bozor/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAsStaff, screenOf } from '../../test/support.tsx';
import { ImportsPage } from './imports-page.tsx';

const job: ImportJobDetail = {
  id: 7,
  file_name: 'products.xlsx',
  status: 'checked',
  staff_name: 'Dilnoza Karimova',
  total_rows: 3,
  done_rows: 3,
  created: 0,
  updated: 0,
  unchanged: 0,
  planned: { create: 1, update: 0, unchanged: 0, error: 2 },
  created_at: '2026-03-01T09:00:00.000Z',
  finished_at: null,
  errors: [
    {
      row: 3,
      column: 'price',
      message_key: 'product_price_invalid',
      message: 'Цена — целое число сумов',
      value: '12 500,50',
    },
    {
      row: 4,
      column: 'category',
      message_key: 'field_required',
      message: 'Заполните поле',
      value: null,
    },
  ],
  errors_total: 2,
  changes: [],
  failure: null,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body =
        path === '/api/admin/imports/7'
          ? { data: job }
          : { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderJob() {
  renderAsStaff(
    <Routes>
      <Route path="/imports/:id" element={<ImportsPage />} />
    </Routes>,
    { role: 'content_manager', path: '/imports/7' },
  );
}

describe("an import's refused cells", () => {
  it('show what each cell held beside its row, column and message', async () => {
    renderJob();
    const grid = await screen.findByRole('table', { name: 'Ошибки' });
    expect(within(grid).getByRole('columnheader', { name: 'В ячейке' })).toBeVisible();
    const [, price, category] = within(grid).getAllByRole('row');
    expect(
      within(price!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', 'price', '12 500,50', 'Цена — целое число сумов']);
    // an empty cell is said to be empty, not left blank
    expect(
      within(category!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', 'category', 'пусто', 'Заполните поле']);
  });

  it('show it on a phone too, in each row’s card', async () => {
    screenOf(390);
    renderJob();
    const cards = await screen.findByRole('list', { name: 'Ошибки' });
    const [first] = within(cards).getAllByRole('listitem');
    expect(within(first!).getByText('В ячейке')).toBeVisible();
    expect(within(first!).getByText('12 500,50')).toBeVisible();
  });
});
