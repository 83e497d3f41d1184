import type { ProductSummary } from '@bozor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fetch.ts';
import { makeProduct } from '../../test/fixtures.ts';
import { signInForTest, signOutForTest } from '../../test/session.ts';
import { localWishlist } from '../local-wishlist.ts';
import { toast } from '../toast.ts';
import { useWishlist, useWishlistCount, useWishlistToggle } from '../wishlist-store.ts';

function renderWishlist(product: ProductSummary) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({ list: useWishlist(), count: useWishlistCount(), heart: useWishlistToggle(product) }),
    { wrapper },
  );
}

describe('the wish list of an anonymous visitor', () => {
  beforeEach(() => localWishlist.set([]));

  it('toggles in this browser with the translated toasts', () => {
    const fetchMock = stubApi({});
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    const { result } = renderWishlist(makeProduct(5));
    act(() => result.current.heart.toggle());
    expect(result.current.heart.wished).toBe(true);
    expect(result.current.count).toBe(1);
    expect(success).toHaveBeenCalledWith("Saralanganlarga qo'shildi");
    act(() => result.current.heart.toggle());
    expect(result.current.count).toBe(0);
    expect(error).toHaveBeenCalledWith('Saralanganlardan olib tashlandi');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the wish list of a signed-in customer', () => {
  beforeEach(() => signInForTest());
  afterEach(() => signOutForTest());

  it("adds on the server and shows the server's message as a success", async () => {
    const success = vi.spyOn(toast, 'success');
    stubApi({
      'GET /api/favorites': { data: [makeProduct(1)] },
      'POST /api/favorites/5': { message: "Sevimlilarga qo'shildi", data: { product_id: 5 } },
    });
    const { result } = renderWishlist(makeProduct(5));
    await waitFor(() => expect(result.current.count).toBe(1));
    act(() => result.current.heart.toggle());
    await waitFor(() => expect(result.current.heart.wished).toBe(true));
    expect(result.current.list.items.map((i) => i.id)).toEqual([5, 1]);
    expect(success).toHaveBeenCalledWith("Sevimlilarga qo'shildi");
  });

  it("removes on the server and shows the server's message in the error style", async () => {
    const error = vi.spyOn(toast, 'error');
    stubApi({
      'GET /api/favorites': { data: [makeProduct(5)] },
      'DELETE /api/favorites/5': { message: "Sevimlilardan o'chirildi" },
    });
    const { result } = renderWishlist(makeProduct(5));
    await waitFor(() => expect(result.current.heart.wished).toBe(true));
    act(() => result.current.heart.toggle());
    await waitFor(() => expect(result.current.count).toBe(0));
    expect(error).toHaveBeenCalledWith("Sevimlilardan o'chirildi");
  });

  it("changes nothing when the server refuses, and toasts the server's message", async () => {
    const error = vi.spyOn(toast, 'error');
    stubApi({
      'GET /api/favorites': { data: [] },
      'POST /api/favorites/5': () => ({
        status: 404,
        body: { message: 'Mahsulot topilmadi', code: 'PRODUCT_NOT_FOUND' },
      }),
    });
    const { result } = renderWishlist(makeProduct(5));
    await waitFor(() => expect(result.current.list.status).toBe('success'));
    act(() => result.current.heart.toggle());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Mahsulot topilmadi'));
    expect(result.current.heart.wished).toBe(false);
    expect(result.current.count).toBe(0);
  });
});
