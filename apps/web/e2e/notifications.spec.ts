import type { APIRequestContext, Page } from '@playwright/test';
import { openSignedIn, signInThroughApi } from './support/auth.ts';
import { openStaff } from './support/staff.ts';
import { expect, test } from './support/test.ts';

/** A product far down a leaf category's list (no other journey buys it): its id, slug and price. */
async function quietProduct(request: APIRequestContext, fromEnd: number) {
  type Node = { id: number; children: Node[] };
  const tree = ((await (await request.get('/api/categories/all')).json()) as { data: Node[] }).data;
  const leaves: Node[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.children.length === 0) leaves.push(node);
      else walk(node.children);
    }
  };
  walk(tree);
  const leaf = leaves.at(-1 - fromEnd);
  if (!leaf) throw new Error('the demo catalogue has too few leaf categories');
  const listed = await request.get(`/api/category-products/${leaf.id}?per_page=50`);
  const products = (
    (await listed.json()) as {
      data: { id: number; slug: string; price: number; in_stock: boolean }[];
    }
  ).data.filter((p) => p.in_stock);
  const product = products.at(-1);
  if (!product) throw new Error(`category ${leaf.id} has nothing in stock`);
  return product;
}

/** The customer's notices of a kind, as the API lists them. */
async function noticesOf(request: APIRequestContext, token: string, kind: string) {
  const response = await request.get('/api/clients/notifications?per_page=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { kind: string; text: string }[] };
  return body.data.filter((n) => n.kind === kind);
}

/** Staff save a field of the product's form in the back office. */
async function saveProduct(staff: Page, id: number, field: string, value: string) {
  await staff.goto(`/admin/products/${id}`);
  const input = staff.getByLabel(field, { exact: true });
  // the form has its product's values before a field is typed into
  await expect(input).not.toHaveValue('');
  await input.fill(value);
  const [saved] = await Promise.all([
    staff.waitForResponse(
      (r) => r.url().endsWith(`/api/admin/products/${id}`) && r.request().method() === 'PATCH',
    ),
    staff.getByRole('button', { name: 'Сохранить' }).click(),
  ]);
  expect(saved.status(), await saved.text()).toBe(200);
  await expect(staff.getByText('Товар сохранён')).toBeVisible();
}

/** Waits long enough for an alert that should not come to have come. */
const settle = (page: Page) => page.waitForTimeout(2_500);

test.describe('alerts (uz, 1440 px)', () => {
  test('a back-in-stock subscription fires once when staff raise the stock from 0', async ({
    page,
    browser,
  }) => {
    test.slow();
    const product = await quietProduct(page.request, 0);
    const { page: staff, context } = await openStaff(browser, 'content_manager');
    try {
      await saveProduct(staff, product.id, 'Остаток, шт.', '0');
      const { token } = await openSignedIn(page, `/product/${product.slug}`);
      await page.getByRole('button', { name: 'Kelganda xabar bering' }).click();
      await expect(page.getByTestId('alert-waiting')).toHaveText('Sotuvga kelganda xabar beramiz');

      // staff see who waits
      await staff.goto(`/admin/products/${product.id}`);
      await expect(staff.getByTestId('waiting-customers')).toHaveText(
        'Ждут покупатели: 1 — поступления, 0 — снижения цены',
      );

      await saveProduct(staff, product.id, 'Остаток, шт.', '4');
      await expect
        .poll(async () => (await noticesOf(page.request, token, 'back_in_stock')).length, {
          timeout: 15_000,
        })
        .toBe(1);
      // sold out and back again: the subscription has ended, nothing more comes
      await saveProduct(staff, product.id, 'Остаток, шт.', '0');
      await saveProduct(staff, product.id, 'Остаток, шт.', '3');
      await settle(page);
      expect(await noticesOf(page.request, token, 'back_in_stock')).toHaveLength(1);

      // the notice is in the centre and leads to the product
      await page.goto('/profile/notifications');
      const notice = page.getByTestId('notice').filter({ hasText: 'yana sotuvda' });
      await expect(notice).toHaveCount(1);
      await notice.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
    } finally {
      await context.close();
    }
  });

  test('a price alert fires once when the price falls below the chosen sum', async ({
    page,
    browser,
  }) => {
    test.slow();
    const product = await quietProduct(page.request, 1);
    const { page: staff, context } = await openStaff(browser, 'content_manager');
    try {
      const { token } = await openSignedIn(page, `/product/${product.slug}`);
      await page
        .getByRole('button', { name: "Saralanganlarga qo'shish", exact: true })
        .first()
        .click();
      await page.getByRole('button', { name: 'Arzonlashganda xabar bering' }).click();
      const below = product.price - 100_000;
      const field = page.getByLabel(/Qaysi narxda xabar beraylik/);
      await field.fill(String(product.price + 1));
      await page.getByRole('button', { name: "Obuna bo'lish" }).click();
      await expect(page.getByTestId('alert-below-error')).toContainText('Narx hozirgisidan');
      await field.fill(String(below));
      await page.getByRole('button', { name: "Obuna bo'lish" }).click();
      await expect(page.getByTestId('alert-waiting')).toContainText(
        "yoki undan past bo'lganda xabar beramiz",
      );

      // cheaper, but not yet down to the sum: nothing
      await saveProduct(staff, product.id, 'Цена, сум', String(product.price - 50_000));
      await settle(page);
      expect(await noticesOf(page.request, token, 'price_drop')).toHaveLength(0);

      await saveProduct(staff, product.id, 'Цена, сум', String(below - 1_000));
      await expect
        .poll(async () => (await noticesOf(page.request, token, 'price_drop')).length, {
          timeout: 15_000,
        })
        .toBe(1);
      await saveProduct(staff, product.id, 'Цена, сум', String(below - 20_000));
      await settle(page);
      expect(await noticesOf(page.request, token, 'price_drop')).toHaveLength(1);
      await saveProduct(staff, product.id, 'Цена, сум', String(product.price));
    } finally {
      await context.close();
    }
  });
});

for (const width of [390, 1440] as const) {
  test(`the unread badge, mark-read and the settings (uz, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // two sign-ins: two notices the customer has not read
    const first = await signInThroughApi(page.request);
    await signInThroughApi(page.request, first.phone);
    await page.addInitScript(({ token, phone }) => {
      localStorage.setItem('serviceToken', token);
      localStorage.setItem('phone', phone);
    }, first);
    await page.goto('/');

    const badge =
      width === 390
        ? page.getByTestId('bottom-bar').getByTestId('count-badge')
        : page.getByRole('banner').getByTestId('count-badge');
    await expect(badge).toHaveText('2');
    if (width === 1440) {
      await expect(
        page
          .getByRole('banner')
          .getByRole('link', { name: "Kabinet (2 ta o'qilmagan bildirishnoma)" }),
      ).toBeVisible();
    }

    await page.goto('/profile/notifications');
    const notices = page.getByTestId('notice');
    await expect(notices).toHaveCount(2);
    await expect(page.getByTestId('unread-summary')).toHaveText("2 ta o'qilmagan");
    // one read: the badge follows
    await notices.first().getByRole('button', { name: "O'qildi deb belgilash" }).click();
    await expect(badge).toHaveText('1');
    await page.getByRole('button', { name: "Hammasini o'qildi deb belgilash" }).click();
    await expect(badge).toHaveCount(0);
    await expect(notices.and(page.locator('[data-read="false"]'))).toHaveCount(0);

    // the settings: promotions by SMS, kept after a reload
    await page.getByRole('link', { name: 'Sozlamalar' }).click();
    const promotions = page.getByTestId('topic-promotions');
    const sms = promotions.getByRole('checkbox', { name: 'SMS' });
    await expect(sms).not.toBeChecked();
    await sms.check();
    await page.getByRole('button', { name: 'Saqlash' }).click();
    await expect(page.getByText('Sozlamalar saqlandi')).toBeVisible();
    await page.reload();
    await expect(
      page.getByTestId('topic-promotions').getByRole('checkbox', { name: 'SMS' }),
    ).toBeChecked();
  });
}
