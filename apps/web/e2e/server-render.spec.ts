import type { APIRequestContext, Page } from '@playwright/test';
import { watchViolations } from './support/csp.ts';
import { expect, test } from './support/test.ts';

interface Listed {
  slug: string;
  name: string;
  price: number;
}

async function famous(request: APIRequestContext, lang = 'uz'): Promise<Listed[]> {
  const response = await request.get('/api/products/famous', { headers: { lang } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Listed[] }).data;
}

/** "169 000" as the page writes it, whatever space separates the thousands. */
const price = (value: number) =>
  new RegExp(
    String(value)
      .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
      .replaceAll(' ', '\\s'),
  );

/** Every request the page makes to the API, and every error it reports, from its first byte. */
function watch(page: Page) {
  const api: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) api.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { api, errors };
}

test.describe('pages rendered on the server', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a product page carries its name, price, JSON-LD and head', async ({ page, request }) => {
      const [product] = await famous(request);
      if (!product) throw new Error('the demo catalogue has no popular products');
      const response = await page.goto(`/product/${product.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page.getByText(price(product.price)).first()).toBeVisible();
      await expect(page).toHaveTitle(`${product.name} — Bozor`);

      const jsonLd = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}')));
      const types = jsonLd.map((data: { '@type': string }) => data['@type']);
      expect(types).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));
      expect(jsonLd.find((d: { '@type': string }) => d['@type'] === 'Product')).toMatchObject({
        name: product.name,
        offers: { price: product.price, priceCurrency: 'UZS' },
      });

      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      // Uzbek at the bare address: the canonical link names the page's own hreflang address
      expect(canonical).toMatch(new RegExp(`/product/${product.slug}$`));
      await expect(page.locator('link[rel="alternate"][hreflang="ru"]')).toHaveAttribute(
        'href',
        new RegExp(`/product/${product.slug}\\?lang=ru$`),
      );
    });

    test('?lang=ru answers the page in Russian', async ({ page, request }) => {
      const [product] = await famous(request, 'ru');
      if (!product) throw new Error('the demo catalogue has no popular products');
      await page.goto(`/product/${product.slug}?lang=ru`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page.getByRole('button', { name: 'В корзину' }).first()).toBeVisible();
    });

    test('a category page lists its products; an unknown page answers 404', async ({ page }) => {
      await page.goto('/category/smartfonlar-va-gadjetlar');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('a[href^="/product/"]').first()).toBeVisible();
      const missing = await page.goto('/product/no-such-product-anywhere');
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId('not-found')).toBeVisible();
      // an address that cannot name a category is not found either
      const malformed = await page.goto('/category/%3Cscript%3E');
      expect(malformed?.status()).toBe(404);
      await expect(page.getByTestId('not-found')).toBeVisible();
    });
  });

  test('pages hydrate without asking the API again and without errors', async ({
    page,
    request,
  }) => {
    const violations = await watchViolations(page);
    const seen = watch(page);
    const [product] = await famous(request);
    if (!product) throw new Error('the demo catalogue has no popular products');
    for (const path of ['/', '/category/smartfonlar-va-gadjetlar', `/product/${product.slug}`]) {
      seen.api.length = 0;
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(seen.api, `${path} fetched again what the server sent`).toEqual([]);
    }
    expect(seen.errors).toEqual([]);
    expect(violations).toEqual([]);

    // the hydrated page works: the product goes to the basket and the badge counts it
    await page.getByRole('button', { name: 'Savatga' }).first().click();
    await expect(page.getByRole('link', { name: /Savat/ }).first()).toContainText('1');
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByRole('link', { name: /Savat/ }).first()).toContainText('1');
    expect(seen.errors).toEqual([]);
  });

  test('a language saved in the browser is carried to the server', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('iLang', 'ru'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Интернет-магазин Bozor');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'iLang')?.value).toBe('ru');
  });
});
