import type { Page } from '@playwright/test';
import { placePaidOrder } from './support/buyer.ts';
import { openScoredCustomer } from './support/checkout.ts';
import { openStaff } from './support/staff.ts';
import { expect, test } from './support/test.ts';

/** Nothing on the page is wider than the phone's screen: no sideways scrolling. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('the back office on a phone', () => {
  test('the operator opens the menu, finds a paid order in the queue and sees its next step', async ({
    page,
    browser,
  }) => {
    const customer = await openScoredCustomer(page, 'ru');
    const orderId = await placePaidOrder(page.request, customer);

    const { page: staff, context } = await openStaff(browser, 'operator');
    await staff.setViewportSize({ width: 390, height: 844 });
    // no side navigation: a top bar whose menu opens it over the page
    const navigation = staff.getByRole('navigation', { name: 'Bozor · управление' });
    const menu = staff.getByRole('button', { name: 'Меню' });
    await expect(navigation).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    const drawer = staff.getByRole('dialog', { name: 'Меню' });
    await expect(drawer.getByRole('button', { name: 'Закрыть меню' })).toBeFocused();
    await expect(drawer.getByRole('button', { name: 'Выйти' })).toBeVisible();
    await staff.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await drawer.getByRole('link', { name: 'Заказы' }).click();
    await expect(drawer).toBeHidden();
    await expect(staff.getByRole('heading', { name: 'Заказы', level: 1 })).toBeVisible();

    // the queue: its rows as cards, searched by the order's number
    await staff.getByLabel('Номер заказа или телефон').fill(`#${orderId}`);
    await staff.getByRole('button', { name: 'Найти' }).click();
    const card = staff
      .getByRole('list', { name: 'Заказы' })
      .getByRole('listitem')
      .filter({ hasText: `№${orderId}` });
    await expect(card).toContainText('Подтверждён');
    await fitsTheScreen(staff);
    await card.getByRole('link', { name: `№${orderId}`, exact: true }).click();

    // the order opens with what to do next on its first screen, before the goods
    await expect(staff.getByRole('heading', { name: `Заказ №${orderId}` })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Собран' })).toBeInViewport();
    await expect(staff.getByRole('button', { name: 'Отменить заказ' })).toBeInViewport();
    await fitsTheScreen(staff);
    await staff.getByRole('button', { name: 'Собран' }).click();

    // the next step's form is a sheet across the screen, its fields and button in reach
    await staff.getByRole('button', { name: 'Передать курьеру' }).click();
    const handing = staff.getByRole('dialog', { name: 'Передача курьеру' });
    await expect(handing.getByLabel('Курьер')).toBeInViewport({ ratio: 1 });
    await expect(handing.getByRole('button', { name: 'Передать курьеру' })).toBeInViewport({
      ratio: 1,
    });
    await staff.keyboard.press('Escape');
    await expect(handing).toBeHidden();
    await context.close();
  });
});
