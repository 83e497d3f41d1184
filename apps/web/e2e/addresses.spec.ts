import type { Page } from '@playwright/test';
import { openSignedIn } from './support/auth.ts';
import { expect, test } from './support/test.ts';

const TEXTS = {
  uz: {
    title: 'Yetkazish manzillari',
    empty: "Hozircha manzil yo'q",
    add: "Manzil qo'shish",
    newTitle: 'Yangi manzil',
    editTitle: 'Manzilni tahrirlash',
    region: 'Viloyat',
    district: 'Tuman yoki shahar',
    street: "Ko'cha va uy",
    apartment: /Xonadon/,
    landmark: /Mo'ljal/,
    phone: 'Qabul qiluvchining telefoni',
    save: 'Saqlash',
    required: "To'ldirish shart",
    samarqand: 'Samarqand viloyati',
    urgut: 'Urgut tumani',
    tashkent: 'Toshkent shahri',
    chilonzor: 'Chilonzor tumani',
    saved: 'Manzil saqlandi',
    updated: "Manzil o'zgartirildi",
    chosen: 'Yetkazib berish manzili tanlandi',
    deleted: "Manzil o'chirildi",
    current: 'Joriy manzil',
    makeCurrent: 'Joriy qilish',
    edit: 'Tahrirlash',
    delete: "O'chirish",
    deleteTitle: "Manzil o'chirilsinmi?",
    flat: '5-xonadon',
  },
  ru: {
    title: 'Адреса доставки',
    empty: 'Адресов пока нет',
    add: 'Добавить адрес',
    newTitle: 'Новый адрес',
    editTitle: 'Изменить адрес',
    region: 'Регион',
    district: 'Район или город',
    street: 'Улица и дом',
    apartment: /Квартира/,
    landmark: /Ориентир/,
    phone: 'Телефон получателя',
    save: 'Сохранить',
    required: 'Обязательное поле',
    samarqand: 'Самаркандская область',
    urgut: 'Ургутский район',
    tashkent: 'город Ташкент',
    chilonzor: 'Чиланзарский район',
    saved: 'Адрес сохранён',
    updated: 'Адрес изменён',
    chosen: 'Адрес доставки выбран',
    deleted: 'Адрес удалён',
    current: 'Текущий адрес',
    makeCurrent: 'Сделать текущим',
    edit: 'Изменить',
    delete: 'Удалить',
    deleteTitle: 'Удалить адрес?',
    flat: 'кв. 5',
  },
} as const;

type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** The address cards as shown: the current one first. */
const cards = (page: Page) => page.getByRole('main').getByRole('article');

async function fillPlace(page: Page, texts: Texts, region: string, district: string) {
  const form = page.getByRole('dialog');
  await form.getByLabel(texts.region).selectOption({ label: region });
  const districts = form.getByLabel(texts.district);
  await expect(districts).toBeEnabled();
  await districts.selectOption({ label: district });
}

async function journey(page: Page, texts: Texts) {
  const { phone } = await openSignedIn(page, '/profile/addresses');
  await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: texts.empty })).toBeVisible();

  // the first address: the region decides which districts are offered
  await page.getByRole('button', { name: texts.add }).click();
  const dialog = page.getByRole('dialog', { name: texts.newTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(texts.district)).toBeDisabled();
  await expect(dialog.getByLabel(texts.phone)).toHaveValue(
    `${phone.slice(3, 5)} ${phone.slice(5, 8)} ${phone.slice(8, 10)} ${phone.slice(10)}`,
  );
  await dialog.getByRole('button', { name: texts.save }).click();
  await expect(dialog.getByText(texts.required).first()).toBeVisible();

  await fillPlace(page, texts, texts.samarqand, texts.urgut);
  await dialog.getByLabel(texts.street).fill("Navoiy ko'chasi, 12-uy");
  await dialog.getByLabel(texts.apartment).fill('5');
  await dialog.getByLabel(texts.landmark).fill('Registon yonida');
  await dialog.getByRole('button', { name: texts.save }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.saved })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(texts.current);
  await expect(cards(page).first()).toContainText(`${texts.samarqand}, ${texts.urgut}`);
  await expect(cards(page).first()).toContainText(`Navoiy ko'chasi, 12-uy, ${texts.flat}`);

  // a correction keeps the region and district it was saved with
  await cards(page).first().getByRole('button', { name: texts.edit }).click();
  const editing = page.getByRole('dialog', { name: texts.editTitle });
  await expect(editing.getByLabel(texts.district)).toHaveValue(/\d+/);
  await editing.getByLabel(texts.street).fill("Registon ko'chasi, 3-uy");
  await editing.getByRole('button', { name: texts.save }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.updated })).toBeVisible();
  await expect(cards(page).first()).toContainText("Registon ko'chasi, 3-uy");
  await expect(cards(page).first()).toContainText(texts.urgut);

  // a second address becomes the current one
  await page.getByRole('button', { name: texts.add }).click();
  await fillPlace(page, texts, texts.tashkent, texts.chilonzor);
  await page.getByRole('dialog').getByLabel(texts.street).fill('Bunyodkor shoh ko‘chasi, 7');
  await page.getByRole('dialog').getByRole('button', { name: texts.save }).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText(texts.chilonzor);
  await expect(cards(page).first()).toContainText(texts.current);
  await expect(cards(page).nth(1)).not.toContainText(texts.current);

  // the older one can be made current again
  await cards(page).nth(1).getByRole('button', { name: texts.makeCurrent }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.chosen })).toBeVisible();
  await expect(cards(page).first()).toContainText(texts.urgut);
  await expect(cards(page).first()).toContainText(texts.current);

  // deleting asks first
  await cards(page).nth(1).getByRole('button', { name: texts.delete }).click();
  const confirm = page.getByRole('dialog', { name: texts.deleteTitle });
  await confirm.getByRole('button', { name: texts.delete }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.deleted })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(texts.urgut);

  await page.reload();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(texts.current);
}

for (const lang of ['uz', 'ru'] as const) {
  test(`a customer adds, corrects, chooses and deletes delivery addresses (${lang})`, async ({
    page,
  }) => {
    await page.addInitScript((l) => localStorage.setItem('iLang', l), lang);
    await journey(page, TEXTS[lang]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the address form opens as a bottom sheet and the journey works', async ({ page }) => {
    await journey(page, TEXTS.uz);
    await page.getByRole('button', { name: TEXTS.uz.add }).click();
    const sheet = page.getByRole('dialog', { name: TEXTS.uz.newTitle });
    const box = await sheet.boundingBox();
    expect(box?.width).toBe(390);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
  });
});
