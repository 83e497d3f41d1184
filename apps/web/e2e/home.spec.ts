import { formatNumber } from '@bozor/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';

interface Named {
  name: string;
}

async function apiData<T>(request: APIRequestContext, path: string, lang: 'uz' | 'ru'): Promise<T> {
  const response = await request.get(path, { headers: { lang } });
  expect(response.ok(), `${path} answers`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

test('a shopper browses the home page, switches to Russian and fills the basket', async ({
  page,
  request,
}) => {
  const topUz = await apiData<Named[]>(request, '/api/categories/top', 'uz');
  const famous = await apiData<Array<Named & { monthly_payment: number }>>(
    request,
    '/api/products/famous',
    'uz',
  );
  expect(topUz.length).toBeGreaterThan(0);
  expect(famous.length).toBeGreaterThan(0);

  const topNav = page.getByTestId('top-nav');
  const cards = page.getByTestId('product-card');

  await test.step('home loads in Uzbek with top categories and popular products', async () => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await expect(page.getByRole('button', { name: 'Kirish' })).toBeVisible();
    await expect(topNav.getByRole('link', { name: topUz[0]!.name, exact: true })).toBeVisible();
    await expect(cards).toHaveCount(famous.length);
    await expect(cards.first()).toContainText(famous[0]!.name);
  });

  await test.step('a product card shows its monthly payment', async () => {
    await expect(cards.first()).toContainText(
      `${formatNumber(famous[0]!.monthly_payment)} so'm/oy`,
    );
  });

  await test.step('switching to Русский reloads the page in Russian', async () => {
    const topRu = await apiData<Named[]>(request, '/api/categories/top', 'ru');
    await page.getByRole('button', { name: /— Til$/ }).click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    expect(await page.evaluate(() => localStorage.getItem('iLang'))).toBe('ru');
    await expect(topNav.getByRole('link', { name: topRu[0]!.name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  });

  await test.step('adding a product shows the stepper and the basket badge', async () => {
    const card = cards.first();
    await card.getByRole('button', { name: 'В корзину' }).click();
    await expect(card.getByRole('button', { name: 'Увеличить количество' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Перейти в корзину' })).toBeVisible();
    await expect(card.getByRole('status')).toHaveText(/1$/);
    await expect(page.getByText('Товар добавлен в корзину')).toBeVisible();
    const basketLink = page.getByRole('banner').getByRole('link', { name: /Корзина/ });
    await expect(basketLink.getByTestId('count-badge')).toHaveText('1');
  });

  await test.step('on a 390 px phone the bottom bar replaces the top bar', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const bottomBar = page.getByTestId('bottom-bar');
    await expect(bottomBar).toBeVisible();
    await expect(topNav).toBeHidden();
    await expect(
      bottomBar.getByRole('link', { name: /Корзина/ }).getByTestId('count-badge'),
    ).toHaveText('1');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
  });

  await test.step('an unknown address shows the not-found page', async () => {
    await page.goto('/no-such-page');
    const notFound = page.getByTestId('not-found');
    await expect(notFound).toBeVisible();
    await expect(notFound.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await notFound.getByRole('link', { name: 'На главную' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(cards.first()).toBeVisible();
  });
});
