import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { SANDBOX_CARDS } from '../../../api/src/providers/payments/sandbox.ts';
import { countMessages, openSignedIn, readCode } from './auth.ts';
import { APPROVED_CARD, customerApi } from './scoring.ts';

export type Lang = 'uz' | 'ru';
type Tree = { [key: string]: string | Tree };

/** A language's texts: the shop's and the account's files together. */
function textsOf(lang: Lang): Tree {
  const read = (file: string): Tree =>
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../../src/locales', file), 'utf8'));
  return { ...read(`${lang}.json`), ...read(`${lang}.account.json`) };
}

const locales: Record<Lang, Tree> = { uz: textsOf('uz'), ru: textsOf('ru') };

/** The storefront's own text for a key, with `{{name}}` filled in: journeys read what shoppers read. */
export function textOf(lang: Lang) {
  return (key: string, values: Record<string, string | number> = {}): string => {
    let node: string | Tree | undefined = locales[lang];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** A sum as the storefront prints it: thousands grouped with a space (a no-break one is fine). */
export function grouped(amount: number): string {
  return String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** Text of a sum in a page, whatever space groups its thousands. */
export function moneyPattern(amount: number): RegExp {
  return new RegExp(grouped(amount).replace(/ /g, '[\\s\\u00a0\\u202f]'));
}

/** A text of the storefront with a sum in it, whatever space groups the sum's thousands. */
export function withSum(lang: Lang, key: string, amount: number, name = 'amount'): RegExp {
  const marker = '\u0000';
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [before = '', after = ''] = textOf(lang)(key, { [name]: marker }).split(marker);
  return new RegExp(
    `${literal(before)}${moneyPattern(amount).source}[^\\d]*${literal(after.trim())}`,
  );
}

function sandboxCard(behaviour: (typeof SANDBOX_CARDS)[number]['behaviour']): string {
  const card = SANDBOX_CARDS.find((c) => c.behaviour === behaviour);
  if (!card) throw new Error(`the sandbox has no ${behaviour} card`);
  return card.number;
}
/** Binds with high turnover; every debit fails with insufficient funds. */
export const NO_FUNDS_CARD = sandboxCard('insufficient-funds');

export interface ShopProduct {
  id: number;
  slug: string;
  name: string;
  price: number;
  in_stock: boolean;
}

/** In-stock products of a search, cheapest first (or dearest first). */
export async function productsOf(
  request: APIRequestContext,
  query: string,
  sort: 'cheap' | 'expensive',
): Promise<ShopProduct[]> {
  const response = await request.get(`/api/search?query=${encodeURIComponent(query)}&sort=${sort}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { products: { data: ShopProduct[] } } };
  return body.data.products.data.filter((p) => p.in_stock);
}

/**
 * A customer signed in on the page whose scoring the API has approved with the approved sandbox
 * card (the scoring screens have journeys of their own): answers the session and the card's id.
 */
export async function openScoredCustomer(page: Page, lang: Lang, path = '/') {
  await page.addInitScript((l) => localStorage.setItem('iLang', l), lang);
  const session = await openSignedIn(page, path);
  const api = customerApi(page.request, session.token, session.phone);
  await api.givePersonalDetails();
  await api.giveFacePhoto();
  const cardId = await api.bindCard(APPROVED_CARD);
  await api.chooseScoringCard(cardId);
  await api.addGuarantor();
  const decided = await page.request.post('/api/clients/scoring', {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
  const decision = ((await decided.json()) as { data: { approved: boolean; limit: number } }).data;
  expect(decision.approved).toBe(true);
  return { ...session, api, cardId, limit: decision.limit };
}

/**
 * Puts a product in the basket from its page: with its own button (the phone's price bar, or the
 * one beside the price), not a similar product's below it.
 */
export async function addToBasket(page: Page, lang: Lang, product: ShopProduct) {
  const t = textOf(lang);
  await page.goto(`/product/${product.slug}`);
  const bar = page.getByTestId('price-bar');
  const own = (await bar.isVisible()) ? bar : page.getByRole('main');
  await own
    .getByRole('button', { name: t('product.add_to_basket'), exact: true })
    .first()
    .click();
  await expect(own.getByRole('button', { name: t('product.increase') }).first()).toBeVisible();
}

/** Chooses a radio the storefront draws as a chip or a card: a click on its label, as a shopper's. */
export async function choose(page: Page, name: string | RegExp) {
  const radio = page.getByRole('radio', { name });
  await page.locator('label').filter({ has: radio }).first().click();
  await expect(radio.first()).toBeChecked();
}

/** Types the code the sandbox outbox holds into the six boxes. */
export async function enterCode(page: Page, code: string) {
  const first = page.getByRole('textbox').first();
  await first.click();
  await page.keyboard.type(code);
}

/** Signs the contract on `/contract/show` with the code sent by SMS. */
export async function signContract(page: Page, lang: Lang, phone: string) {
  const t = textOf(lang);
  await expect(page.getByRole('heading', { name: t('checkout.contract.title') })).toBeVisible();
  const seen = await countMessages(page.request, phone);
  await page.getByRole('button', { name: t('checkout.contract.send_code') }).click();
  const code = await readCode(page.request, phone, seen);
  await enterCode(page, code);
}

/**
 * On the card selection screen (which starts with the order's card, or the only one): chooses
 * the card by its last digits and pays.
 */
export async function payWithCard(page: Page, lang: Lang, cardNumber: string) {
  const t = textOf(lang);
  await expect(page.getByRole('heading', { name: t('checkout.pay.title') })).toBeVisible();
  const pay = page.getByRole('button', { name: t('checkout.pay.pay'), exact: true });
  const card = page.getByRole('radio', { name: new RegExp(cardNumber.slice(-4)) });
  await choose(page, new RegExp(cardNumber.slice(-4)));
  await expect(card).toBeChecked();
  await pay.click();
}
