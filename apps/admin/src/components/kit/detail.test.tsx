import '@testing-library/jest-dom/vitest';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { recordRequests, renderAsStaff } from '../../test/support.tsx';
import { Badge } from '../ui.tsx';
import { DetailHeader, recordOf, useRecord } from './detail.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Order({ valid, load }: { valid: boolean; load: () => Promise<string> }) {
  const order: UseQueryResult<string> = useQuery({
    queryKey: ['order'],
    queryFn: load,
    enabled: valid,
  });
  const found = recordOf(valid, order);
  if ('view' in found) return found.view;
  return (
    <DetailHeader
      back={{ to: '/orders', label: 'Назад' }}
      title={found.data}
      badges={<Badge>Доставлен</Badge>}
      actions={<button type="button">Отменить</button>}
    />
  );
}

function renderOrder(valid: boolean, load: () => Promise<string>) {
  renderAsStaff(<Order valid={valid} load={load} />, { role: 'owner', path: '/orders/7' });
}

describe("the kit's record page", () => {
  it('heads the record with the way back, its badges and actions', async () => {
    renderOrder(true, async () => 'Заказ №7');
    expect(await screen.findByRole('heading', { name: /Заказ №7/ })).toHaveTextContent('Доставлен');
    expect(screen.getByRole('link', { name: '← Назад' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('button', { name: 'Отменить' })).toBeVisible();
  });

  it('says "not found" for an address that names no record, asking nothing', () => {
    const load = vi.fn(async () => 'Заказ');
    renderOrder(false, load);
    expect(screen.getByText(/не найден/i)).toBeVisible();
    expect(load).not.toHaveBeenCalled();
  });

  it('says "not found" when the API has no such record', async () => {
    renderOrder(true, async () => {
      throw new ApiError(404, 'Нет такого заказа', 'not_found');
    });
    expect(await screen.findByText(/не найден/i)).toBeVisible();
  });

  it('shows any other failure with a way to try again', async () => {
    renderOrder(true, async () => {
      throw new Error('Сервер недоступен');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    expect(screen.getByRole('button', { name: /Повторить/ })).toBeVisible();
  });
});

/** An order's page reading `/orders/:id` through the kit. */
function OrderPage() {
  const { found } = useRecord<{ id: number }>(
    (id) => ['order', id],
    (id) => `/orders/${id}`,
  );
  if ('view' in found) return found.view;
  return <h1>Заказ №{found.data.id}</h1>;
}

function renderOrderPage(path: string) {
  renderAsStaff(
    <Routes>
      <Route path="/orders/:id" element={<OrderPage />} />
    </Routes>,
    { role: 'owner', path },
  );
}

describe("the kit's read of a record by its address", () => {
  it('asks the API for the record the address names', async () => {
    const requested = recordRequests();
    renderOrderPage('/orders/7');
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(requested).toEqual([expect.stringMatching(/\/api\/admin\/orders\/7$/)]);
  });

  it('asks nothing for an address that is not a record number', () => {
    const requested = recordRequests();
    renderOrderPage('/orders/new');
    expect(screen.getByText(/не найден/i)).toBeVisible();
    expect(requested).toEqual([]);
  });
});
