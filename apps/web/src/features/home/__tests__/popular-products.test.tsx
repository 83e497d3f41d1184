import type { ProductSummary } from '@bozor/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PopularProducts } from '../components/popular-products.tsx';

const product: ProductSummary = {
  id: 1,
  slug: 'redmi-note-13',
  name: 'Xiaomi Redmi Note 13',
  price: 2_890_000,
  old_price: null,
  monthly_payment: 346_800,
  images: [],
  tags: [],
  in_stock: true,
  rating: 0,
  reviews_count: 0,
};

describe('PopularProducts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows card-shaped skeletons, then the products', async () => {
    stubApi({ '/api/products/famous': { data: [product] } });
    renderWithProviders(<PopularProducts />);
    expect(screen.getAllByTestId('product-card-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByText('Xiaomi Redmi Note 13')).toBeInTheDocument();
    expect(screen.queryByTestId('product-card-skeleton')).not.toBeInTheDocument();
  });

  it('shows an empty state when there are none', async () => {
    stubApi({ '/api/products/famous': { data: [] } });
    renderWithProviders(<PopularProducts />);
    expect(await screen.findByText("Hozircha mahsulotlar yo'q")).toBeInTheDocument();
  });

  it('shows the error with a retry button that asks again', async () => {
    let calls = 0;
    stubApi({
      '/api/products/famous': () =>
        ++calls === 1
          ? { status: 500, body: { message: 'Serverda xatolik', code: 'INTERNAL' } }
          : { status: 200, body: { data: [product] } },
    });
    renderWithProviders(<PopularProducts />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Serverda xatolik');
    await userEvent.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByText('Xiaomi Redmi Note 13')).toBeInTheDocument();
  });

  it('leads to the whole popular list', async () => {
    stubApi({ '/api/products/famous': { data: [product] } });
    renderWithProviders(<PopularProducts />);
    expect(screen.getByRole('link', { name: "Barchasini ko'rish" })).toHaveAttribute(
      'href',
      '/products/famous',
    );
    expect(await screen.findByText('Xiaomi Redmi Note 13')).toBeInTheDocument();
  });
});
