import type { Page } from '@playwright/test';
import { openSignedIn } from './support/auth.ts';
import { watchViolations } from './support/csp.ts';
import { expect, test } from './support/test.ts';

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
}

test('the main pages run under the strict CSP with no violation reported', async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);
  const famous = await request.get('/api/products/famous', { headers: { lang: 'uz' } });
  const [product] = ((await famous.json()) as { data: { slug: string }[] }).data;
  const top = await request.get('/api/categories/top');
  const [category] = ((await top.json()) as { data: { slug: string }[] }).data;

  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' 'nonce-");
  expect(csp).toContain("frame-ancestors 'none'");

  for (const path of [
    '/',
    `/category/${category!.slug}`,
    `/product/${product!.slug}`,
    '/search?query=samsung',
    '/brands',
    '/products/discount',
    '/basket',
    '/favorites',
    '/offer',
    '/no-such-page',
  ]) {
    await visit(page, path);
  }
  // The carousel, the catalogue overlay and the sign-in modal render what they draw at run time.
  await visit(page, '/');
  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  expect(violations).toEqual([]);
});

test('the signed-in pages run under the strict CSP too', async ({ page }) => {
  const violations = await watchViolations(page);
  await openSignedIn(page, '/profile');
  await expect(page.getByRole('heading').first()).toBeVisible();
  for (const path of [
    '/profile/notifications',
    '/profile/addresses',
    '/profile/cards',
    '/profile/add-card',
    '/scoring',
    '/scoring/personal',
    '/basket',
  ]) {
    await visit(page, path);
  }
  expect(violations).toEqual([]);
});
