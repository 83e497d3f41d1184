import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

interface Category {
  slug: string;
  name: string;
}
interface Listed {
  slug: string;
  name: string;
  price: number;
}
interface Paged<T> {
  data: T[];
  meta: { total: number };
}

async function api<T>(request: APIRequestContext, path: string, lang = 'uz'): Promise<T> {
  const response = await request.get(path, { headers: { lang } });
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

type Lang = 'uz' | 'ru';

/** The storefront's own words the journeys look for, in each language. */
const words = {
  uz: {
    popularCategories: 'Mashhur turkumlar',
    filters: 'Filtrlar',
    brands: 'Brendlar',
    priceTo: 'Narx, gacha',
    apply: "Qo'llash",
    showResults: "Natijalarni ko'rsatish",
    sort: /Saralash/,
    perMonth: "so'm / oyiga",
    similar: "O'xshash mahsulotlar",
    search: 'Qidiruv',
    relevance: "Mosligi bo'yicha",
  },
  ru: {
    popularCategories: 'Популярные категории',
    filters: 'Фильтры',
    brands: 'Бренды',
    priceTo: 'Цена до',
    apply: 'Применить',
    showResults: 'Показать товары',
    sort: /Сортировка/,
    perMonth: 'сум / мес',
    similar: 'Похожие товары',
    search: 'Поиск',
    relevance: 'По релевантности',
  },
} as const;

const inRussian = (page: Page) => page.addInitScript(() => localStorage.setItem('iLang', 'ru'));

/** A whole number standing alone in the result count ("12 ta mahsulot", "Товаров: 12"). */
const count = (total: number) => new RegExp(`(^|\\D)${total}(\\D|$)`);

/**
 * Home → the first top category → its first brand → cheapest first → a price ceiling → the
 * cheapest product. On a phone the category comes from the home tiles and the filters from the
 * drawer; on a desktop from the top bar and the side panel.
 */
async function browseToProduct(
  page: Page,
  request: APIRequestContext,
  { lang, phone }: { lang: Lang; phone: boolean },
) {
  const w = words[lang];
  const top = (await api<{ data: Category[] }>(request, '/api/categories/top', lang)).data[0]!;
  const filters = (
    await api<{ data: { brands: Array<{ slug: string; name: string; count: number }> } }>(
      request,
      `/api/categories/filters-all/${top.slug}`,
      lang,
    )
  ).data;
  const brand = filters.brands[0]!;
  const listPath = `/api/category-products/${top.slug}?brands=${brand.slug}&sort=cheap&per_page=24`;
  const cheapest = await api<Paged<Listed>>(request, listPath, lang);
  const product = cheapest.data[0]!;
  const capped = await api<Paged<Listed>>(request, `${listPath}&price_to=${product.price}`, lang);

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (phone) {
    await expect(page.getByTestId('top-nav')).toBeHidden();
    await page
      .getByRole('region', { name: w.popularCategories })
      .getByRole('link', { name: top.name, exact: true })
      .click();
  } else {
    await page.getByTestId('top-nav').getByRole('link', { name: top.name, exact: true }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/category/${top.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: top.name })).toBeVisible();
  if (!phone) {
    await expect(
      page.getByTestId('top-nav').getByRole('link', { name: top.name, exact: true }),
    ).toHaveAttribute('aria-current', 'page');
  }

  let panel = page.getByRole('complementary', { name: w.filters });
  if (phone) {
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: w.filters, exact: true }).click();
    panel = page.getByRole('dialog', { name: w.filters });
  }
  await expect(panel.getByText(w.brands, { exact: true })).toBeVisible();
  const brandBox = panel.getByRole('checkbox', { name: new RegExp(`^${brand.name}`) });
  await brandBox.click();
  await expect(page).toHaveURL(new RegExp(`brands=${brand.slug}`));
  await expect(brandBox).toBeChecked();
  await panel.getByRole('textbox', { name: w.priceTo }).fill(String(product.price));
  await panel.getByRole('button', { name: w.apply }).click();
  await expect(page).toHaveURL(new RegExp(`price_to=${product.price}`));
  if (phone) {
    await panel.getByRole('button', { name: w.showResults }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: new RegExp(`^${w.filters}`) })).toContainText(
      '2',
    );
  }

  await page.getByRole('combobox', { name: w.sort }).selectOption('cheap');
  await expect(page).toHaveURL(/sort=cheap/);
  await expect(page.getByTestId('result-count')).toHaveText(count(capped.meta.total));
  const first = page.getByTestId('product-card').first();
  await expect(first).toContainText(product.name);

  await first.getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.getByTestId('installment-monthly')).toContainText(w.perMonth);
  await expect(page.getByRole('heading', { name: w.similar })).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld ?? '{}')).toMatchObject({ '@type': 'Product', name: product.name });
}

test('a shopper goes from the home page to a category, filters, sorts and opens a product', async ({
  page,
  request,
}) => {
  await browseToProduct(page, request, { lang: 'uz', phone: false });
});

test('a Russian-speaking shopper browses to a product in Russian', async ({ page, request }) => {
  await inRussian(page);
  await browseToProduct(page, request, { lang: 'ru', phone: false });
});

test.describe('browsing on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('filters a category in the drawer, sorts and opens a product', async ({ page, request }) => {
    await browseToProduct(page, request, { lang: 'uz', phone: true });
  });

  test('does the same in Russian', async ({ page, request }) => {
    await inRussian(page);
    await browseToProduct(page, request, { lang: 'ru', phone: true });
  });
});

test('a Latin query finds products named in Cyrillic on the results page, and a new one from there', async ({
  page,
}) => {
  await inRussian(page);
  await page.goto('/search?query=televizor');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Результаты по запросу «televizor»',
  );
  await expect(page.getByTestId('product-card').first()).toContainText('Телевизор');
  await expect(page.getByRole('combobox', { name: words.ru.sort })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: words.ru.sort })).toContainText(
    words.ru.relevance,
  );

  const box = page.getByRole('combobox', { name: words.ru.search });
  await expect(box).toHaveValue('televizor');
  await box.fill('smartfon');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=smartfon$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Результаты по запросу «smartfon»',
  );
  await expect(page.getByTestId('product-card').first()).toContainText('Смартфон');
});

test('a Cyrillic query finds products named in Latin for an Uzbek-speaking shopper', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: words.uz.search });
  await box.fill('самсунг');
  const dropdown = page.getByTestId('search-dropdown');
  await expect(dropdown.getByRole('option', { name: /Samsung/ }).first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("«самсунг» bo'yicha natijalar");
  await expect(page.getByTestId('product-card').first()).toContainText('Samsung');
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

  test("the product's price bar sits right on the bottom bar", async ({ page, request }) => {
    const product = (await api<{ data: Listed[] }>(request, '/api/products/famous')).data[0]!;
    await page.goto(`/product/${product.slug}`);
    const priceBar = await page.getByTestId('price-bar').boundingBox();
    const bottomBar = await page.getByTestId('bottom-bar').boundingBox();
    expect(priceBar && bottomBar && priceBar.y + priceBar.height).toBe(bottomBar?.y);
  });
});

test('the search dropdown suggests products for a Latin query and remembers searches', async ({
  page,
}) => {
  await inRussian(page);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: words.ru.search });
  await box.fill('televizor');
  const dropdown = page.getByTestId('search-dropdown');
  const suggestion = dropdown.getByRole('option', { name: /Телевизор/ }).first();
  await expect(suggestion).toBeVisible();
  await expect(dropdown.getByText('Рекомендуем')).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(dropdown).toBeHidden();

  await box.fill('smartfon');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=smartfon/);
  await box.click();
  await expect(dropdown.getByRole('group', { name: 'Вы недавно искали' })).toBeVisible();
  await expect(dropdown.getByRole('option', { name: 'smartfon' })).toBeVisible();
});

test('the search dropdown is walked with the arrow keys and Enter opens the product', async ({
  page,
  request,
}) => {
  const found = await api<{ data: { products: { data: Listed[] } } }>(
    request,
    '/api/search?query=televizor&per_page=6',
    'ru',
  );
  const [first, second] = found.data.products.data;
  await inRussian(page);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: words.ru.search });
  await box.fill('televizor');
  const dropdown = page.getByTestId('search-dropdown');
  await expect(dropdown.getByRole('option', { name: first!.name })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  const highlighted = dropdown.getByRole('option', { name: first!.name });
  await expect(highlighted).toHaveAttribute('aria-selected', 'true');
  await expect(dropdown.getByRole('option', { name: second!.name })).toHaveAttribute(
    'aria-selected',
    'false',
  );
  await expect(box).toHaveAttribute(
    'aria-activedescendant',
    (await highlighted.getAttribute('id'))!,
  );
  await expect(box).toBeFocused();

  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/product/${first!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.name);
  await expect(dropdown).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
});

test.describe('searching on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('suggests Cyrillic names for a Latin query and opens the results page', async ({ page }) => {
    await inRussian(page);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: words.ru.search });
    await box.fill('televizor');
    const dropdown = page.getByTestId('search-dropdown');
    await expect(dropdown.getByRole('option', { name: /Телевизор/ }).first()).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?query=televizor$/);
    await expect(page.getByTestId('product-card').first()).toContainText('Телевизор');
    await expect(page.getByRole('button', { name: words.ru.filters, exact: true })).toBeVisible();
  });
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
