import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { openSignedIn } from './support/auth.ts';
import { expect, test } from './support/test.ts';

/** WCAG 2.1 A and AA, as axe checks them. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What axe finds on the page as it is now, each rule with the elements it names. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

interface Listed {
  slug: string;
}

test('the catalogue, a product with its reviews, and the customer’s notices and reviews pass axe', async ({
  page,
  request,
}) => {
  // seven pages, each read whole by axe: three times a journey's time, as a loaded CI machine needs
  test.slow();
  const famous = (await (await request.get('/api/products/famous')).json()) as { data: Listed[] };
  const top = (await (await request.get('/api/categories/top')).json()) as { data: Listed[] };
  const product = famous.data[0]!;

  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await violations(page), 'home').toEqual([]);

  await page.goto(`/category/${top.data[0]!.slug}`);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await violations(page), 'category').toEqual([]);

  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the reviews part loads after the main content
  await page.mouse.wheel(0, 4000);
  await page.waitForLoadState('networkidle');
  expect(await violations(page), 'product').toEqual([]);

  await openSignedIn(page, '/profile/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations(page), 'notifications').toEqual([]);

  await page.goto('/profile/notifications/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations(page), 'notification settings').toEqual([]);

  await page.goto('/profile/reviews');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations(page), 'my reviews').toEqual([]);

  // the phone's layout: the bottom bar with its unread badge, the centre in one column
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations(page), 'notifications at 390 px').toEqual([]);
});
