import { formatNumber } from '@bozor/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { openSignedIn } from './support/auth.ts';
import { expect, test } from './support/test.ts';

interface Product {
  id: number;
  slug: string;
  name: string;
  price: number;
}

interface BasketInfo {
  count: number;
  total: number;
  monthly_payment: number;
  months: number;
}

const money = (amount: number) => `${formatNumber(amount)} so'm`;

async function famousProducts(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/products/famous');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Product[] }).data;
}

async function customerData<T>(request: APIRequestContext, token: string, path: string) {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} answers`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The badges of the header on large screens, of the bottom bar on phones. */
function badges(page: Page) {
  const phone = (page.viewportSize()?.width ?? 1440) < 768;
  const nav = phone ? page.getByTestId('bottom-bar') : page.getByRole('banner');
  return {
    basket: nav.getByRole('link', { name: /Savat/ }).getByTestId('count-badge'),
    favorites: nav.getByRole('link', { name: /Saralangan/ }).getByTestId('count-badge'),
  };
}

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
}

test('an anonymous shopper keeps a basket and a wish list in the browser', async ({
  page,
  request,
}) => {
  const famous = await famousProducts(request);
  const [first, second, third] = famous;
  if (!first || !second || !third) throw new Error('the demo catalogue has popular products');
  const cards = page.getByTestId('product-card');
  const lines = page.getByTestId('basket-line');
  const summaryTotal = page.getByTestId('summary-total');

  await test.step('two products go to the basket and one to the wish list from the cards', async () => {
    await page.goto('/');
    await cards.nth(0).getByRole('button', { name: 'Savatga' }).click();
    await expect(cards.nth(0).getByRole('status')).toHaveText(/1$/);
    await cards.nth(1).getByRole('button', { name: 'Savatga' }).click();
    await expect(cards.nth(1).getByRole('status')).toHaveText(/1$/);
    const heart = cards.nth(2).getByRole('button', { name: "Saralanganlarga qo'shish" });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(badges(page).basket).toHaveText('2');
    await expect(badges(page).favorites).toHaveText('1');
  });

  await test.step('they survive a reload', async () => {
    await page.reload();
    await expect(badges(page).basket).toHaveText('2');
    await expect(badges(page).favorites).toHaveText('1');
    await expect(cards.nth(0).getByRole('status')).toHaveText(/1$/);
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Saralangan/ })
      .click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(third.name);
  });

  await test.step('the stepper on /basket: plus, minus', async () => {
    await page.goto('/basket');
    await expect(lines).toHaveCount(2);
    await expect(summaryTotal).toHaveText(money(first.price + second.price));
    const line = lines.filter({ hasText: first.name });
    await line.getByRole('button', { name: "Bittaga ko'paytirish" }).click();
    await expect(line.getByRole('status')).toHaveText(/2$/);
    await expect(summaryTotal).toHaveText(money(2 * first.price + second.price));
    await line.getByRole('button', { name: 'Bittaga kamaytirish' }).click();
    await expect(line.getByRole('status')).toHaveText(/1$/);
    await expect(summaryTotal).toHaveText(money(first.price + second.price));
  });

  await test.step('select all, then delete the marked line after confirming', async () => {
    const selectAll = page.getByRole('checkbox', { name: 'Hammasini tanlash' });
    await selectAll.uncheck();
    await expect(summaryTotal).toHaveText(money(0));
    await selectAll.check();
    await expect(summaryTotal).toHaveText(money(first.price + second.price));
    await lines.filter({ hasText: second.name }).getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: "Tanlanganlarni o'chirish" }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText("Savatdan 1 ta mahsulot o'chiriladi");
    await dialog.getByRole('button', { name: "O'chirish" }).click();
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(second.name);
    await expect(badges(page).basket).toHaveText('1');
  });

  await test.step('minus at 1 deletes the last line', async () => {
    await lines.first().getByRole('button', { name: 'Bittaga kamaytirish' }).click();
    await expect(page.getByText("Savatingiz hozircha bo'sh")).toBeVisible();
    await expect(badges(page).basket).toBeHidden();
    await expect(badges(page).favorites).toHaveText('1');
  });
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a signed-in customer's basket and wish list live on the server (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const phone = viewport.width < 640;
    const famous = await famousProducts(request);
    const [first, second] = famous;
    if (!first || !second) throw new Error('the demo catalogue has popular products');
    const cards = page.getByTestId('product-card');
    const { token } = await openSignedIn(page, '/');

    await test.step('a product goes to the basket and another to the wish list', async () => {
      await cards.nth(0).getByRole('button', { name: 'Savatga' }).click();
      await expect(page.getByText("Savatga qo'shildi")).toBeVisible();
      await expect(cards.nth(0).getByRole('status')).toHaveText(/1$/);
      const heart = cards.nth(1).getByRole('button', { name: "Saralanganlarga qo'shish" });
      await heart.click();
      await expect(page.getByText("Sevimlilarga qo'shildi")).toBeVisible();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await expect(badges(page).basket).toHaveText('1');
      await expect(badges(page).favorites).toHaveText('1');
    });

    await test.step('the server has them, and they are there after a reload', async () => {
      const lines = await customerData<{ product_id: number; count: number }[]>(
        request,
        token,
        '/api/baskets',
      );
      expect(lines).toEqual([expect.objectContaining({ product_id: first.id, count: 1 })]);
      const favorites = await customerData<Product[]>(request, token, '/api/favorites');
      expect(favorites.map((p) => p.id)).toEqual([second.id]);
      expect(await page.evaluate(() => localStorage.getItem('basket'))).toBeNull();

      await page.reload();
      await expect(badges(page).basket).toHaveText('1');
      await expect(badges(page).favorites).toHaveText('1');
      await expect(cards.nth(0).getByRole('status')).toHaveText(/1$/);
    });

    await test.step('the product page shows the same basket line and heart', async () => {
      await page.goto(`/product/${first.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
      const stepper = page.getByRole('main').getByRole('status').filter({ visible: true });
      await expect(stepper).toHaveText(/1$/);
      if (phone) return; // a phone shows the page's stepper in a bar, without its own heart
      const heart = page
        .getByRole('main')
        .getByRole('button', { name: "Saralanganlarga qo'shish" });
      await heart.first().click();
      await expect(page.getByRole('button', { name: 'Saralanganda' })).toBeVisible();
      await expect(badges(page).favorites).toHaveText('2');
    });

    await test.step('the stepper on /basket updates the summary from the server', async () => {
      await page.goto('/basket');
      const line = page.getByTestId('basket-line');
      await expect(line).toHaveCount(1);
      const before = await customerData<BasketInfo>(request, token, '/api/baskets/info');
      await expect(page.getByTestId('summary-total')).toHaveText(money(before.total));
      await expect(page.getByTestId('summary-monthly')).toContainText(
        formatNumber(before.monthly_payment),
      );
      await line.getByRole('button', { name: "Bittaga ko'paytirish" }).click();
      await expect(line.getByRole('status')).toHaveText(/2$/);
      await expect(page.getByTestId('summary-total')).toHaveText(money(2 * first.price));
      const after = await customerData<BasketInfo>(request, token, '/api/baskets/info');
      expect(after.count).toBe(2);
      await expect(page.getByTestId('summary-monthly')).toContainText(
        formatNumber(after.monthly_payment),
      );
      await expectNoSideScroll(page);
    });

    await test.step('minus at 1 deletes the line on the server', async () => {
      const line = page.getByTestId('basket-line');
      await line.getByRole('button', { name: 'Bittaga kamaytirish' }).click();
      await expect(line.getByRole('status')).toHaveText(/1$/);
      await line.getByRole('button', { name: 'Bittaga kamaytirish' }).click();
      await expect(page.getByText("Savatingiz hozircha bo'sh")).toBeVisible();
      await expect(badges(page).basket).toBeHidden();
      expect(await customerData<unknown[]>(request, token, '/api/baskets')).toEqual([]);
    });

    await test.step('the wish list page shows the server list', async () => {
      await page.goto('/favorites');
      const wished = phone ? [second] : [first, second];
      await expect(cards).toHaveCount(wished.length);
      for (const [i, product] of wished.entries()) {
        await expect(cards.nth(i)).toContainText(product.name);
      }
      await expectNoSideScroll(page);
    });
  });
}
