import { QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryTreeQuery } from '../../features/catalog/api/get-category-tree.ts';
import { topCategoriesQuery } from '../../features/catalog/index.ts';
import { categoryQuery } from '../../features/category/api/get-category.ts';
import { famousProductsQuery } from '../../features/home/index.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/fetch.ts';
import { makeProduct } from '../../test/fixtures.ts';

const telefonlar = {
  id: 4,
  name: 'Telefonlar',
  slug: 'telefonlar',
  image: null,
  parent_id: null,
  children: [],
};

describe('coming back to the page (SPEC §9)', () => {
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    vi.unstubAllGlobals();
  });

  it('refetches the stale catalogue but not the top categories or the popular products', async () => {
    const clock = { now: 1_000_000 };
    vi.spyOn(Date, 'now').mockImplementation(() => clock.now);
    const fetchMock = stubApi({
      '/api/categories/top': { data: [telefonlar] },
      '/api/categories/all': { data: [telefonlar] },
      '/api/categories/telefonlar': { data: { ...telefonlar, ancestors: [] } },
      '/api/products/famous': { data: [makeProduct(1)] },
    });
    const calls = (path: string) =>
      fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path).length;

    const client = createQueryClient();
    client.mount();
    const listen = () => {};
    const stops = [
      new QueryObserver(client, topCategoriesQuery).subscribe(listen),
      new QueryObserver(client, famousProductsQuery).subscribe(listen),
      new QueryObserver(client, categoryTreeQuery).subscribe(listen),
      new QueryObserver(client, categoryQuery('telefonlar')).subscribe(listen),
    ];
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));

    // ten minutes away: everything is stale
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    clock.now += 10 * 60_000;
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));

    await waitFor(() => expect(calls('/api/categories/telefonlar')).toBe(2));
    await waitFor(() => expect(calls('/api/categories/all')).toBe(2));
    expect(calls('/api/categories/top')).toBe(1);
    expect(calls('/api/products/famous')).toBe(1);

    for (const stop of stops) stop();
    client.unmount();
  });
});
