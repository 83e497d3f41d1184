import type { BasketInfo, BasketLine } from '@bozor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fetch.ts';
import { makeProduct } from '../../test/fixtures.ts';
import { signInForTest, signOutForTest } from '../../test/session.ts';
import {
  steppedCount,
  summarizeLocalBasket,
  useBasket,
  useBasketActions,
  useBasketSummary,
} from '../basket-store.ts';
import { localBasket } from '../local-basket.ts';
import { toast } from '../toast.ts';

function makeLine(id: number, productId: number, count: number, checked = true): BasketLine {
  return { id, product_id: productId, count, checked, product: makeProduct(productId), stock: 50 };
}

const info: BasketInfo = {
  lines: 1,
  count: 2,
  total: 2_000_000,
  total_old_price: 2_000_000,
  discount: 0,
  monthly_payment: 240_000,
  months: 12,
  size_class: 'standard',
};

function renderBasket() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({ basket: useBasket(), actions: useBasketActions(), summary: useBasketSummary() }),
    { wrapper },
  );
}

const calls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('steppedCount', () => {
  it('raises by one with plus and stops at 99', () => {
    expect(steppedCount(1, 1)).toBe(2);
    expect(steppedCount(99, 1)).toBe(99);
  });

  it('lowers by one with minus and deletes the line below 1', () => {
    expect(steppedCount(2, -1)).toBe(1);
    expect(steppedCount(1, -1)).toBeNull();
  });
});

describe('summarizeLocalBasket', () => {
  it("sums the marked lines, their discount and the products' own monthly payments", () => {
    const summary = summarizeLocalBasket([
      {
        product_id: 1,
        count: 2,
        checked: true,
        product: {
          id: 1,
          slug: 'a',
          name: 'A',
          price: 900_000,
          old_price: 1_000_000,
          monthly_payment: 110_000,
          image: null,
        },
      },
      {
        product_id: 2,
        count: 1,
        checked: false,
        product: {
          id: 2,
          slug: 'b',
          name: 'B',
          price: 5_000_000,
          old_price: null,
          monthly_payment: 600_000,
          image: null,
        },
      },
    ]);
    expect(summary).toEqual({
      lines: 2,
      count: 2,
      total: 1_800_000,
      total_old_price: 2_000_000,
      discount: 200_000,
      monthly_payment: 220_000,
      months: 0,
      size_class: 'standard',
    });
  });

  it('is bulky for delivery when a marked line is, as the shop said of its product', () => {
    const line = (id: number, checked: boolean, size_class?: 'standard' | 'bulky') => ({
      product_id: id,
      count: 1,
      checked,
      product: {
        id,
        slug: `p${id}`,
        name: `P${id}`,
        price: 1_000,
        old_price: null,
        monthly_payment: 100,
        image: null,
      },
      ...(size_class ? { size_class } : {}),
    });
    expect(summarizeLocalBasket([line(1, true), line(2, true, 'bulky')]).size_class).toBe('bulky');
    // an unmarked line is not ordered; a line the shop has not spoken of yet is standard
    expect(summarizeLocalBasket([line(1, true), line(2, false, 'bulky')]).size_class).toBe(
      'standard',
    );
    expect(summarizeLocalBasket([line(1, true)]).size_class).toBe('standard');
  });
});

describe('the basket of an anonymous visitor', () => {
  beforeEach(() => localBasket.set([]));

  it('is kept in this browser, asking the server only for the tariffs of its total', async () => {
    const fetchMock = stubApi({
      'GET /api/orders/tariffs': {
        data: [
          {
            id: 1,
            duration: 3,
            markup_percent: 12,
            monthly_payment: 746_700,
            total_price: 2_240_000,
          },
          {
            id: 4,
            duration: 12,
            markup_percent: 44,
            monthly_payment: 240_000,
            total_price: 2_880_000,
          },
        ],
      },
    });
    const { result } = renderBasket();
    act(() => result.current.actions.add(makeProduct(7)));
    act(() => result.current.actions.increase(7));
    expect(result.current.basket.items).toEqual([
      expect.objectContaining({ product_id: 7, count: 2, checked: true }),
    ]);
    expect(result.current.summary.summary?.total).toBe(2_000_000);
    await waitFor(() => expect(result.current.summary.summary?.months).toBe(12));
    expect(result.current.summary.summary?.monthly_payment).toBe(240_000);
    expect(calls(fetchMock).at(-1)).toBe('GET /api/orders/tariffs?amount=2000000');
  });

  it('deletes the line with minus at count 1', () => {
    const { result } = renderBasket();
    act(() => result.current.actions.add(makeProduct(7)));
    act(() => result.current.actions.decrease(7));
    expect(result.current.basket.items).toEqual([]);
  });

  it('marks and deletes the marked lines', () => {
    const { result } = renderBasket();
    act(() => result.current.actions.add(makeProduct(1)));
    act(() => result.current.actions.add(makeProduct(2)));
    act(() => result.current.actions.check([1, 2], false));
    expect(result.current.summary.summary?.count).toBe(0);
    act(() => result.current.actions.check([2], true));
    act(() => result.current.actions.removeMany([2]));
    expect(result.current.basket.items.map((i) => i.product_id)).toEqual([1]);
  });
});

describe('the basket of a signed-in customer', () => {
  beforeEach(() => signInForTest());
  afterEach(() => signOutForTest());

  it('comes from the server with its summary', async () => {
    stubApi({
      '/api/baskets': { data: [makeLine(31, 7, 2)] },
      '/api/baskets/info': { data: info },
    });
    const { result } = renderBasket();
    await waitFor(() => expect(result.current.basket.status).toBe('success'));
    expect(result.current.basket.items).toEqual([
      expect.objectContaining({ product_id: 7, count: 2, checked: true }),
    ]);
    await waitFor(() => expect(result.current.summary.summary).toEqual(info));
  });

  it("adds a product once the server accepts it and shows the server's message", async () => {
    const success = vi.spyOn(toast, 'success');
    const fetchMock = stubApi({
      'GET /api/baskets': { data: [] },
      'POST /api/baskets': { message: "Savatga qo'shildi", data: makeLine(40, 7, 1) },
    });
    const { result } = renderBasket();
    await waitFor(() => expect(result.current.basket.status).toBe('success'));
    act(() => result.current.actions.add(makeProduct(7)));
    await waitFor(() => expect(result.current.basket.items).toHaveLength(1));
    expect(success).toHaveBeenCalledWith("Savatga qo'shildi");
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ product_id: 7, count: 1 });
  });

  it('sends one add for a double click', async () => {
    const fetchMock = stubApi({
      'GET /api/baskets': { data: [] },
      'POST /api/baskets': { message: "Savatga qo'shildi", data: makeLine(40, 7, 1) },
    });
    const { result } = renderBasket();
    await waitFor(() => expect(result.current.basket.status).toBe('success'));
    act(() => {
      result.current.actions.add(makeProduct(7));
      result.current.actions.add(makeProduct(7));
    });
    await waitFor(() => expect(result.current.basket.items).toHaveLength(1));
    await waitFor(() => expect(result.current.actions.pending).toBe(false));
    expect(calls(fetchMock).filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it("changes nothing when the server refuses, and toasts the server's message", async () => {
    const error = vi.spyOn(toast, 'error');
    stubApi({
      'GET /api/baskets': { data: [makeLine(31, 7, 2)] },
      'POST /api/baskets': () => ({
        status: 404,
        body: { message: 'Mahsulot topilmadi', code: 'PRODUCT_NOT_FOUND' },
      }),
    });
    const { result } = renderBasket();
    await waitFor(() => expect(result.current.basket.status).toBe('success'));
    act(() => result.current.actions.increase(7));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Mahsulot topilmadi'));
    expect(result.current.basket.items[0]?.count).toBe(2);
  });

  it('sets the count one higher with plus', async () => {
    const fetchMock = stubApi({
      'GET /api/baskets': { data: [makeLine(31, 7, 2)] },
      '/api/baskets/info': { data: info },
      'POST /api/baskets': { message: 'ok', data: makeLine(31, 7, 3) },
    });
    const { result } = renderBasket();
    await waitFor(() => expect(result.current.basket.status).toBe('success'));
    act(() => result.current.actions.increase(7));
    await waitFor(() => expect(result.current.basket.items[0]?.count).toBe(3));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ product_id: 7, count: 3 });
  });

  it('deletes the line by its id with minus at count 1', async () => {
    const fetchMock = stubApi({
      'GET /api/baskets': { data: [makeLine(31, 7, 1)] },
      '/api/baskets/info': { data: info },
      'DELETE /api/baskets/31': { message: "Savatdan o'chirildi" },
    });
    const { result } = renderBasket();
    await waitFor(() => expect(result.current.basket.items).toHaveLength(1));
    act(() => result.current.actions.decrease(7));
    await waitFor(() => expect(result.current.basket.items).toEqual([]));
    expect(calls(fetchMock)).toContain('DELETE /api/baskets/31');
  });

  it("toasts 'Xatolik' and keeps the line when its deletion fails", async () => {
    const error = vi.spyOn(toast, 'error');
    stubApi({
      'GET /api/baskets': { data: [makeLine(31, 7, 1)] },
      'DELETE /api/baskets/31': () => ({
        status: 500,
        body: { message: 'Ichki xato', code: 'INTERNAL' },
      }),
    });
    const { result } = renderBasket();
    await waitFor(() => expect(result.current.basket.items).toHaveLength(1));
    act(() => result.current.actions.decrease(7));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Xatolik'));
    expect(result.current.basket.items).toHaveLength(1);
  });

  it('marks lines and deletes the marked ones by their line ids', async () => {
    const bodies: Record<string, unknown> = {};
    const record = (key: string, answer: unknown) => (_url: string, init?: RequestInit) => {
      bodies[key] = JSON.parse(String(init?.body));
      return { status: 200, body: answer };
    };
    stubApi({
      'GET /api/baskets': { data: [makeLine(31, 7, 1), makeLine(32, 8, 1)] },
      '/api/baskets/info': { data: info },
      'PATCH /api/baskets/checked': record('patch', { message: 'Saqlandi' }),
      'DELETE /api/baskets': record('delete', { message: "O'chirildi", data: { deleted: 2 } }),
    });
    const { result } = renderBasket();
    await waitFor(() => expect(result.current.basket.items).toHaveLength(2));
    act(() => result.current.actions.check([7, 8], false));
    await waitFor(() => expect(result.current.basket.items.every((i) => !i.checked)).toBe(true));
    expect(bodies.patch).toEqual({ ids: [31, 32], checked: false });
    act(() => result.current.actions.removeMany([7, 8]));
    await waitFor(() => expect(result.current.basket.items).toEqual([]));
    expect(bodies.delete).toEqual({ ids: [31, 32] });
  });

  it("keeps the server's message of a failed load", async () => {
    stubApi({
      '/api/baskets': () => ({
        status: 503,
        body: { message: 'Baza javob bermadi', code: 'UNAVAILABLE' },
      }),
    });
    const { result } = renderBasket();
    await waitFor(() => expect(result.current.basket.status).toBe('error'));
    expect(result.current.basket.error?.message).toBe('Baza javob bermadi');
  });
});
