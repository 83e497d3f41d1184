import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { watchViolations } from './support/csp.ts';
import { facePhoto } from './support/scoring.ts';
import { openStaff } from './support/staff.ts';
import { expect, test } from './support/test.ts';

const DAY_MS = 86_400_000;

/** A leaf category of the demo catalogue: its id, slug and Russian name. */
async function leafCategory(request: APIRequestContext) {
  type Node = { id: number; slug: string; name: string; children: Node[] };
  const response = await request.get('/api/categories/all', { headers: { lang: 'ru' } });
  const tree = ((await response.json()) as { data: Node[] }).data;
  const leaves: Node[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.children.length === 0) leaves.push(node);
      else walk(node.children);
    }
  };
  walk(tree);
  const leaf = leaves[0];
  if (!leaf) throw new Error('the demo catalogue has no leaf category');
  return leaf;
}

/** The products the storefront's search answers for a query, by name. */
async function searchNames(request: APIRequestContext, query: string): Promise<string[]> {
  const response = await request.get(`/api/search?query=${encodeURIComponent(query)}`, {
    headers: { lang: 'ru' },
  });
  const body = (await response.json()) as { data: { products: { data: { name: string }[] } } };
  return body.data.products.data.map((p) => p.name);
}

/** Chooses files through the picker a button opens. */
async function uploadThrough(
  page: Page,
  button: string,
  files: Buffer[],
  within: Page | Locator = page,
) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    within.getByRole('button', { name: button }).first().click(),
  ]);
  await chooser.setFiles(
    files.map((buffer, i) => ({ name: `picture-${i + 1}.png`, mimeType: 'image/png', buffer })),
  );
}

/** What the storefront answers for a product's page, as its price or a 404. */
async function shopPrice(request: APIRequestContext, slug: string): Promise<number | 404> {
  const response = await request.get(`/api/products/${slug}`);
  if (response.status() === 404) return 404;
  return ((await response.json()) as { data: { price: number } }).data.price;
}

test.describe('the back office for the catalogue and content (1440 px)', () => {
  test('a content manager creates a product with two pictures, reprices and hides it, and schedules a banner', async ({
    page,
    browser,
  }) => {
    test.slow();
    await page.addInitScript(() => localStorage.setItem('iLang', 'ru'));
    const { page: staff, context } = await openStaff(browser, 'content_manager');
    const violations = await watchViolations(staff);
    const nav = staff.getByRole('navigation', { name: 'Bozor · управление' });
    // the catalogue, not the sales desk: orders, credits and customers are not theirs
    await expect(nav.getByRole('link', { name: 'Товары' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Заказы' })).toHaveCount(0);
    for (const url of [
      '/api/admin/orders',
      '/api/admin/credits/portfolio',
      '/api/admin/collections',
      '/api/admin/customers',
    ]) {
      expect((await staff.request.get(url)).status(), url).toBe(403);
    }

    const category = await leafCategory(page.request);
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `Тестовый чайник ${stamp}`;
    await nav.getByRole('link', { name: 'Товары' }).click();
    await staff
      .getByRole('button', { name: 'Добавить товар' })
      .or(staff.getByRole('link', { name: 'Добавить товар' }))
      .click();
    await expect(staff.getByRole('heading', { name: 'Новый товар' })).toBeVisible();
    await staff.getByLabel('Название (узб.)').fill(`Sinov choynagi ${stamp}`);
    await staff.getByLabel('Название (рус.)').fill(name);
    await staff.getByLabel('Артикул', { exact: true }).fill(`E2E-${stamp}`);
    await staff.getByLabel('Цена, сум', { exact: true }).fill('450000');
    await staff.getByLabel('Остаток, шт.', { exact: true }).fill('7');
    await staff.getByLabel('Категория', { exact: true }).selectOption(String(category.id));
    await uploadThrough(staff, 'Выбрать файлы', [facePhoto(96), facePhoto(128)]);
    await expect(staff.getByText('Обложка')).toBeVisible();
    await expect(staff.getByRole('listitem', { name: 'Картинка 2 из 2' })).toBeVisible({
      timeout: 20_000,
    });
    await staff.getByRole('button', { name: 'Создать товар' }).click();
    await expect(staff).toHaveURL(/\/admin\/products\/\d+$/);
    await expect(staff.getByRole('heading', { name: /^Товар #\d+$/ })).toBeVisible();
    // the description's editor draws within the back office's policy: no style refused
    expect(violations).toEqual([]);

    // the storefront finds it within a second: by search, and in its category
    await expect
      .poll(() => searchNames(page.request, name), { timeout: 1_000, intervals: [100] })
      .toContain(name);
    const productLink = staff.getByRole('link', { name: 'Открыть в магазине' });
    const slug = (await productLink.getAttribute('href'))!.replace(/^.*\/product\//, '');
    await page.goto(`/search?query=${encodeURIComponent(name)}`);
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
    // priced to stand alone in its category: a cheap range holds it
    await page.goto(`/category/${category.slug}?price_from=450000&price_to=450000`);
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
    await page.goto(`/product/${slug}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.locator('main picture source[type="image/avif"]').first()).toBeAttached();

    // a new price reaches the shop within a second
    await staff.getByLabel('Цена, сум', { exact: true }).fill('399000');
    await staff.getByRole('button', { name: 'Сохранить' }).click();
    await expect(staff.getByText('Товар сохранён')).toBeVisible();
    await expect
      .poll(() => shopPrice(page.request, slug), { timeout: 1_000, intervals: [100] })
      .toBe(399_000);
    await page.reload();
    await expect(
      page
        .getByRole('main')
        .getByText(/399\s000/)
        .first(),
    ).toBeVisible();

    // hidden, it leaves the shop
    await staff.getByLabel('Показывать в магазине').uncheck();
    await staff.getByRole('button', { name: 'Сохранить' }).click();
    await expect(staff.getByText('Товар сохранён')).toBeVisible();
    await expect
      .poll(() => shopPrice(page.request, slug), { timeout: 1_000, intervals: [100] })
      .toBe(404);
    await expect.poll(() => searchNames(page.request, name)).not.toContain(name);

    // a banner from tomorrow: absent today, shown once the clock reaches its start
    const title = `Скидки ${stamp}`;
    await nav.getByRole('link', { name: 'Баннеры' }).click();
    await staff.getByRole('button', { name: 'Добавить' }).click();
    const form = staff.getByRole('dialog');
    await form.getByLabel('Заголовок (uz)', { exact: true }).fill(`Chegirmalar ${stamp}`);
    await form.getByLabel('Заголовок (ru)', { exact: true }).fill(title);
    await uploadThrough(staff, 'Выбрать файл', [facePhoto(160)], form);
    await form.getByLabel('Ссылка внутри магазина').fill(`/category/${category.slug}`);
    await form.getByLabel('Цвет фона', { exact: true }).first().fill('#7000FF');
    const tomorrow = new Date(Date.now() + DAY_MS + 5 * 3_600_000);
    const local = tomorrow.toISOString().slice(0, 16);
    await form.getByLabel('Начало показа').fill(local);
    // the picture is in before the banner is saved
    await expect(form.getByRole('button', { name: 'Убрать' })).toBeVisible({ timeout: 20_000 });
    const [savedBanner] = await Promise.all([
      staff.waitForResponse(
        (r) => r.url().endsWith('/api/admin/banners') && r.request().method() === 'POST',
      ),
      form.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    expect(savedBanner.status()).toBe(200);
    await expect(staff.getByRole('table').getByText(title)).toBeVisible();
    await expect(staff.getByRole('table').getByText('Ждёт начала')).toBeVisible();

    try {
      await page.goto('/');
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByText(title)).toHaveCount(0);
      const moved = await page.request.post('/api/dev/clock', {
        data: { offset_ms: 2 * DAY_MS },
      });
      expect(moved.ok(), await moved.text()).toBe(true);
      await page.goto('/');
      await expect(page.getByText(title).first()).toBeVisible();
    } finally {
      await page.request.delete('/api/dev/clock');
    }
    await context.close();
  });
});
