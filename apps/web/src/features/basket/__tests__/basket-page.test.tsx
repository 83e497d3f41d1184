import type { BasketInfo, BasketLine, ProductSummary } from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BasketItem, localBasket, toBasketProduct } from '../../../lib/local-basket.ts';
import { stubApi } from '../../../test/fetch.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { BasketPage } from '../components/basket-page.tsx';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const localItem = (product: ProductSummary, count = 1): BasketItem => ({
  product_id: product.id,
  count,
  checked: true,
  product: toBasketProduct(product),
});

const summary = () => screen.getByTestId('basket-summary');

describe('BasketPage for an anonymous visitor', () => {
  beforeEach(() => localBasket.set([]));
  afterEach(() => vi.unstubAllGlobals());

  it('offers to start shopping when the basket is empty', () => {
    renderWithProviders(<BasketPage />);
    expect(screen.getByText("Savatingiz hozircha bo'sh")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Xaridni boshlash' })).toHaveAttribute('href', '/');
  });

  it('sums the marked lines with their discount and monthly payment', () => {
    localBasket.set([
      localItem(makeProduct(1, { price: 900_000, old_price: 1_000_000 }), 2),
      localItem(makeProduct(2)),
    ]);
    renderWithProviders(<BasketPage />);
    expect(within(summary()).getByText('Tanlangan mahsulotlar (3)')).toBeInTheDocument();
    expect(within(summary()).getByText("3 000 000 so'm")).toBeInTheDocument();
    expect(within(summary()).getByText("−200 000 so'm")).toBeInTheDocument();
    expect(screen.getByTestId('summary-monthly')).toHaveTextContent("360 000 so'm/oy");
    expect(screen.getByTestId('summary-total')).toHaveTextContent("2 800 000 so'm");
  });

  it('steps a line up and down, and deletes it with minus at 1', async () => {
    const user = userEvent.setup();
    localBasket.set([localItem(makeProduct(1))]);
    renderWithProviders(<BasketPage />);
    await user.click(screen.getByRole('button', { name: "Bittaga ko'paytirish" }));
    expect(screen.getByTestId('line-total')).toHaveTextContent("2 000 000 so'm");
    expect(screen.getByTestId('summary-total')).toHaveTextContent("2 000 000 so'm");
    await user.click(screen.getByRole('button', { name: 'Bittaga kamaytirish' }));
    await user.click(screen.getByRole('button', { name: 'Bittaga kamaytirish' }));
    expect(screen.getByText("Savatingiz hozircha bo'sh")).toBeInTheDocument();
  });

  it('unmarks every line with "select all" and deletes the marked ones after asking', async () => {
    const user = userEvent.setup();
    localBasket.set([localItem(makeProduct(1)), localItem(makeProduct(2))]);
    renderWithProviders(<BasketPage />);
    const selectAll = screen.getByRole('checkbox', { name: 'Hammasini tanlash' });
    expect(selectAll).toBeChecked();
    await user.click(selectAll);
    expect(screen.getByTestId('summary-total')).toHaveTextContent("0 so'm");
    expect(screen.getByRole('button', { name: "Tanlanganlarni o'chirish" })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: '«Mahsulot 2» buyurtmaga kiritilsin' }));
    expect((selectAll as HTMLInputElement).indeterminate).toBe(true);
    await user.click(screen.getByRole('button', { name: "Tanlanganlarni o'chirish" }));
    const dialog = screen.getByRole('dialog', { name: "Tanlangan mahsulotlar o'chirilsinmi?" });
    expect(dialog).toHaveTextContent("Savatdan 1 ta mahsulot o'chiriladi");
    await user.click(within(dialog).getByRole('button', { name: "O'chirish" }));
    expect(screen.getAllByTestId('basket-line')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Mahsulot 1' })).toBeInTheDocument();
  });

  it('marks what the shop says is sold out or short, and leaves it out of the total', async () => {
    const user = userEvent.setup();
    const kept = makeProduct(1, { price: 1_000_000 });
    localBasket.set([
      localItem(kept),
      localItem(makeProduct(2, { price: 3_000_000 })),
      localItem(makeProduct(3, { price: 500_000 }), 3),
      localItem(makeProduct(4)),
    ]);
    stubApi({
      '/api/products/stock': {
        data: [
          // the price went up since the visitor added it
          { ...kept, price: 1_100_000, stock: 4, size_class: 'standard' },
          {
            ...makeProduct(2, { price: 3_000_000 }),
            in_stock: false,
            stock: 0,
            size_class: 'standard',
          },
          { ...makeProduct(3, { price: 500_000 }), stock: 2, size_class: 'standard' },
          // product 4 is no longer on sale
        ],
      },
    });
    renderWithProviders(<BasketPage />);
    await waitFor(() => expect(screen.getAllByTestId('line-shortage')).toHaveLength(3));
    const [first, second, third, fourth] = screen.getAllByTestId('basket-line');
    expect(first).toHaveAttribute('data-available', 'true');
    expect(second).toHaveTextContent('Tugagan');
    expect(third).toHaveTextContent('Faqat 2 dona qoldi');
    expect(fourth).toHaveTextContent('Tugagan');
    expect(within(second!).getByRole('checkbox')).toBeDisabled();
    expect(within(second!).getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByTestId('summary-total')).toHaveTextContent("1 100 000 so'm");

    // down to the two left, the third line is back in the order
    await user.click(within(third!).getByRole('button', { name: 'Bittaga kamaytirish' }));
    expect(third).toHaveAttribute('data-available', 'true');
    expect(screen.getByTestId('summary-total')).toHaveTextContent("2 100 000 so'm");
    // and cannot go above what is left
    await user.click(within(third!).getByRole('button', { name: "Bittaga ko'paytirish" }));
    expect(within(third!).getByTestId('line-total')).toHaveTextContent("1 000 000 so'm");
  });

  it('keeps the lines when the deletion is cancelled', async () => {
    const user = userEvent.setup();
    localBasket.set([localItem(makeProduct(1))]);
    renderWithProviders(<BasketPage />);
    await user.click(screen.getByRole('button', { name: "Tanlanganlarni o'chirish" }));
    await user.click(screen.getByRole('button', { name: 'Bekor qilish' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('basket-line')).toHaveLength(1);
  });
});

describe('BasketPage for a signed-in customer', () => {
  beforeEach(() => signInForTest());
  afterEach(() => signOutForTest());

  const line = (count: number): BasketLine => ({
    id: 31,
    product_id: 7,
    count,
    checked: true,
    product: makeProduct(7),
    stock: 50,
  });
  const info = (count: number): BasketInfo => ({
    lines: 1,
    count,
    total: count * 1_000_000,
    total_old_price: count * 1_000_000,
    discount: 0,
    monthly_payment: count * 120_000,
    months: 12,
    size_class: 'standard',
  });

  it("shows the server's lines and updates its summary after plus", async () => {
    const user = userEvent.setup();
    let count = 1;
    stubApi({
      'GET /api/baskets': () => ({ status: 200, body: { data: [line(count)] } }),
      '/api/baskets/info': () => ({ status: 200, body: { data: info(count) } }),
      'POST /api/baskets': () => {
        count += 1;
        return { status: 200, body: { message: "Savatga qo'shildi", data: line(count) } };
      },
    });
    renderWithProviders(<BasketPage />);
    expect(await screen.findByTestId('summary-monthly')).toHaveTextContent("120 000 so'm/oy");
    expect(within(summary()).getByText("Muddatli to'lov, 12 oy")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Bittaga ko'paytirish" }));
    await waitFor(() =>
      expect(screen.getByTestId('summary-total')).toHaveTextContent("2 000 000 so'm"),
    );
    expect(screen.getByTestId('summary-monthly')).toHaveTextContent("240 000 so'm/oy");
  });

  it("shows the server's message when the basket cannot load, and asks again", async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      'GET /api/baskets': () =>
        fail
          ? { status: 503, body: { message: 'Baza javob bermadi', code: 'UNAVAILABLE' } }
          : { status: 200, body: { data: [line(1)] } },
      '/api/baskets/info': { data: info(1) },
    });
    renderWithProviders(<BasketPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Baza javob bermadi');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByTestId('basket-line')).toBeInTheDocument();
  });

  it("says 'Serverda xatolik' when the server sent no message", async () => {
    stubApi({ 'GET /api/baskets': () => ({ status: 502 }) });
    renderWithProviders(<BasketPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Serverda xatolik');
  });

  it('shows placeholders while the basket loads', () => {
    stubApi({});
    renderWithProviders(<BasketPage />);
    expect(screen.getByTestId('basket-skeleton')).toBeInTheDocument();
  });
});
