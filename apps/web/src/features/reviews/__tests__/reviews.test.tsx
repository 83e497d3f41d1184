import type { MyReviews, ProductDetail, ProductReviews as Reviews } from '@bozor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { stubApi } from '../../../test/fetch.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInForTest, signOutForTest } from '../../../test/session.ts';
import { MyReviewsPage } from '../components/my-reviews-page.tsx';
import { OrderReviews } from '../components/order-reviews.tsx';
import { ProductReviews } from '../components/product-reviews.tsx';
import { ReviewFormPage } from '../components/review-form-page.tsx';

const product = {
  ...makeProduct(7, { rating: 4.5, reviews_count: 2 }),
  code: '100',
  stock: 3,
  description: '',
  options: [],
  brand: null,
  category: { id: 1, slug: 'phones', name: 'Telefonlar' },
  installments: [],
  reviews: [],
  size_class: 'standard',
} satisfies ProductDetail;

const review = (id: number, rating: number, extra: Partial<Reviews['data'][number]> = {}) => ({
  id,
  author: '+998 90 *** ** 67',
  rating,
  pros: 'Tez ishlaydi',
  cons: '',
  comment: `Sharh ${id}`,
  photos: [],
  helpful: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  answer: null,
  ...extra,
});

const answer = (data: Reviews['data'], total = data.length): Reviews => ({
  summary: { rating: 4.5, count: 2, stars: [0, 0, 0, 1, 1], photos: [] },
  data,
  meta: { current_page: 1, last_page: 1, per_page: 10, total },
});

afterEach(() => signOutForTest());

describe('the product page’s reviews', () => {
  it('shows the stored average, the count per star and the reviews; filters by stars', async () => {
    const asked: string[] = [];
    stubApi({
      '/api/products/7/reviews': (url: string) => {
        asked.push(url);
        const stars = new URL(url, 'http://x').searchParams.get('stars');
        return {
          status: 200,
          body: stars === '5' ? answer([review(2, 5)]) : answer([review(2, 5), review(1, 4)]),
        };
      },
    });
    renderWithProviders(<ProductReviews product={product} />);
    expect(await screen.findByTestId('reviews-average')).toHaveTextContent('4.5');
    expect(screen.getAllByTestId('review')).toHaveLength(2);
    expect(screen.getByText('Sharh 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baho 5 — sharhlar: 1' })).toBeInTheDocument();

    const filters = screen.getByRole('group', { name: "Baho bo'yicha" });
    await userEvent.click(within(filters).getByRole('button', { name: '5 ★' }));
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(1));
    expect(asked.at(-1)).toContain('stars=5');

    await userEvent.selectOptions(screen.getByRole('combobox'), 'helpful');
    await waitFor(() => expect(asked.at(-1)).toContain('sort=helpful'));
    await userEvent.click(within(filters).getByRole('button', { name: 'Rasmli' }));
    await waitFor(() => expect(asked.at(-1)).toContain('with_photos=1'));
  });

  it('says so when there are no reviews yet, and offers a retry when they cannot load', async () => {
    stubApi({
      '/api/products/7/reviews': {
        ...answer([]),
        summary: { rating: 0, count: 0, stars: [0, 0, 0, 0, 0], photos: [] },
      },
    });
    const { unmount } = renderWithProviders(<ProductReviews product={product} />);
    expect(await screen.findByText("Hali sharh yo'q")).toBeInTheDocument();
    unmount();

    stubApi({
      '/api/products/7/reviews': () => ({
        status: 500,
        body: { message: 'Sharhlarni olib bo‘lmadi', code: 'INTERNAL' },
      }),
    });
    renderWithProviders(<ProductReviews product={product} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sharhlarni olib bo‘lmadi');
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeInTheDocument();
  });

  it('marks a review helpful once for a signed-in customer', async () => {
    signInForTest();
    let marked = false;
    const fetch = stubApi({
      '/api/products/7/reviews': () => ({
        status: 200,
        body: answer([review(2, 5, { helpful: marked ? 2 : 1 })]),
      }),
      '/api/products/7/reviews/marked': () => ({ status: 200, body: { data: marked ? [2] : [] } }),
      'POST /api/reviews/2/helpful': () => {
        marked = true;
        return { status: 200, body: { message: 'ok', data: { helpful: 2 } } };
      },
    });
    renderWithProviders(<ProductReviews product={product} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Foydali (1)' }));
    const done = await screen.findByRole('button', { name: 'Foydali deb belgiladingiz (2)' });
    expect(done).toBeDisabled();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});

const mine: MyReviews = {
  to_write: [
    {
      order_item_id: 31,
      order_id: 12,
      product: { id: 7, slug: 'product-7', name: 'Telefon' },
      image: null,
      delivered_at: '2026-11-25T10:00:00.000Z',
    },
  ],
  reviews: [
    {
      id: 9,
      order_id: 11,
      order_item_id: 30,
      product: { id: 8, slug: 'product-8', name: 'Televizor' },
      image: null,
      rating: 2,
      pros: '',
      cons: 'Qimmat',
      comment: 'Telefonim 901234567',
      photos: [],
      status: 'rejected',
      reject_reason: 'Telefon raqami yozilgan',
      answer: null,
      created_at: '2026-11-20T10:00:00.000Z',
      editable_until: '2026-12-20T10:00:00.000Z',
      editable: true,
    },
  ],
};

describe('the customer’s reviews in the profile', () => {
  it('lists what is still to rate and tells why a review was rejected', async () => {
    signInForTest();
    stubApi({ '/api/reviews/mine': { data: mine } });
    renderWithProviders(<MyReviewsPage />);
    expect(await screen.findByRole('link', { name: 'Sharh yozish' })).toHaveAttribute(
      'href',
      '/profile/reviews/new/31',
    );
    expect(screen.getByTestId('review-status')).toHaveTextContent('Rad etilgan');
    expect(screen.getByTestId('reject-reason')).toHaveTextContent('Sabab: Telefon raqami yozilgan');
    expect(screen.getByRole('link', { name: "O'zgartirish" })).toHaveAttribute(
      'href',
      '/profile/reviews/9',
    );
  });

  it('asks for the stars before sending, then sends the review and shows the server’s refusal', async () => {
    signInForTest();
    const sent: unknown[] = [];
    stubApi({
      '/api/reviews/mine': { data: mine },
      'POST /api/reviews': (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return {
          status: 400,
          body: {
            message: 'Xato',
            code: 'VALIDATION_ERROR',
            errors: { comment: ['Juda uzun'] },
          },
        };
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/profile/reviews/new/:itemId" element={<ReviewFormPage />} />
      </Routes>,
      { route: '/profile/reviews/new/31' },
    );
    const send = await screen.findByRole('button', { name: 'Yuborish' });
    await userEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Bahoni 1 dan 5 gacha yulduzcha bilan qo'ying",
    );
    expect(sent).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: '4 yulduz' }));
    await userEvent.type(screen.getByLabelText('Izoh'), 'Yaxshi');
    await userEvent.click(send);
    expect(await screen.findByText('Juda uzun')).toBeInTheDocument();
    expect(sent).toEqual([
      { rating: 4, pros: '', cons: '', comment: 'Yaxshi', photos: [], order_item_id: 31 },
    ]);
  });
});

describe('a product card', () => {
  it('shows the stars and the number of reviews, and nothing without reviews', () => {
    stubApi({ '/api/baskets': { data: [] } });
    const { unmount } = renderWithProviders(
      <ProductCard product={makeProduct(3, { rating: 4.5, reviews_count: 12 })} />,
    );
    expect(screen.getByTestId('card-rating')).toHaveTextContent('Reyting 4.5 / 5, 12 ta sharh');
    unmount();
    renderWithProviders(<ProductCard product={makeProduct(4)} />);
    expect(screen.queryByTestId('card-rating')).toBeNull();
  });
});

describe('a delivered order’s page', () => {
  it('offers to rate the items of that order still to rate, and nothing for another order', async () => {
    signInForTest();
    stubApi({ '/api/reviews/mine': { data: mine } });
    const { unmount } = renderWithProviders(<OrderReviews orderId={12} />);
    expect(await screen.findByRole('link', { name: 'Sharh yozish: Telefon' })).toHaveAttribute(
      'href',
      '/profile/reviews/new/31',
    );
    unmount();
    renderWithProviders(<OrderReviews orderId={11} />);
    await waitFor(() => expect(screen.queryByRole('heading')).toBeNull());
  });
});
