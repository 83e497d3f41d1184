import { expect, test } from '@playwright/test';
import {
  addToBasket,
  choose,
  type Lang,
  moneyPattern,
  openScoredCustomer,
  payWithCard,
  productsOf,
  signContract,
  textOf,
} from './support/checkout.ts';
import { APPROVED_CARD } from './support/scoring.ts';

const PREPAYMENT = 100_000;

async function happyPath(page: import('@playwright/test').Page, lang: Lang) {
  const t = textOf(lang);
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
  await modal.getByLabel(t('checkout.prepayment_modal.label')).fill(String(PREPAYMENT));
  await modal.getByRole('button', { name: t('checkout.prepayment_modal.save') }).click();
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: t('checkout.next') }).click();

  // the card, then the order
  await expect(page).toHaveURL(/\/checkout\/billing/);
  await choose(page, new RegExp(APPROVED_CARD.slice(-4)));
  await page.getByRole('button', { name: t('checkout.billing.place') }).click();

  // the contract, signed with the SMS code, then the first payment
  await expect(page).toHaveURL(/\/contract\/show\?credit=\d+/);
  const creditId = Number(new URL(page.url()).searchParams.get('credit'));
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
}

for (const lang of ['uz', 'ru'] as const) {
  test(`a scored customer buys two products on 6 months, signs, pays the first payment, one installment and the rest early (${lang})`, async ({
    page,
  }) => {
    test.slow();
    await happyPath(page, lang);
  });
}
