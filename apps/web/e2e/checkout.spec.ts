import {
  addToBasket,
  choose,
  type Lang,
  moneyPattern,
  NO_FUNDS_CARD,
  openScoredCustomer,
  payWithCard,
  productsOf,
  signContract,
  textOf,
  withSum,
} from './support/checkout.ts';
import { watchViolations } from './support/csp.ts';
import { APPROVED_CARD } from './support/scoring.ts';
import { expect, test } from './support/test.ts';

const PREPAYMENT = 100_000;

interface CreditShown {
  monthly_payment: number;
  debt_summa: number;
  schedule: { state: string }[];
}

/** The credit as the API shows its customer. */
async function creditOf(
  request: import('@playwright/test').APIRequestContext,
  token: string,
  id: number,
): Promise<CreditShown> {
  const response = await request.get(`/api/credits/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: CreditShown }).data;
}

async function happyPath(page: import('@playwright/test').Page, lang: Lang) {
  const t = textOf(lang);
  const violations = await watchViolations(page);
  const customer = await openScoredCustomer(page, lang);

  // two inexpensive products into the basket
  const shirts = await productsOf(page.request, 'futbolka', 'expensive');
  const [first, second] = shirts.filter((p) => p.price < 1_000_000);
  expect(first && second, 'two T-shirts in stock').toBeTruthy();
  await addToBasket(page, lang, first!);
  await addToBasket(page, lang, second!);

  // the basket's checkout button takes the marked lines to checkout
  await page.goto('/basket');
  await page.getByRole('button', { name: t('checkout.button') }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: t('checkout.title') })).toBeVisible();

  // pick-up at the first branch, 6 months, a prepayment set in the modal
  await choose(page, t('checkout.delivery_pickup'));
  await choose(page, /Chilonzor|Чиланзар/);
  await choose(page, t('checkout.installment'));
  await choose(page, new RegExp(`^${t('checkout.months', { n: 6 })}`));
  await page.getByRole('button', { name: t('checkout.change_prepayment') }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel(t('prepayment_modal.label')).fill(String(PREPAYMENT));
  await modal.getByRole('button', { name: t('prepayment_modal.save') }).click();
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: t('checkout.next') }).click();

  // the card, then the order
  await expect(page).toHaveURL(/\/checkout\/billing/);
  await choose(page, new RegExp(APPROVED_CARD.slice(-4)));
  await page.getByRole('button', { name: t('checkout.billing.place') }).click();

  // the contract, signed with the SMS code, then the first payment
  await expect(page).toHaveURL(/\/contract\/show\?credit=\d+/);
  const creditId = Number(new URL(page.url()).searchParams.get('credit'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t('checkout.contract.download') }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await signContract(page, lang, customer.phone);
  await expect(page).toHaveURL(/\/checkout\/list-cards\?credit=\d+&first=1/);
  await payWithCard(page, lang, APPROVED_CARD);
  await expect(page).toHaveURL(/\/checkout\/thanks/);
  await expect(page.getByRole('heading', { name: moneyPattern(PREPAYMENT) })).toBeVisible();

  // the order and its schedule in the profile
  await page.goto('/profile/orders');
  await page
    .getByRole('link', { name: new RegExp(t('orders.number', { id: '' })) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/order-detail\/\d+/);
  await page.goto(`/installment/${creditId}`);
  await expect(page.getByRole('heading', { name: t('installments.schedule.title') })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(7); // the header and six months

  // one installment now
  await page
    .getByRole('link', { name: new RegExp(t('installments.pay_now', { amount: '' })) })
    .click();
  await payWithCard(page, lang, APPROVED_CARD);
  await expect(page).toHaveURL(/\/checkout\/thanks/);
  await page.goto(`/installment/${creditId}`);
  await expect(page.getByText(t('installments.schedule.state_paid')).first()).toBeVisible();

  // 1.5 installments as another sum, the surplus lowering every installment left: the schedule
  // the page shows before paying is the one the credit has once paid
  const credit = await creditOf(page.request, customer.token, creditId);
  const form = page.getByRole('region', { name: t('installments.early.title') });
  const amountBox = form.getByLabel(t('installments.early.amount'));
  await amountBox.fill(String(Math.floor(credit.monthly_payment / 2)));
  await expect(
    form.getByRole('alert').filter({
      hasText: withSum(lang, 'installments.early.below_installment', credit.monthly_payment),
    }),
  ).toBeVisible();
  const amount = Math.round(credit.monthly_payment * 1.5);
  await amountBox.fill(String(amount));
  await expect(amountBox).toHaveValue(moneyPattern(amount));
  await choose(page, new RegExp(t('installments.early.smaller_installments')));
  const pay = form.getByRole('button', { name: withSum(lang, 'installments.early.pay', amount) });
  await expect(pay).toBeEnabled();
  const left = credit.schedule.filter((row) => row.state !== 'paid').length;
  await expect(form.getByText(`${left} → ${left}`)).toBeVisible();
  await expect(form.getByText(moneyPattern(credit.debt_summa - amount)).first()).toBeVisible();
  const preview = form.getByRole('region', { name: t('installments.early.new_schedule') });
  await expect(
    preview.getByRole('row').filter({ hasText: t('installments.schedule.state_partly_paid') }),
  ).toHaveCount(left);
  const previewed = await preview.getByRole('row').allTextContents();
  // from the choice the keyboard goes on to the pay button
  await page.keyboard.press('Tab');
  await expect(pay).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/mode=smaller_installments/);
  await payWithCard(page, lang, APPROVED_CARD);
  await expect(page).toHaveURL(/\/checkout\/thanks/);
  await expect(page.getByRole('heading', { name: moneyPattern(amount) })).toBeVisible();
  await page.goto(`/installment/${creditId}`);
  const schedule = page.getByRole('region', { name: t('installments.schedule.title') });
  await expect(schedule.getByRole('row')).toHaveText(previewed);

  // the rest, early: the credit closes
  await page
    .getByRole('link', { name: new RegExp(t('installments.pay_early', { amount: '' })) })
    .click();
  await payWithCard(page, lang, APPROVED_CARD);
  await expect(page).toHaveURL(/\/checkout\/thanks/);
  await page.goto(`/installment/${creditId}`);
  await expect(page.getByText(lang === 'uz' ? 'Yopilgan' : 'Закрыта').first()).toBeVisible();
  await expect(
    page.getByRole('link', { name: new RegExp(t('installments.pay_early', { amount: '' })) }),
  ).toHaveCount(0);
  expect(violations, 'the strict CSP reports nothing on the way').toEqual([]);
}

// Each long journey runs in one language, the two languages shared between them: every screen's
// words in both languages are the dictionaries' own tests (apps/web/src/locales).
test('a scored customer buys two products on 6 months, signs, pays the first payment, one installment, 1.5 installments lowering the rest and the rest early (ru)', async ({
  page,
}) => {
  test.slow();
  await happyPath(page, 'ru');
});

const STATUS = {
  uz: { new: "Yangi — to'lov kutilmoqda", confirmed: 'Tasdiqlandi', cancelled: 'Bekor qilindi' },
  ru: { new: 'Новый — ожидает оплаты', confirmed: 'Подтверждён', cancelled: 'Отменён' },
} as const;

/** Checkout up to the billing screen with pick-up at the first branch. */
async function checkoutTo(
  page: import('@playwright/test').Page,
  lang: Lang,
  payment: 'installment' | 'full',
) {
  const t = textOf(lang);
  await page.goto('/basket');
  await page.getByRole('button', { name: t('checkout.button') }).click();
  await expect(page.getByRole('heading', { name: t('checkout.title') })).toBeVisible();
  await choose(page, t('checkout.delivery_pickup'));
  await choose(page, /Chilonzor|Чиланзар/);
  await choose(page, t(payment === 'installment' ? 'checkout.installment' : 'checkout.full'));
  if (payment === 'installment') {
    await choose(page, new RegExp(`^${t('checkout.months', { n: 12 })}`));
  }
  await page.getByRole('button', { name: t('checkout.next') }).click();
  await expect(page).toHaveURL(/\/checkout\/billing/);
}

async function failingPaths(page: import('@playwright/test').Page, lang: Lang) {
  const t = textOf(lang);
  const customer = await openScoredCustomer(page, lang);

  // a laptop above the limit: the "not enough" screen, then a larger prepayment lets it through
  const [laptop] = await productsOf(page.request, 'noutbuk', 'expensive');
  expect(laptop!.price).toBeGreaterThan(customer.limit);
  await addToBasket(page, lang, laptop!);
  await checkoutTo(page, lang, 'installment');
  await choose(page, new RegExp(APPROVED_CARD.slice(-4)));
  await page.getByRole('button', { name: t('checkout.billing.place') }).click();
  const shortBy = laptop!.price - customer.limit;
  await expect(
    page.getByRole('heading', { name: withSum(lang, 'checkout.not_enough.title', shortBy) }),
  ).toBeVisible();
  await page.getByRole('button', { name: t('checkout.not_enough.increase') }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByLabel(t('prepayment_modal.label'))).toHaveValue(moneyPattern(shortBy));
  await modal.getByRole('button', { name: t('prepayment_modal.save') }).click();
  await page.getByRole('button', { name: t('checkout.billing.place') }).click();
  await expect(page).toHaveURL(/\/contract\/show\?credit=\d+/);

  // an "insufficient funds" card: the payment fails and the order stays unpaid
  const noFundsId = await customer.api.bindCard(NO_FUNDS_CARD);
  expect(noFundsId).toBeGreaterThan(0);
  const [shirt] = await productsOf(page.request, 'futbolka', 'cheap');
  await addToBasket(page, lang, shirt!);
  await checkoutTo(page, lang, 'full');
  await choose(page, new RegExp(NO_FUNDS_CARD.slice(-4)));
  await page.getByRole('button', { name: t('checkout.billing.place') }).click();
  await expect(page).toHaveURL(/\/checkout\/list-cards\?order=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await payWithCard(page, lang, NO_FUNDS_CARD);
  await expect(page).toHaveURL(/\/checkout\/error/);
  await expect(page.getByRole('heading', { name: t('checkout.result.failed') })).toBeVisible();
  await page.goto(`/order-detail/${orderId}`);
  await expect(page.getByText(STATUS[lang].new).first()).toBeVisible();

  // paying in full with a good card works
  await page
    .getByRole('link', { name: new RegExp(t('orders.pay', { amount: '' }).trim()) })
    .click();
  await payWithCard(page, lang, APPROVED_CARD);
  await expect(page).toHaveURL(/\/checkout\/thanks/);
  await expect(page.getByRole('heading', { name: moneyPattern(shirt!.price) })).toBeVisible();

  // cancelled before shipping: the payment comes back
  await page.goto(`/order-detail/${orderId}`);
  await expect(page.getByText(STATUS[lang].confirmed).first()).toBeVisible();
  await page.getByRole('button', { name: t('orders.cancel') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('orders.cancel_confirm') })
    .click();
  await expect(page.getByText(STATUS[lang].cancelled).first()).toBeVisible();
  await expect(page.getByText(t('orders.payments.state_refunded')).first()).toBeVisible();
}

test('a short limit asks for a larger prepayment, a card without funds fails, a good card pays in full, and cancelling refunds (uz)', async ({
  page,
}) => {
  test.slow();
  await failingPaths(page, 'uz');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a scored customer buys a product paying in full and finds it confirmed among the orders (ru)', async ({
    page,
  }) => {
    test.slow();
    const lang = 'ru';
    const t = textOf(lang);
    await openScoredCustomer(page, lang);
    const [shirt] = await productsOf(page.request, 'futbolka', 'cheap');
    await addToBasket(page, lang, shirt!);
    await checkoutTo(page, lang, 'full');
    await choose(page, new RegExp(APPROVED_CARD.slice(-4)));
    await page.getByRole('button', { name: t('checkout.billing.place') }).click();
    await expect(page).toHaveURL(/\/checkout\/list-cards\?order=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    await payWithCard(page, lang, APPROVED_CARD);
    await expect(page).toHaveURL(/\/checkout\/thanks/);
    await expect(page.getByRole('heading', { name: moneyPattern(shirt!.price) })).toBeVisible();
    await page.goto('/profile/orders');
    const card = page.getByRole('link', { name: new RegExp(`№${orderId}`) });
    await expect(card).toContainText(STATUS[lang].confirmed);
  });
});
