import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test';

// Playwright's own test, not support/test.ts: these journeys tap before the storefront starts.

const PHONE = { width: 390, height: 844 };

interface Listed {
  slug: string;
  name: string;
}

async function firstFamous(request: APIRequestContext): Promise<Listed> {
  const response = await request.get('/api/products/famous');
  expect(response.ok()).toBe(true);
  const [first] = ((await response.json()) as { data: Listed[] }).data;
  if (!first) throw new Error('the demo catalogue has popular products');
  return first;
}

/** The storefront's entry chunk, as the server's pages name it for start.js to fetch. */
async function entryPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/')).text();
  const entry = /<meta name="bozor-entry" content="([^"]+)">/.exec(html)?.[1];
  if (!entry) throw new Error('the page names no storefront entry');
  return entry;
}

/**
 * Holds every request matching `pattern` until `release()` is called, as a slow phone's
 * connection would; `asked` settles once the page has asked for one.
 */
async function hold(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return { release, asked: wasAsked };
}

const started = (page: Page) => page.locator('html[data-started="true"]');

/** The badges of the phone's bottom bar. */
function badges(page: Page) {
  const bar = page.getByTestId('bottom-bar');
  return {
    basket: bar.getByRole('link', { name: /Savat/ }).getByTestId('count-badge'),
    favorites: bar.getByRole('link', { name: /Saralangan/ }).getByTestId('count-badge'),
  };
}

/** The browser's basket as the storefront keeps it: product ids and counts. */
async function storedBasket(page: Page): Promise<{ product_id: number; count: number }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('basket') ?? '[]'));
}

test.describe('taps on a phone before the storefront has started', () => {
  test.use({ viewport: PHONE });

  test('"Savatga" and the heart on a card, tapped before the code has come, count once', async ({
    page,
    request,
  }) => {
    const entry = await hold(page, `**${await entryPath(request)}`);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const cards = page.getByTestId('product-card');
    const add = cards.nth(0).getByRole('button', { name: 'Savatga' });
    const heart = cards.nth(1).getByRole('button', { name: "Saralanganlarga qo'shish" });

    await entry.asked;
    await add.click();
    await heart.click();
    // kept, and shown as such, while the storefront's code is held back
    await expect(add).toHaveAttribute('data-early-pending', '');
    await expect(heart).toHaveAttribute('data-early-pending', '');
    await expect(started(page)).toHaveCount(0);

    entry.release();
    await expect(started(page)).toHaveCount(1);
    await expect(cards.nth(0).getByRole('status')).toHaveText(/1$/);
    // the heart was toggled once: twice would have taken it back out
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(badges(page).basket).toHaveText('1');
    await expect(badges(page).favorites).toHaveText('1');
    expect((await storedBasket(page)).map((line) => line.count)).toEqual([1]);

    // once started, a tap is the storefront's alone: plus steps the count by one
    await cards.nth(0).getByRole('button', { name: "Bittaga ko'paytirish" }).click();
    await expect(cards.nth(0).getByRole('status')).toHaveText(/2$/);
    expect((await storedBasket(page)).map((line) => line.count)).toEqual([2]);
  });

  test('a card tapped while its list is still waiting for its code counts once it has come', async ({
    page,
  }) => {
    // the home page hydrates, but its popular products (a part of their own) wait for their code
    const list = await hold(page, /\/assets\/popular-products-[^/]+\.js$/);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await list.asked;
    const card = page.getByTestId('product-card').nth(0);
    await card.getByRole('button', { name: 'Savatga' }).click();
    // the page has not said it started: a part of it still waits
    await expect(started(page)).toHaveCount(0);

    list.release();
    await expect(started(page)).toHaveCount(1);
    await expect(card.getByRole('status')).toHaveText(/1$/);
    await expect(badges(page).basket).toHaveText('1');
    expect((await storedBasket(page)).map((line) => line.count)).toEqual([1]);
  });

  test('the product page\'s "Savatga" and heart answer from the first paint', async ({
    page,
    request,
  }) => {
    const product = await firstFamous(request);
    const entry = await hold(page, `**${await entryPath(request)}`);
    await page.goto(`/product/${product.slug}`, { waitUntil: 'domcontentloaded' });
    await entry.asked;
    // on a phone both sit in the price bar at the bottom of the screen
    const bar = page.getByTestId('price-bar');
    await bar.getByRole('button', { name: 'Savatga' }).click();
    await bar.getByRole('button', { name: "Saralanganlarga qo'shish" }).click();
    await expect(started(page)).toHaveCount(0);

    entry.release();
    await expect(started(page)).toHaveCount(1);
    await expect(bar.getByRole('status')).toHaveText(/1$/);
    await expect(bar.getByRole('button', { name: 'Saralanganda', pressed: true })).toBeVisible();
    expect((await storedBasket(page)).map((line) => line.count)).toEqual([1]);
    const wished = await page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? '[]'));
    expect(wished.map((item: Listed) => item.slug)).toEqual([product.slug]);
  });
});
