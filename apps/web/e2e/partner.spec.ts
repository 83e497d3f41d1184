import { expect, test } from './support/test.ts';

for (const lang of ['uz', 'ru'] as const) {
  test(`a merchant applies to become a partner (${lang})`, async ({ page }) => {
    const texts = {
      uz: {
        link: "Hamkor bo'lish",
        stir: 'STIR yoki JSHSHIR',
        send: 'Ariza yuborish',
        ok: 'Yaxshi',
        done: 'Ariza muvaffaqiyatli yuborildi',
      },
      ru: {
        link: 'Стать партнёром',
        stir: 'ИНН или ПИНФЛ',
        send: 'Отправить заявку',
        ok: 'Хорошо',
        done: 'Заявка успешно отправлена',
      },
    }[lang];
    await page.addInitScript((l) => localStorage.setItem('iLang', l), lang);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: texts.link }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('textbox').nth(0).fill('Aziz Karimov');
    await dialog.getByRole('textbox').nth(1).fill('901234567');
    await dialog.getByRole('textbox').nth(2).fill('Aziz Savdo');
    await dialog.getByLabel(texts.stir).fill('12345');
    await dialog.getByRole('button', { name: texts.send }).click();
    await expect(dialog.getByTestId('stir-error')).toBeVisible();

    await dialog.getByLabel(texts.stir).fill('123456789');
    await expect(dialog.getByTestId('stir-error')).toBeHidden();
    await dialog.getByRole('button', { name: texts.send }).click();
    await expect(dialog.getByText(texts.done)).toBeVisible();
    await dialog.getByRole('button', { name: texts.ok }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/partner=1/);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the server names a stir it rejects under the field', async ({ page }) => {
    await page.goto('/?partner=1');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').nth(0).fill('Aziz Karimov');
    await dialog.getByRole('textbox').nth(1).fill('901234567');
    await dialog.getByRole('textbox').nth(2).fill('Aziz Savdo');
    await dialog.getByLabel('STIR yoki JSHSHIR').fill('123456789');
    await page.route('**/api/partners', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: "Ma'lumotlar noto'g'ri",
          code: 'VALIDATION_ERROR',
          errors: { stir: ['Bu STIR bilan ariza allaqachon bor'] },
        }),
      }),
    );
    await dialog.getByRole('button', { name: 'Ariza yuborish' }).click();
    await expect(dialog.getByTestId('stir-error')).toHaveText('Bu STIR bilan ariza allaqachon bor');
  });
});
