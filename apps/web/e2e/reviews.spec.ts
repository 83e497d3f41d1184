import type { APIRequestContext, Page } from '@playwright/test';
import { openSignedIn } from './support/auth.ts';
import { placePaidOrder } from './support/buyer.ts';
import { openScoredCustomer } from './support/checkout.ts';
import { facePhoto } from './support/scoring.ts';
import { openStaff } from './support/staff.ts';
import { expect, test } from './support/test.ts';

interface Delivered {
  token: string;
  orderId: number;
  item: { order_item_id: number; product: { id: number; slug: string; name: string } };
}

/**
 * A customer (signed in on `page`, in Russian) whose paid order was shipped and delivered: the
 * item of it they may now rate.
 */
async function deliveredBuyer(page: Page): Promise<Delivered> {
  const customer = await openScoredCustomer(page, 'ru');
  const orderId = await placePaidOrder(page.request, customer);
  const headers = { Authorization: `Bearer ${customer.token}`, lang: 'ru' };
  for (let step = 0; step < 2; step += 1) {
    const moved = await page.request.post(`/api/dev/orders/${orderId}/advance`, { headers });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const mine = await page.request.get('/api/reviews/mine', { headers });
  const items = ((await mine.json()) as { data: { to_write: Delivered['item'][] } }).data.to_write;
  const item = items.find((i) => i.order_item_id > 0);
  expect(item, 'the delivered item waits for a review').toBeTruthy();
  return { token: customer.token, orderId, item: item! };
}

async function reviewsOf(request: APIRequestContext, productId: number) {
  const answer = await request.get(`/api/products/${productId}/reviews`);
  return ((await answer.json()) as { summary: { rating: number; count: number; stars: number[] } })
    .summary;
}

test.describe('reviews from people who bought', () => {
  test('a delivered order is rated with a photo, approved in the back office, and the product page, its card and search show the average', async ({
    page,
    browser,
  }) => {
    test.slow();
    const buyer = await deliveredBuyer(page);
    const before = await reviewsOf(page.request, buyer.item.product.id);

    // the profile lists the item to rate; the form takes stars, words and a photo
    await page.goto('/profile/reviews');
    await expect(page.getByRole('heading', { name: 'Ждут оценки' })).toBeVisible();
    await page.getByRole('link', { name: 'Написать отзыв' }).first().click();
    await expect(page.getByRole('heading', { name: 'Оцените товар' })).toBeVisible();
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByRole('alert')).toContainText('Поставьте оценку от 1 до 5 звёзд');
    await page.getByRole('radio', { name: '5 звёзд' }).check({ force: true });
    await page.getByLabel('Достоинства').fill('Мягкая ткань, размер в размер');
    await page.getByLabel('Комментарий').fill('Ношу каждый день');
    await page.getByTestId('review-photo-input').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: facePhoto(96),
    });
    await expect(page.getByRole('button', { name: 'Убрать фото 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect(page).toHaveURL(/\/profile\/reviews$/);
    const own = page.getByTestId('own-review').first();
    await expect(own.getByTestId('review-status')).toHaveText('На проверке');

    // a content manager publishes it
    const { page: staff, context } = await openStaff(browser, 'content_manager');
    await staff.getByRole('navigation').getByRole('link', { name: 'Отзывы' }).click();
    await expect(staff.getByRole('heading', { name: 'Отзывы' })).toBeVisible();
    const mine = (await (
      await page.request.get('/api/reviews/mine', {
        headers: { Authorization: `Bearer ${buyer.token}` },
      })
    ).json()) as { data: { reviews: { id: number }[] } };
    const reviewId = mine.data.reviews[0]!.id;
    await staff.getByRole('button', { name: `Опубликовать: №${reviewId}` }).click();
    await expect(staff.getByText(`Отзыв №${reviewId} опубликован`)).toBeVisible();
    await context.close();

    // the stored sums, the product page, its card in search; the demo's buyers may have rated the
    // product before: the average is of their stars (not of their rounded average) and these five
    const count = before.count + 1;
    const stars = before.stars.reduce((sum, n, i) => sum + n * (i + 1), 0) + 5;
    const shown = (Math.round((stars * 10) / count) / 10).toFixed(1).replace('.', ',');
    await expect
      .poll(async () => (await reviewsOf(page.request, buyer.item.product.id)).count)
      .toBe(count);
    await page.goto(`/product/${buyer.item.product.slug}`);
    await expect(page.getByTestId('product-rating')).toContainText(shown);
    const reviews = page.getByRole('region', { name: 'Отзывы покупателей' });
    await expect(reviews.getByTestId('reviews-average')).toHaveText(shown);
    await expect(reviews.getByText('Мягкая ткань, размер в размер')).toBeVisible();
    await expect(reviews.getByRole('img', { name: 'Фото покупателя 1' }).first()).toBeVisible();
    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}')));
    const product = jsonLd.find((d) => d['@type'] === 'Product');
    expect(product.aggregateRating).toMatchObject({ reviewCount: count });
    expect(product.review.length).toBeGreaterThan(0);

    await page.goto(`/search?query=${encodeURIComponent(buyer.item.product.name)}`);
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('link', { name: buyer.item.product.name, exact: true }) })
      .first();
    await expect(card.getByTestId('card-rating')).toContainText(`${shown}(${count})`);
  });

  test('a customer who did not buy cannot review', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('iLang', 'ru'));
    const session = await openSignedIn(page, '/profile/reviews');
    await expect(page.getByRole('heading', { name: 'Отзывов пока нет' })).toBeVisible();
    await page.goto('/profile/reviews/new/1');
    await expect(page.getByText('Эта покупка не найдена для оценки')).toBeVisible();
    const refused = await page.request.post('/api/reviews', {
      headers: { Authorization: `Bearer ${session.token}`, lang: 'ru' },
      data: { order_item_id: 1, rating: 5 },
    });
    expect(refused.status()).toBe(404);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Отзыв можно оставить только на товар, который вы купили',
    );
  });

  test('a rejected review tells its author why', async ({ page, browser }) => {
    test.slow();
    const buyer = await deliveredBuyer(page);
    const written = await page.request.post('/api/reviews', {
      headers: { Authorization: `Bearer ${buyer.token}`, lang: 'ru' },
      data: { order_item_id: buyer.item.order_item_id, rating: 1, comment: 'Звоните 901234567' },
    });
    expect(written.status(), await written.text()).toBe(201);
    const reviewId = ((await written.json()) as { data: { id: number } }).data.id;

    const { page: staff, context } = await openStaff(browser, 'content_manager');
    await staff.goto('/admin/reviews');
    await staff.getByRole('button', { name: `Отклонить: №${reviewId}` }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Причина').fill('В отзыве номер телефона');
    await dialog.getByRole('button', { name: 'Отклонить' }).click();
    await expect(
      staff.getByText(`Отзыв №${reviewId} отклонён, автор увидит причину`),
    ).toBeVisible();
    await context.close();

    await page.goto('/profile/reviews');
    const own = page.getByTestId('own-review').first();
    await expect(own.getByTestId('review-status')).toHaveText('Отклонён');
    await expect(own.getByTestId('reject-reason')).toHaveText('Причина: В отзыве номер телефона');
  });
});
