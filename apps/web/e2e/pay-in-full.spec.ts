import type { Page } from '@playwright/test';
import { countMessages, openSignedIn, readCode } from './support/auth.ts';
import {
  addToBasket,
  choose,
  type Lang,
  moneyPattern,
  payWithCard,
  productsOf,
  type ShopProduct,
  textOf,
} from './support/checkout.ts';
import { APPROVED_CARD, CARD_EXPIRY, customerApi, LOW_TURNOVER_CARD } from './support/scoring.ts';
import { expect, test } from './support/test.ts';

const CONFIRMED = { uz: 'Tasdiqlandi', ru: 'Подтверждён' } as const;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openCustomer(page: Page, lang: Lang) {
  await page.addInitScript((l) => localStorage.setItem('iLang', l), lang);
  const session = await openSignedIn(page);
  return { ...session, api: customerApi(page.request, session.token, session.phone) };
}

/** A T-shirt into the basket, and the basket's checkout button on to `/checkout`. */
async function basketToCheckout(page: Page, lang: Lang): Promise<ShopProduct> {
  const t = textOf(lang);
  const [shirt] = await productsOf(page.request, 'futbolka', 'cheap');
  expect(shirt, 'a T-shirt in stock').toBeTruthy();
  await addToBasket(page, lang, shirt!);
  // the product page promises delivery to Tashkent city until the shopper picks another region
  await expect(page.getByTestId('delivery-promise')).toContainText(/\d/);
  await page.goto('/basket');
  await expect(page.getByTestId('basket-summary').getByTestId('delivery-promise')).toBeVisible();
  await page.getByRole('button', { name: t('checkout.button') }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: t('checkout.title') })).toBeVisible();
  return shirt!;
}

/** Installments closed and saying why, paying in full chosen; pick-up at the first branch. */
async function payInFullTo(page: Page, lang: Lang, why: string | RegExp) {
  const t = textOf(lang);
  await expect(page.getByRole('radio', { name: t('checkout.installment') })).toBeDisabled();
  await expect(page.getByRole('radio', { name: t('checkout.full') })).toBeChecked();
  await expect(page.getByTestId('installment-unavailable')).toContainText(why);
  await choose(page, t('checkout.delivery_pickup'));
  await choose(page, /Chilonzor|Чиланзар/);
  // pick-up is free, and says the day it can be collected
  await expect(page.getByTestId('delivery-fee')).toHaveText(t('delivery.free'));
  await expect(page.getByTestId('delivery-date')).toContainText(/\d/);
  await page.getByRole('button', { name: t('checkout.next') }).click();
  await expect(page).toHaveURL(/\/checkout\/billing/);
}

/** Places the order with the card, pays it, and finds it confirmed among the orders. */
async function placeAndPay(page: Page, lang: Lang, shirt: ShopProduct, card: string) {
  const t = textOf(lang);
  await expect(page.getByRole('radio', { name: new RegExp(card.slice(-4)) })).toBeVisible();
  await choose(page, new RegExp(card.slice(-4)));
  await page.getByRole('button', { name: t('checkout.billing.place') }).click();
  await expect(page).toHaveURL(/\/checkout\/list-cards\?order=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await payWithCard(page, lang, card);
  await expect(page).toHaveURL(/\/checkout\/thanks/);
  await expect(page.getByRole('heading', { name: moneyPattern(shirt.price) })).toBeVisible();
  await page.getByRole('link', { name: t('checkout.result.to_order') }).click();
  await expect(page).toHaveURL(new RegExp(`/order-detail/${orderId}$`));
  await expect(page.getByTestId('order-promised-on')).toContainText(
    t('orders.pickup_on', { date: '' }).trim(),
  );
  await page.goto('/profile/orders');
  await expect(page.getByRole('link', { name: new RegExp(`№${orderId}`) })).toContainText(
    CONFIRMED[lang],
  );
}

const SCREENS = [
  { lang: 'ru', width: 390, height: 844, phone: true },
  { lang: 'uz', width: 1440, height: 900, phone: false },
] as const;

for (const screen of SCREENS) {
  const { lang } = screen;
  const t = textOf(lang);

  test.describe(`paying in full without installments (${lang}, ${screen.width} px)`, () => {
    test.use({
      viewport: { width: screen.width, height: screen.height },
      isMobile: screen.phone,
      hasTouch: screen.phone,
    });

    test('a customer not scored yet adds a card at billing, buys a T-shirt in full and sees the order', async ({
      page,
    }) => {
      test.slow();
      const customer = await openCustomer(page, lang);
      const shirt = await basketToCheckout(page, lang);
      await expect(page.getByRole('link', { name: t('checkout.take_scoring') })).toHaveAttribute(
        'href',
        '/scoring',
      );
      await payInFullTo(page, lang, t('checkout.installment_needs_scoring'));

      // no card yet: billing leads to the card form, and the bound card back to billing, chosen
      const main = page.getByRole('main');
      await expect(main.getByText(t('checkout.billing.no_cards'))).toBeVisible();
      await main.getByRole('link', { name: t('checkout.billing.add_card') }).click();
      await expect(page).toHaveURL(/\/checkout\/add-card/);
      await main.getByLabel(t('cards.number')).fill(APPROVED_CARD);
      await main.getByLabel(t('cards.expire')).fill(CARD_EXPIRY.replace('/', ''));
      const seen = await countMessages(page.request, customer.phone);
      await main.getByRole('button', { name: t('cards.get_code') }).click();
      await expect(main.getByRole('heading', { name: t('cards.code_title') })).toBeVisible();
      const code = await readCode(page.request, customer.phone, seen);
      await expect(main.getByRole('textbox').first()).toBeFocused();
      await page.keyboard.type(code);
      await expect(page).toHaveURL(/\/checkout\/billing/);
      await expect(
        page.getByRole('radio', { name: new RegExp(APPROVED_CARD.slice(-4)) }),
      ).toBeChecked();

      await placeAndPay(page, lang, shirt, APPROVED_CARD);
    });

    test('a customer rejected by scoring still buys a T-shirt in full', async ({ page }) => {
      test.slow();
      const { api, token } = await openCustomer(page, lang);
      await api.givePersonalDetails();
      await api.giveFacePhoto();
      const cardId = await api.bindCard(LOW_TURNOVER_CARD);
      await api.chooseScoringCard(cardId);
      await api.addGuarantor();
      const decided = await page.request.post('/api/clients/scoring', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(decided.ok(), await decided.text()).toBe(true);
      const decision = ((await decided.json()) as { data: { approved: boolean; retry_at: string } })
        .data;
      expect(decision.approved).toBe(false);

      const shirt = await basketToCheckout(page, lang);
      const [before = '', after = ''] = t('checkout.installment_until', { date: '\u0000' }).split(
        '\u0000',
      );
      const year = new Date(decision.retry_at).getFullYear();
      await payInFullTo(page, lang, new RegExp(`${literal(before)}.*${year}.*${literal(after)}`));
      await placeAndPay(page, lang, shirt, LOW_TURNOVER_CARD);

      // the profile says when scoring may be tried again, and leads to the reason
      await page.goto('/profile');
      const [rejectedBefore = ''] = t('profile.scoring_rejected_until', { date: '\u0000' }).split(
        '\u0000',
      );
      await expect(page.getByText(new RegExp(`${literal(rejectedBefore)}.*${year}`))).toBeVisible();
      await expect(page.getByRole('link', { name: t('profile.see_review') })).toHaveAttribute(
        'href',
        '/scoring/error',
      );
    });
  });
}
