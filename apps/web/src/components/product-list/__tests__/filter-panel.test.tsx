import type { ListFilters, PageMeta, ProductSummary } from '@bozor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { type ProductListSource, ProductListView } from '../product-list-view.tsx';

const filters: ListFilters = {
  prices: { min: 150_000, max: 24_000_000 },
  brands: [
    { id: 1, slug: 'samsung', name: 'Samsung', logo: null, count: 12 },
    { id: 2, slug: 'xiaomi', name: 'Xiaomi', logo: null, count: 8 },
  ],
  colors: [
    { id: 1, slug: 'black', name: 'Qora', hex: '#111111', count: 9 },
    { id: 2, slug: 'white', name: 'Oq', hex: '#ffffff', count: 4 },
  ],
  filters: [
    {
      id: 5,
      slug: 'memory',
      name: 'Xotira',
      values: [
        { id: 51, name: '128 GB', count: 7 },
        { id: 52, name: '256 GB', count: 5 },
      ],
    },
  ],
};

const product: ProductSummary = {
  id: 1,
  slug: 'samsung-galaxy-a55',
  name: 'Samsung Galaxy A55',
  price: 4_990_000,
  old_price: null,
  monthly_payment: 598_800,
  images: [],
  tags: [],
  in_stock: true,
  rating: 0,
  reviews_count: 0,
};
const meta: PageMeta = { current_page: 1, last_page: 3, per_page: 24, total: 60 };

function Location() {
  const { search } = useLocation();
  return <output data-testid="url">{decodeURIComponent(search)}</output>;
}

async function renderList(route = '/category/telefonlar') {
  const fetchPage = vi.fn<ProductListSource['fetchPage']>(async () => ({ data: [product], meta }));
  renderWithProviders(
    <>
      <ProductListView
        source={{ key: ['category', 'telefonlar'], fetchPage, fetchFilters: async () => filters }}
      />
      <Location />
    </>,
    { route },
  );
  const panel = screen.getByRole('complementary', { name: 'Filtrlar' });
  await within(panel).findByRole('checkbox', { name: /Samsung/ });
  const url = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '');
  return { user: userEvent.setup(), panel, url, fetchPage };
}

describe('the filter panel writes the list into the URL', () => {
  it('adds and removes brands', async () => {
    const { user, panel, url } = await renderList();
    await user.click(within(panel).getByRole('checkbox', { name: /Samsung/ }));
    expect(url().get('brands')).toBe('samsung');
    await user.click(within(panel).getByRole('checkbox', { name: /Xiaomi/ }));
    expect(url().get('brands')).toBe('samsung,xiaomi');
    expect(within(panel).getByRole('checkbox', { name: /Samsung/ })).toBeChecked();
    await user.click(within(panel).getByRole('checkbox', { name: /Samsung/ }));
    expect(url().get('brands')).toBe('xiaomi');
  });

  it('adds a colour and an attribute value', async () => {
    const { user, panel, url } = await renderList();
    await user.click(within(panel).getByRole('button', { name: 'Qora (9)' }));
    expect(url().get('colors')).toBe('black');
    expect(within(panel).getByRole('button', { name: 'Qora (9)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(panel).getByRole('checkbox', { name: /256 GB/ }));
    expect(url().get('filters')).toBe('52');
  });

  it('writes the price range when it is applied, lowest first', async () => {
    const { user, panel, url } = await renderList();
    await user.type(within(panel).getByRole('textbox', { name: 'Narx, dan' }), '5 000 000');
    await user.type(within(panel).getByRole('textbox', { name: 'Narx, gacha' }), '1000000');
    expect(url().get('price_from')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: "Qo'llash" }));
    expect(url().get('price_from')).toBe('1000000');
    expect(url().get('price_to')).toBe('5000000');
  });

  it('writes the sort and asks the API for it', async () => {
    const { user, url, fetchPage } = await renderList();
    await user.selectOptions(screen.getByRole('combobox', { name: /Saralash/ }), 'cheap');
    expect(url().get('sort')).toBe('cheap');
    expect(fetchPage).toHaveBeenLastCalledWith(
      'page=1&per_page=24&sort=cheap',
      expect.any(AbortSignal),
    );
  });

  it('goes back to page 1 when a filter or the sort changes', async () => {
    const { user, panel, url } = await renderList('/category/telefonlar?page=3');
    await user.click(within(panel).getByRole('checkbox', { name: /Samsung/ }));
    expect(url().get('page')).toBeNull();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(url().get('page')).toBe('2');
    await user.selectOptions(screen.getByRole('combobox', { name: /Saralash/ }), 'expensive');
    expect(url().get('page')).toBeNull();
    expect(url().get('brands')).toBe('samsung');
  });

  it('clears every filter but keeps the sort', async () => {
    const { user, url } = await renderList(
      '/category/telefonlar?sort=discount&page=2&brands=samsung&colors=black&filters=51&price_from=100&price_to=900',
    );
    await user.click(screen.getAllByRole('button', { name: 'Filtrlarni tozalash' })[0]!);
    expect(url().toString()).toBe('sort=discount');
  });
});
