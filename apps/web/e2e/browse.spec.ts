import { type APIRequestContext, expect, test } from '@playwright/test';

interface Category {
  slug: string;
  name: string;
}
interface Listed {
  slug: string;
  name: string;
  price: number;
}
interface Page<T> {
  data: T[];
  meta: { total: number };
}

async function api<T>(request: APIRequestContext, path: string, lang = 'uz'): Promise<T> {
  const response = await request.get(path, { headers: { lang } });
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

test('a shopper goes from the home page to a category, filters, sorts and opens a product', async ({
  page,
  request,
}) => {
  const top = (await api<{ data: Category[] }>(request, '/api/categories/top')).data[0]!;
  const filters = (
    await api<{ data: { brands: Array<{ slug: string; name: string; count: number }> } }>(
      request,
      `/api/categories/filters-all/${top.slug}`,
    )
  ).data;
  const brand = filters.brands[0]!;
  const cheapest = await api<Page<Listed>>(
    request,
    `/api/category-products/${top.slug}?brands=${brand.slug}&sort=cheap&per_page=24`,
  );

  await page.goto('/');
  await page.getByTestId('top-nav').getByRole('link', { name: top.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${top.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: top.name })).toBeVisible();
  await expect(
    page.getByTestId('top-nav').getByRole('link', { name: top.name, exact: true }),
  ).toHaveAttribute('aria-current', 'page');

  const brandBox = page
    .getByRole('complementary')
    .getByRole('checkbox', { name: new RegExp(`^${brand.name}`) });
  await brandBox.click();
  await expect(page).toHaveURL(new RegExp(`brands=${brand.slug}`));
  await expect(brandBox).toBeChecked();
  await page.getByRole('combobox', { name: /Saralash/ }).selectOption('cheap');
  await expect(page).toHaveURL(/sort=cheap/);
  await expect(page.getByTestId('result-count')).toContainText(String(cheapest.meta.total));
  const first = page.getByTestId('product-card').first();
  await expect(first).toContainText(cheapest.data[0]!.name);

  await page.getByRole('textbox', { name: 'Narx, gacha' }).fill(String(cheapest.data[0]!.price));
  await page.getByRole('button', { name: "Qo'llash" }).click();
  await expect(page).toHaveURL(new RegExp(`price_to=${cheapest.data[0]!.price}`));
  await expect(page.getByTestId('result-count')).not.toContainText(String(cheapest.meta.total));

  await first.getByRole('link', { name: cheapest.data[0]!.name }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${cheapest.data[0]!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(cheapest.data[0]!.name);
  await expect(page.getByTestId('installment-monthly')).toContainText("so'm / oyiga");
  await expect(page.getByRole('heading', { name: "O'xshash mahsulotlar" })).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').textContent();
  expect(JSON.parse(ld ?? '{}')).toMatchObject({
    '@type': 'Product',
    name: cheapest.data[0]!.name,
  });
});

test('a Latin query finds products named in Cyrillic on the results page', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('iLang', 'ru'));
  await page.goto('/search?query=televizor');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('televizor');
  await expect(page.getByTestId('product-card').first()).toContainText('Телевизор');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters open in a drawer', async ({ page, request }) => {
    const top = (await api<{ data: Category[] }>(request, '/api/categories/top')).data[0]!;
    await page.goto(`/category/${top.slug}`);
    await page.getByRole('button', { name: 'Filtrlar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtrlar' });
    await expect(drawer.getByText('Brendlar')).toBeVisible();
    await drawer.getByRole('button', { name: "Natijalarni ko'rsatish" }).click();
    await expect(drawer).toBeHidden();
  });
});

test('the search dropdown suggests products for a Latin query and remembers searches', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('iLang', 'ru'));
  await page.goto('/');
  const box = page.getByRole('searchbox').first();
  await box.fill('televizor');
  const dropdown = page.getByTestId('search-dropdown');
  await expect(dropdown.getByRole('link', { name: /Телевизор/ }).first()).toBeVisible();
  await dropdown
    .getByRole('link', { name: /Телевизор/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(dropdown).toBeHidden();

  await box.fill('smartfon');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=smartfon/);
  await box.click();
  await expect(
    page.getByTestId('search-dropdown').getByRole('button', { name: 'smartfon' }),
  ).toBeVisible();
});

test('the catalogue overlay shows a root category with its children and closes on a click', async ({
  page,
  request,
}) => {
  const tree = (
    await api<{ data: Array<Category & { children: Category[] }> }>(request, '/api/categories/all')
  ).data;
  const root = tree[1]!;
  const child = root.children[0]!;
  await page.goto('/');
  await page.getByRole('button', { name: 'Katalog' }).first().click();
  const overlay = page.getByTestId('catalog-overlay');
  await overlay.getByRole('link', { name: root.name, exact: true }).first().hover();
  await overlay.getByRole('link', { name: child.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${child.slug}$`));
  await expect(overlay).toBeHidden();
});

test.describe('the catalogue drawer on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('walks three levels and "all products" opens the category', async ({ page, request }) => {
    const tree = (
      await api<{
        data: Array<Category & { children: Array<Category & { children: Category[] }> }>;
      }>(request, '/api/categories/all')
    ).data;
    const root = tree[0]!;
    const sub = root.children[0]!;
    await page.goto('/');
    await page.getByRole('navigation').last().getByRole('button', { name: 'Katalog' }).click();
    const drawer = page.getByTestId('catalog-drawer');
    await drawer.getByRole('button', { name: root.name }).click();
    await drawer.getByRole('button', { name: sub.name }).click();
    await expect(drawer.getByRole('link', { name: sub.children[0]!.name })).toBeVisible();
    await drawer.getByRole('link', { name: 'Barcha mahsulotlar' }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${sub.slug}$`));
  });
});
