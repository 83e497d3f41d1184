import type { CategoryDetail } from '@bozor/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { CategoryPage } from '../../features/category/components/category-page.tsx';
import { CollectionPage } from '../../features/collections/components/collection-page.tsx';
import { HomeCategories } from '../../features/home/components/home-categories.tsx';
import { ProductListPage } from '../../features/product-lists/components/product-list-page.tsx';
import { SearchPage } from '../../features/search-page/components/search-page.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { stubApi } from '../../test/fetch.ts';

const category: CategoryDetail = {
  id: 4,
  name: 'Telefonlar',
  slug: 'telefonlar',
  image: null,
  parent_id: null,
  children: [],
  ancestors: [],
};
const filters = { prices: { min: 0, max: 0 }, brands: [], colors: [], filters: [] };
const failed = (message: string) => () => ({
  status: 500,
  body: { message, code: 'INTERNAL' },
});
const emptyPage = { data: [], meta: { current_page: 1, last_page: 1, per_page: 24, total: 0 } };

function renderAt(path: string) {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<HomeCategories />} />
          <Route path="/category/:slug" element={<CategoryPage />} />
          <Route path="/search" element={<SearchPage />} />
          <Route path="/products/:slug" element={<ProductListPage />} />
          <Route path="/collections/:slug" element={<CollectionPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('failed catalogue fetches', () => {
  let toasted: MockInstance<typeof toast.error>;
  beforeEach(() => {
    toasted = vi.spyOn(toast, 'error').mockReturnValue(0);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('toast when the top categories cannot be loaded', async () => {
    stubApi({ '/api/categories/top': failed('Turkumlarni yuklab bo‘lmadi') });
    renderAt('/');
    await waitFor(() => expect(toasted).toHaveBeenCalledWith('Turkumlarni yuklab bo‘lmadi'));
  });

  it('toast when a category cannot be loaded, beside the inline error with its retry', async () => {
    let calls = 0;
    stubApi({
      '/api/categories/telefonlar': () =>
        ++calls === 1 ? failed('Serverda xatolik')() : { status: 200, body: { data: category } },
      '/api/category-products/telefonlar': emptyPage,
      '/api/categories/filters-all/telefonlar': { data: filters },
    });
    renderAt('/category/telefonlar');
    expect(await screen.findByRole('alert')).toHaveTextContent('Serverda xatolik');
    expect(toasted).toHaveBeenCalledExactlyOnceWith('Serverda xatolik');
    await userEvent.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Telefonlar' })).toBeVisible();
    expect(toasted).toHaveBeenCalledTimes(1);
  });

  it("keep a category's products and filters silent, showing the error in the list", async () => {
    stubApi({
      '/api/categories/telefonlar': { data: category },
      '/api/category-products/telefonlar': failed('Mahsulotlarni yuklab bo‘lmadi'),
      '/api/categories/filters-all/telefonlar': failed('Filtrlarni yuklab bo‘lmadi'),
    });
    renderAt('/category/telefonlar');
    expect(await screen.findByRole('alert')).toHaveTextContent('Mahsulotlarni yuklab bo‘lmadi');
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeInTheDocument();
    expect(toasted).not.toHaveBeenCalled();
  });

  it('keep a failed search silent and show its message on the page', async () => {
    stubApi({
      '/api/search': failed('Qidiruv ishlamayapti'),
      '/api/search/filters': failed('Qidiruv ishlamayapti'),
    });
    renderAt('/search?query=televizor');
    expect(await screen.findByRole('alert')).toHaveTextContent('Qidiruv ishlamayapti');
    expect(toasted).not.toHaveBeenCalled();
  });

  it('keep a collection silent', async () => {
    stubApi({
      '/api/products/collection/yangi-yil': failed('Kolleksiya topilmadi'),
      '/api/products/collection-filters/yangi-yil': failed('Kolleksiya topilmadi'),
    });
    renderAt('/collections/yangi-yil');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kolleksiya topilmadi');
    expect(toasted).not.toHaveBeenCalled();
  });

  it('toast when a list of popular products cannot be loaded', async () => {
    stubApi({
      '/api/products/list/famous': failed('Serverda xatolik'),
      '/api/products/list-filters/famous': { data: filters },
    });
    renderAt('/products/famous');
    expect(await screen.findByRole('alert')).toHaveTextContent('Serverda xatolik');
    expect(toasted).toHaveBeenCalledExactlyOnceWith('Serverda xatolik');
  });
});
