import type { ProductSummary } from '@bozor/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localWishlist } from '../../../lib/local-wishlist.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { FavoritesPage } from '../components/favorites-page.tsx';

const product: ProductSummary = {
  id: 5,
  slug: 'artel-tv-43',
  name: 'Artel TV 43',
  price: 3_000_000,
  old_price: null,
  monthly_payment: 360_000,
  images: [],
  tags: [],
  in_stock: true,
  rating: 0,
  reviews_count: 0,
};

describe('FavoritesPage for an anonymous visitor', () => {
  beforeEach(() => localWishlist.set([]));

  it('shows the wish list kept in this browser', () => {
    localWishlist.set([product]);
    renderWithProviders(<FavoritesPage />);
    expect(screen.getByRole('link', { name: 'Artel TV 43' })).toBeInTheDocument();
  });

  it('offers to look at products when the list is empty', () => {
    renderWithProviders(<FavoritesPage />);
    expect(screen.getByText("Saralanganlar ro'yxati bo'sh")).toBeInTheDocument();
  });
});

describe('FavoritesPage for a signed-in customer', () => {
  beforeEach(() => {
    localWishlist.set([]);
    signInForTest();
  });
  afterEach(() => signOutForTest());

  it("shows the server's wish list after placeholders", async () => {
    stubApi({ '/api/favorites': { data: [product] }, '/api/baskets': { data: [] } });
    renderWithProviders(<FavoritesPage />);
    expect(screen.getAllByTestId('product-card-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: 'Artel TV 43' })).toBeInTheDocument();
    expect(screen.getByText('1 ta mahsulot')).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot load", async () => {
    stubApi({
      '/api/favorites': () => ({
        status: 500,
        body: { message: 'Sevimlilarni olib bo‘lmadi', code: 'INTERNAL' },
      }),
      '/api/baskets': { data: [] },
    });
    renderWithProviders(<FavoritesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sevimlilarni olib bo‘lmadi');
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeInTheDocument();
  });
});
