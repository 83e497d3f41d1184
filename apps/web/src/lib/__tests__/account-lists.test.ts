import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../test/fetch.ts';
import { makeProduct } from '../../test/fixtures.ts';
import { mergeLocalListsIntoAccount } from '../account-lists.ts';
import { localBasket, toBasketProduct } from '../local-basket.ts';
import { localWishlist } from '../local-wishlist.ts';

function fillLocalLists() {
  localWishlist.set([makeProduct(1), makeProduct(2)]);
  localBasket.set([
    { product_id: 3, count: 2, checked: true, product: toBasketProduct(makeProduct(3)) },
    { product_id: 4, count: 150, checked: false, product: toBasketProduct(makeProduct(4)) },
  ]);
}

const bodyOf = (fetchMock: ReturnType<typeof stubApi>, path: string) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url) === path);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('mergeLocalListsIntoAccount', () => {
  beforeEach(() => {
    localWishlist.set([]);
    localBasket.set([]);
  });

  it('posts both local lists, counts kept within 99, and clears them', async () => {
    fillLocalLists();
    const fetchMock = stubApi({
      '/api/favorites/merge': { data: [] },
      '/api/baskets/merge': { data: [] },
    });
    await mergeLocalListsIntoAccount();
    expect(bodyOf(fetchMock, '/api/favorites/merge')).toEqual({ product_ids: [1, 2] });
    expect(bodyOf(fetchMock, '/api/baskets/merge')).toEqual({
      items: [
        { product_id: 3, count: 2, checked: true },
        { product_id: 4, count: 99, checked: false },
      ],
    });
    expect(localWishlist.get()).toEqual([]);
    expect(localBasket.get()).toEqual([]);
  });

  it('asks nothing of the server for empty lists', async () => {
    const fetchMock = stubApi({});
    await mergeLocalListsIntoAccount();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a local list whose merge failed, to try again at the next sign-in', async () => {
    fillLocalLists();
    stubApi({
      '/api/favorites/merge': { data: [] },
      '/api/baskets/merge': () => ({ status: 500, body: { message: 'Xato', code: 'INTERNAL' } }),
    });
    await expect(mergeLocalListsIntoAccount()).resolves.toBeUndefined();
    expect(localWishlist.get()).toEqual([]);
    expect(localBasket.get().map((i) => i.product_id)).toEqual([3, 4]);
  });
});
