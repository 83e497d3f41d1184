import type { APIRequestContext, Page } from '@playwright/test';
import { openSignedIn, readCode, uniquePhone } from './support/auth.ts';
import {
  addToBasket,
  type Lang,
  moneyPattern,
  productsOf,
  type ShopProduct,
  textOf,
} from './support/checkout.ts';
import { APPROVED_CARD, customerApi, facePhoto, uniquePerson } from './support/scoring.ts';
import { expect, test } from './support/test.ts';

interface StockedProduct extends ShopProduct {
  old_price: number | null;
  monthly_payment: number;
  images: { path: string }[];
}

/** A product of the demo catalogue with no unit left. */
async function soldOutProduct(request: APIRequestContext): Promise<StockedProduct> {
  for (const query of ['futbolka', 'telefon', 'kitob', 'krossovka', 'soat', 'sumka']) {
    for (const sort of ['cheap', 'expensive'] as const) {
      const response = await request.get(
        `/api/search?query=${encodeURIComponent(query)}&sort=${sort}`,
      );
      const body = (await response.json()) as {
        data: { products: { data: StockedProduct[] } };
      };
      const found = body.data.products.data.find((p) => !p.in_stock);
      if (found) return found;
    }
  }
  throw new Error('the demo catalogue has no sold-out product in these searches');
}

/** A product's name in the shop's language. */
async function nameIn(request: APIRequestContext, lang: Lang, id: number): Promise<string> {
  const response = await request.get(`/api/products/${id}`, { headers: { lang } });
  return ((await response.json()) as { data: { name: string } }).data.name;
}

/** A line a visitor's browser kept from before the product sold out, as the basket stores it. */
async function keepInVisitorsBasket(page: Page, product: StockedProduct) {
  const line = {
    product_id: product.id,
    count: 1,
    checked: true,
    product: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      price: product.price,
      old_price: product.old_price,
      monthly_payment: product.monthly_payment,
      image: product.images[0]?.path ?? null,
    },
  };
  await page.addInitScript((kept) => {
    if (!sessionStorage.getItem('bozor-e2e-basket')) {
      localStorage.setItem('basket', JSON.stringify([kept]));
      sessionStorage.setItem('bozor-e2e-basket', '1');
    }
  }, line);
}

/** Signs in through the modal the page opened, with the code the sandbox sends. */
async function signInWithModal(page: Page, lang: Lang, phone: string) {
  const t = textOf(lang);
  const modal = page.getByTestId('sign-in-modal');
  await expect(modal.getByRole('heading', { name: t('auth.title') })).toBeVisible();
  await modal.getByRole('textbox').fill(phone.slice(3));
  await modal.getByRole('checkbox').check();
  await modal.getByRole('button', { name: t('auth.get_code') }).click();
  await expect(modal.getByRole('textbox')).toHaveCount(6);
  const code = await readCode(page.request, phone);
  await page.keyboard.type(code);
}

const SCREENS = [
  { lang: 'ru', width: 390, height: 844, phone: true },
  { lang: 'uz', width: 1440, height: 900, phone: false },
] as const;

for (const screen of SCREENS) {
  const { lang } = screen;
  const t = textOf(lang);

  test.describe(`the customer's path without dead ends (${lang}, ${screen.width} px)`, () => {
    test.use({
      viewport: { width: screen.width, height: screen.height },
      isMobile: screen.phone,
      hasTouch: screen.phone,
    });

    test('a sold-out line is marked and left out, and Checkout pressed before signing in goes on after it', async ({
      page,
    }) => {
      test.slow();
      await page.addInitScript((l) => localStorage.setItem('iLang', l), lang);
      const soldOut = await soldOutProduct(page.request);
      const [shirt] = await productsOf(page.request, 'futbolka', 'cheap');
      expect(shirt, 'a T-shirt in stock').toBeTruthy();
      await keepInVisitorsBasket(page, soldOut);
      await addToBasket(page, lang, shirt!);
      const soldOutName = await nameIn(page.request, lang, soldOut.id);
      const shirtName = await nameIn(page.request, lang, shirt!.id);

      await page.goto('/basket');
      const lines = page.getByTestId('basket-line');
      await expect(lines).toHaveCount(2);
      const soldOutLine = lines.filter({ hasText: soldOutName });
      await expect(soldOutLine.getByTestId('line-shortage')).toContainText(t('basket.sold_out'));
      await expect(soldOutLine.getByRole('checkbox')).toBeDisabled();
      await expect(page.getByTestId('summary-total')).toHaveText(moneyPattern(shirt!.price));
      await expect(page.getByText(t('basket.unavailable_note'))).toBeVisible();

      await page.getByRole('button', { name: t('checkout.button') }).click();
      await signInWithModal(page, lang, uniquePhone());
      // signed in, the basket goes on to checkout by itself, with the T-shirt alone
      await expect(page).toHaveURL(/\/checkout$/, { timeout: 15_000 });
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: t('checkout.title') })).toBeVisible();
      await expect(main.getByText(shirtName).first()).toBeVisible();
      await expect(main.getByText(soldOutName)).toHaveCount(0);

      // the sold-out line stayed in the customer's basket, still marked
      await page.goto('/basket');
      await expect(
        page
          .getByTestId('basket-line')
          .filter({ hasText: soldOutName })
          .getByTestId('line-shortage'),
      ).toBeVisible();
    });

    test('a customer fixes a mistyped PINFL before the decision and, approved, is back at checkout', async ({
      page,
    }) => {
      test.slow();
      await page.addInitScript((l) => localStorage.setItem('iLang', l), lang);
      const session = await openSignedIn(page);
      const api = customerApi(page.request, session.token, session.phone);
      const [shirt] = await productsOf(page.request, 'futbolka', 'cheap');
      await addToBasket(page, lang, shirt!);
      const shirtName = await nameIn(page.request, lang, shirt!.id);
      await page.goto('/basket');
      await page.getByRole('button', { name: t('checkout.button') }).click();
      await expect(page).toHaveURL(/\/checkout$/);

      // installments need scoring: the checkout leads there
      await page.getByRole('link', { name: t('checkout.take_scoring') }).click();
      await expect(page).toHaveURL(/\/scoring$/);
      // the details and the photo were given with a mistyped PINFL
      await api.givePersonalDetails();
      await api.giveFacePhoto();
      await page.reload();
      await expect(page.getByTestId('step-counter')).toContainText('3');

      const steps = page.getByRole('list', { name: t('scoring.steps_label') });
      await steps
        .getByRole('link', {
          name: t('scoring.change_step_label', { step: t('scoring.steps.personal.title') }),
        })
        .click();
      await expect(page).toHaveURL(/\/scoring\/personal$/);
      await page.getByRole('button', { name: t('scoring.personal.change') }).click();
      const form = page.getByRole('main');
      await expect(form.getByRole('textbox', { name: t('scoring.personal.surname') })).toHaveValue(
        'Karimov',
      );
      const right = uniquePerson();
      await form.getByRole('textbox', { name: t('scoring.personal.passport') }).fill('AA1234567');
      await form
        .getByRole('textbox', { name: new RegExp(`^${t('scoring.personal.pinfl')}`) })
        .fill(right.pinfl);
      await form.getByRole('button', { name: t('scoring.save') }).click();
      await expect(page).toHaveURL(/\/scoring$/);
      // another PINFL is another person: the photo is asked for again
      await expect(page.getByTestId('step-counter')).toContainText('2');
      await page.getByLabel(t('scoring.face.choose')).setInputFiles({
        name: 'face.png',
        mimeType: 'image/png',
        buffer: facePhoto(),
      });
      await page.getByRole('button', { name: t('scoring.face.send') }).click();
      await expect(page.getByTestId('step-counter')).toContainText('3');

      const cardId = await api.bindCard(APPROVED_CARD);
      await api.chooseScoringCard(cardId);
      await api.addGuarantor();
      await page.reload();
      await expect(page.getByTestId('step-counter')).toContainText('5');
      await page.getByRole('button', { name: t('scoring.decision.submit') }).click();
      await expect(page).toHaveURL(/\/scoring\/finish$/, { timeout: 20_000 });
      await expect(page.getByTestId('credit-limit')).toBeVisible();

      await page.getByRole('link', { name: t('scoring.finish.to_checkout') }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      const main = page.getByRole('main');
      await expect(main.getByText(shirtName).first()).toBeVisible();
      await expect(page.getByRole('radio', { name: t('checkout.installment') })).toBeEnabled();
    });
    test('the FAQ page opens from the footer, and a slow answer is announced after 3 seconds', async ({
      page,
    }) => {
      await page.addInitScript((l) => localStorage.setItem('iLang', l), lang);
      // the questions answer late, as on a slow phone connection
      await page.route('**/api/questions*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        await route.continue();
      });
      await page.goto('/');
      // the wait starts with the click at the earliest, and with the questions' request at the
      // latest (the page's code may take a while to arrive on a busy machine)
      const requested = page.waitForRequest('**/api/questions*');
      const clicked = Date.now();
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: t('footer.faq') })
        .click();
      await requested;
      const slow = page.getByText(t('states.slow'));
      await expect(slow).toBeVisible({ timeout: 5_500 });
      expect(Date.now() - clicked).toBeGreaterThanOrEqual(2_900);
      await expect(page.getByRole('heading', { name: t('faq.title'), level: 1 })).toBeVisible();
      await expect(slow).toHaveCount(0);
      const first = page.locator('main details').first();
      await first.locator('summary').click();
      await expect(first).toHaveAttribute('open', '');
      await expect(page).toHaveURL(/\/faq$/);
    });
  });
}
