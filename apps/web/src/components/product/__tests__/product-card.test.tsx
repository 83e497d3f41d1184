import type { BasketLine, ProductSummary } from '@bozor/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localBasket } from '../../../lib/local-basket.ts';
import { localWishlist } from '../../../lib/local-wishlist.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { ProductCard } from '../product-card.tsx';

function makeProduct(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 11,
    slug: 'lg-fridge-gc-b509',
    name: 'LG GC-B509 muzlatgichi',
    price: 7_490_000,
    old_price: 8_990_000,
    monthly_payment: 899_000,
    images: [{ path: '/media/products/fridge/1.svg' }, { path: '/media/products/fridge/2.svg' }],
    tags: [{ id: 1, name: 'Xit', color: '#e5194a' }],
    in_stock: true,
    rating: 0,
    reviews_count: 0,
    ...overrides,
  };
}

describe('ProductCard', () => {
  beforeEach(() => {
    localBasket.set([]);
    localWishlist.set([]);
  });

  it('groups the thousands of the price with a space and shows the currency', () => {
    renderWithProviders(<ProductCard product={makeProduct()} />);
    expect(screen.getByText("7 490 000 so'm")).toBeInTheDocument();
  });

  it('shows the discount badge and the struck old price when old_price > price', () => {
    renderWithProviders(<ProductCard product={makeProduct()} />);
    // (8 990 000 − 7 490 000) / 8 990 000 = 16.7 % → 17
    expect(screen.getByText('-17% chegirma')).toBeInTheDocument();
    const old = screen.getByText("8 990 000 so'm", { exact: false });
    expect(old.closest('s')).not.toBeNull();
  });

  it('shows no discount badge when old_price is missing', () => {
    renderWithProviders(<ProductCard product={makeProduct({ old_price: null })} />);
    expect(screen.queryByText(/chegirma/)).not.toBeInTheDocument();
    expect(screen.queryByText(/8 990 000/)).not.toBeInTheDocument();
  });

  it('shows no discount badge when old_price is not above price', () => {
    renderWithProviders(
      <ProductCard product={makeProduct({ price: 5_000_000, old_price: 5_000_000 })} />,
    );
    expect(screen.queryByText(/chegirma/)).not.toBeInTheDocument();
  });

  it('shows the monthly payment', () => {
    renderWithProviders(<ProductCard product={makeProduct()} />);
    expect(screen.getByText("899 000 so'm/oy")).toBeInTheDocument();
  });

  it('links the name to the product page by slug', () => {
    renderWithProviders(<ProductCard product={makeProduct()} />);
    expect(screen.getByRole('link', { name: 'LG GC-B509 muzlatgichi' })).toHaveAttribute(
      'href',
      '/product/lg-fridge-gc-b509',
    );
  });

  it('shows its tags', () => {
    renderWithProviders(<ProductCard product={makeProduct()} />);
    expect(screen.getByText('Xit')).toHaveStyle({ backgroundColor: '#e5194a' });
  });

  it('turns the basket button into a stepper and back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductCard product={makeProduct()} />);
    await user.click(screen.getByRole('button', { name: 'Savatga' }));

    const card = screen.getByTestId('product-card');
    expect(within(card).getByRole('status')).toHaveTextContent('1');
    expect(within(card).getByRole('link', { name: "Savatga o'tish" })).toHaveAttribute(
      'href',
      '/basket',
    );

    await user.click(screen.getByRole('button', { name: "Bittaga ko'paytirish" }));
    expect(within(card).getByRole('status')).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Bittaga kamaytirish' }));
    await user.click(screen.getByRole('button', { name: 'Bittaga kamaytirish' }));
    expect(screen.getByRole('button', { name: 'Savatga' })).toBeInTheDocument();
    expect(localBasket.get()).toEqual([]);
  });

  it('toggles the wish-list heart', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductCard product={makeProduct()} />);
    const heart = screen.getByRole('button', { name: "Saralanganlarga qo'shish" });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(localWishlist.get().map((i) => i.id)).toEqual([11]);
  });

  it('stops the plus at 99', () => {
    const product = makeProduct();
    localBasket.set([
      {
        product_id: product.id,
        count: 99,
        checked: true,
        product: {
          id: product.id,
          slug: product.slug,
          name: product.name,
          price: product.price,
          old_price: product.old_price,
          monthly_payment: product.monthly_payment,
          image: null,
        },
      },
    ]);
    renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('button', { name: "Bittaga ko'paytirish" })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('says a product is sold out and offers no basket button', async () => {
    renderWithProviders(<ProductCard product={makeProduct({ in_stock: false })} />);
    const soldOut = screen.getByRole('button', { name: "Sotuvda yo'q" });
    expect(soldOut).toBeDisabled();
    await userEvent.click(soldOut);
    expect(localBasket.get()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Savatga' })).not.toBeInTheDocument();
  });
});

describe('ProductCard for a signed-in customer', () => {
  beforeEach(() => {
    localBasket.set([]);
    signInForTest();
  });
  afterEach(() => signOutForTest());

  const line = (count: number): BasketLine => ({
    id: 51,
    product_id: 11,
    count,
    checked: true,
    product: makeProduct(),
    stock: 20,
  });

  it('shows the stepper once the server added the product', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/baskets': { data: [] },
      '/api/favorites': { data: [] },
      'POST /api/baskets': { message: "Savatga qo'shildi", data: line(1) },
    });
    renderWithProviders(<ProductCard product={makeProduct()} />);
    await user.click(screen.getByRole('button', { name: 'Savatga' }));
    const card = screen.getByTestId('product-card');
    expect(await within(card).findByRole('status')).toHaveTextContent('1');
    expect(localBasket.get()).toEqual([]);
  });

  it('keeps the button when the server refuses the product', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/baskets': { data: [] },
      '/api/favorites': { data: [] },
      'POST /api/baskets': () => ({
        status: 404,
        body: { message: 'Mahsulot topilmadi', code: 'PRODUCT_NOT_FOUND' },
      }),
    });
    renderWithProviders(<ProductCard product={makeProduct()} />);
    await user.click(screen.getByRole('button', { name: 'Savatga' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Savatga' })).not.toHaveAttribute('aria-disabled'),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('fills the heart from the server list', async () => {
    stubApi({ '/api/baskets': { data: [] }, '/api/favorites': { data: [makeProduct()] } });
    renderWithProviders(<ProductCard product={makeProduct()} />);
    const heart = screen.getByRole('button', { name: "Saralanganlarga qo'shish" });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
  });
});

describe("ProductCard's pictures", () => {
  /** The observers the cards' carousels made, to bring their cards near the screen. */
  let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[];

  beforeEach(() => {
    observers = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const pictures = () => screen.getAllByRole('img', { hidden: true });
  /** Time for a carousel that had started to load its code and show its pictures. */
  const settle = () =>
    act(async () => {
      await import('embla-carousel');
    });

  it('shows the first picture until the card nears the screen, then starts its carousel', async () => {
    renderWithProviders(<ProductCard product={makeProduct()} />);
    // far from the screen: the first picture alone, no carousel (its dots do nothing yet)
    expect(pictures()).toHaveLength(1);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options?.rootMargin).toMatch(/^\d+px/);
    await settle();
    expect(pictures()).toHaveLength(1);

    const near = { isIntersecting: true } as IntersectionObserverEntry;
    act(() => observers[0]!.callback([near], {} as IntersectionObserver));
    await waitFor(() => expect(pictures()).toHaveLength(2));
  });

  it('starts the carousels of cards that come near together one a task', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      renderWithProviders(
        <>
          <ProductCard product={makeProduct()} />
          <ProductCard product={makeProduct({ id: 12, slug: 'lg-fridge-gc-b510' })} />
        </>,
      );
      const near = { isIntersecting: true } as IntersectionObserverEntry;
      act(() => {
        for (const observer of observers) observer.callback([near], {} as IntersectionObserver);
      });
      await settle();
      const cards = screen.getAllByTestId('product-card');
      const shown = () => cards.map((card) => within(card).getAllByRole('img', { hidden: true }));
      expect(shown().map((list) => list.length)).toEqual([1, 1]);
      await act(async () => {
        vi.advanceTimersToNextTimer();
      });
      expect(shown().map((list) => list.length)).toEqual([2, 1]);
      await act(async () => {
        vi.advanceTimersToNextTimer();
      });
      expect(shown().map((list) => list.length)).toEqual([2, 2]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays on its first picture while the card is far from the screen', async () => {
    renderWithProviders(<ProductCard product={makeProduct()} />);
    const far = { isIntersecting: false } as IntersectionObserverEntry;
    act(() => observers[0]!.callback([far], {} as IntersectionObserver));
    await settle();
    expect(pictures()).toHaveLength(1);
  });
});
