import type { Page } from '@playwright/test';
import { countMessages, readCode, uniquePhone } from './support/auth.ts';
import { expect, test } from './support/test.ts';

const TEXTS = {
  uz: {
    signIn: 'Kirish',
    title: 'Kirish',
    phone: 'Telefon raqami',
    getCode: 'Kodni olish',
    codeTitle: 'Kodni kiriting',
    wrong: /noto'g'ri/i,
    back: 'Orqaga',
    profile: 'Kabinet',
    profileTitle: 'Shaxsiy kabinet',
    notifications: 'Bildirishnomalar',
    signOut: 'Chiqish',
    signInPrompt: 'Kabinetga kiring',
  },
  ru: {
    signIn: 'Войти',
    title: 'Вход',
    phone: 'Номер телефона',
    getCode: 'Получить код',
    codeTitle: 'Введите код',
    wrong: /неверн/i,
    back: 'Назад',
    profile: 'Кабинет',
    profileTitle: 'Личный кабинет',
    notifications: 'Уведомления',
    signOut: 'Выйти',
    signInPrompt: 'Войдите в кабинет',
  },
} as const;

type Lang = keyof typeof TEXTS;

/** Types the phone, accepts the offer and asks for a code; returns the modal. */
async function askForCode(page: Page, lang: Lang, phone: string) {
  const texts = TEXTS[lang];
  const modal = page.getByTestId('sign-in-modal');
  await expect(modal.getByRole('heading', { name: texts.title })).toBeVisible();
  const getCode = modal.getByRole('button', { name: texts.getCode });
  await modal.getByLabel(texts.phone).fill(phone.slice(3));
  await expect(modal.getByLabel(texts.phone)).toHaveValue(
    `${phone.slice(3, 5)} ${phone.slice(5, 8)} ${phone.slice(8, 10)} ${phone.slice(10)}`,
  );
  await expect(getCode).toBeDisabled();
  await modal.getByRole('checkbox').check();
  await getCode.click();
  await expect(modal.getByRole('heading', { name: texts.codeTitle })).toBeVisible();
  return modal;
}

for (const lang of ['uz', 'ru'] as const) {
  test(`a customer signs in with an SMS code, reads the profile and signs out (${lang})`, async ({
    page,
  }) => {
    const texts = TEXTS[lang];
    const phone = uniquePhone();
    await page.addInitScript((l) => localStorage.setItem('iLang', l), lang);
    await page.goto('/');

    await page.getByRole('banner').getByRole('button', { name: texts.signIn }).click();
    await askForCode(page, lang, phone);
    const code = await readCode(page.request, phone);
    // SPEC §4: a correct code reloads the page signed in
    await Promise.all([page.waitForEvent('load'), page.keyboard.type(code)]);

    // the page reloads signed in: the header leads to the profile
    // the profile's own link, whatever its unread count says after the name
    const profileLink = page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(`^${texts.profile}( \\(|$)`) });
    await expect(profileLink).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('serviceToken'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('phone'))).toBe(phone);

    await profileLink.click();
    await expect(page.getByRole('heading', { name: texts.profileTitle })).toBeVisible();
    await expect(
      page.getByText(`+${phone.slice(0, 5)} ${phone.slice(5, 8)}`).first(),
    ).toBeVisible();

    await page.getByRole('link', { name: texts.notifications }).first().click();
    await expect(page.getByTestId('notifications').getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: texts.signOut }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: texts.signIn }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('serviceToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('phone'))).toBeNull();

    // the revoked session stays revoked on the server
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: texts.signInPrompt })).toBeVisible();
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a wrong code is shown in the modal, the back arrow keeps the phone, the right code signs in', async ({
    page,
  }) => {
    const phone = uniquePhone();
    await page.addInitScript(() => localStorage.setItem('iLang', 'ru'));
    await page.goto('/');
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'Войти' }).click();
    const modal = await askForCode(page, 'ru', phone);
    const code = await readCode(page.request, phone);
    const wrong = code === '000000' ? '111111' : '000000';

    await page.keyboard.type(wrong);
    await expect(modal.getByRole('alert')).toContainText(TEXTS.ru.wrong);
    await modal.getByRole('button', { name: TEXTS.ru.back }).click();
    await expect(modal.getByLabel(TEXTS.ru.phone)).not.toHaveValue('');
    await expect(modal.getByRole('alert')).toHaveCount(0);
    const seen = await countMessages(page.request, phone);
    await modal.getByRole('button', { name: TEXTS.ru.getCode }).click();
    await expect(modal.getByRole('heading', { name: TEXTS.ru.codeTitle })).toBeVisible();

    // a new challenge sends a new code
    const fresh = await readCode(page.request, phone, seen);
    await Promise.all([page.waitForEvent('load'), page.keyboard.type(fresh)]);
    await expect(
      page.getByTestId('bottom-bar').getByRole('link', { name: /^Кабинет( \(|$)/ }),
    ).toBeVisible();
  });
});

test('the basket and wish list chosen before signing in join the account, in their order and marks', async ({
  page,
}) => {
  const phone = uniquePhone();
  const cards = page.getByTestId('product-card');
  const header = page.getByRole('banner');
  const basketBadge = header.getByRole('link', { name: /Savat/ }).getByTestId('count-badge');
  const wishBadge = header.getByRole('link', { name: /Saralangan/ }).getByTestId('count-badge');
  const headings = () => cards.getByRole('heading').allTextContents();

  await page.goto('/');
  await cards.nth(0).getByRole('button', { name: 'Savatga' }).click();
  await cards.nth(0).getByRole('button', { name: "Bittaga ko'paytirish" }).click();
  await expect(cards.nth(0).getByRole('status')).toHaveText(/2$/);
  await cards.nth(3).getByRole('button', { name: 'Savatga' }).click();
  for (const i of [1, 4, 2]) {
    await cards.nth(i).getByRole('button', { name: "Saralanganlarga qo'shish" }).click();
  }
  await expect(basketBadge).toHaveText('2');
  await expect(wishBadge).toHaveText('3');
  const basketName = (await cards.nth(0).getByRole('heading').textContent()) ?? '';
  const uncheckedName = (await cards.nth(3).getByRole('heading').textContent()) ?? '';

  // the visitor's wish list as it reads, and one basket line left out of the order
  await page.goto('/favorites');
  await expect(cards).toHaveCount(3);
  const wishedOrder = await headings();
  await page.goto('/basket');
  const lines = page.getByTestId('basket-line');
  await lines.filter({ hasText: uncheckedName }).getByRole('checkbox').uncheck();

  await header.getByRole('button', { name: 'Kirish' }).click();
  await askForCode(page, 'uz', phone);
  const code = await readCode(page.request, phone);
  await Promise.all([page.waitForEvent('load'), page.keyboard.type(code)]);
  await expect(header.getByRole('link', { name: /^Kabinet( \(|$)/ })).toBeVisible();

  // the lists now live on the server: the browser's copies are gone, the badges still count them
  expect(await page.evaluate(() => localStorage.getItem('basket'))).toMatch(/^(null|\[\])$/);
  await expect(basketBadge).toHaveText('2');
  await expect(wishBadge).toHaveText('3');
  await page.goto('/basket');
  await expect(lines).toHaveCount(2);
  const kept = lines.filter({ hasText: basketName });
  await expect(kept.getByRole('status')).toHaveText(/2$/);
  await expect(kept.getByRole('checkbox')).toBeChecked();
  await expect(lines.filter({ hasText: uncheckedName }).getByRole('checkbox')).not.toBeChecked();
  await page.goto('/favorites');
  await expect(cards).toHaveCount(3);
  expect(await headings()).toEqual(wishedOrder);
});
