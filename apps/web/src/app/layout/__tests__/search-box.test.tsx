import type { ProductSummary, SearchResult } from '@bozor/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECENT_KEY } from '../../../features/search/recent-searches.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../features/search/use-debounced.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SearchBox } from '../search-box.tsx';

const product = (id: number, slug: string, name: string): ProductSummary => ({
  id,
  slug,
  name,
  price: 4_500_000,
  old_price: null,
  monthly_payment: 540_000,
  images: [],
  tags: [],
  in_stock: true,
  rating: 0,
  reviews_count: 0,
});

const found: SearchResult = {
  products: {
    data: [
      product(1, 'samsung-tv-55', 'Телевизор Samsung 55'),
      product(2, 'lg-tv-43', 'Телевизор LG 43'),
    ],
    meta: { current_page: 1, last_page: 1, per_page: 6, total: 2 },
  },
  categories: [{ id: 7, slug: 'televizorlar', name: 'Televizorlar', image: null }],
};

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

async function openWithResults() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(
    <>
      <SearchBox />
      <Location />
    </>,
  );
  const box = screen.getByRole('combobox', { name: 'Qidiruv' });
  await user.type(box, 'televizor');
  await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
  await screen.findByRole('option', { name: /Samsung 55/ });
  return { user, box };
}

const selected = () => screen.getAllByRole('option').filter((o) => o.ariaSelected === 'true');

describe('SearchBox keyboard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(RECENT_KEY, JSON.stringify(['smartfon']));
    stubApi({
      '/api/search': { data: found },
      '/api/products/famous': { data: [product(3, 'iphone-15', 'Apple iPhone 15')] },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('is a combobox that controls the listbox of suggestions', async () => {
    const { box } = await openWithResults();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Qidiruv takliflari' });
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getByRole('group', { name: 'Mahsulotlar' })).toBeInTheDocument();
    expect(within(listbox).getByRole('group', { name: 'Turkumlar' })).toBeInTheDocument();
    expect(
      within(listbox).getByRole('group', { name: 'Yaqinda qidirilganlar' }),
    ).toBeInTheDocument();
    expect(within(listbox).getByRole('group', { name: 'Tavsiya etamiz' })).toBeInTheDocument();
    expect(selected()).toHaveLength(0);
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('walks products, categories, recent searches and recommended products with the arrow keys', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { user, box } = await openWithResults();
    const names = [/Samsung 55/, /LG 43/, 'Televizorlar', 'smartfon', /iPhone 15/];
    for (const name of names) {
      await user.keyboard('{ArrowDown}');
      const option = screen.getByRole('option', { name });
      expect(option).toHaveAttribute('aria-selected', 'true');
      expect(box).toHaveAttribute('aria-activedescendant', option.id);
      expect(selected()).toEqual([option]);
    }
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
    expect(box).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Samsung 55/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /iPhone 15/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('starts from the last entry when ArrowUp is pressed first', async () => {
    const { user } = await openWithResults();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /iPhone 15/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('opens the highlighted product on Enter and closes the dropdown', async () => {
    const { user, box } = await openWithResults();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/product/lg-tv-43');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens the highlighted category on Enter', async () => {
    const { user } = await openWithResults();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/category/televizorlar');
  });

  it('searches a highlighted recent search again on Enter', async () => {
    const { user } = await openWithResults();
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?query=smartfon');
  });

  it('submits the typed query on Enter when nothing is highlighted', async () => {
    const { user } = await openWithResults();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?query=televizor');
    expect(JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]')).toEqual(['televizor', 'smartfon']);
  });

  it('does not search for a blank query', async () => {
    const { user, box } = await openWithResults();
    await user.clear(box);
    await user.type(box, '   {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('forgets the highlight when the query changes', async () => {
    const { user, box } = await openWithResults();
    await user.keyboard('{ArrowDown}');
    await user.type(box, 'a');
    expect(selected()).toHaveLength(0);
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('closes on Escape, keeps the text, and ArrowDown opens it again', async () => {
    const { user, box } = await openWithResults();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('search-dropdown')).not.toBeInTheDocument();
    expect(box).toHaveValue('televizor');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(selected()).toHaveLength(0);
  });
});
