import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { openSignedIn } from './support/auth.ts';
import { placePaidOrder } from './support/buyer.ts';
import {
  addToBasket,
  choose,
  openScoredCustomer,
  payWithCard,
  productsOf,
  signContract,
  textOf,
} from './support/checkout.ts';
import { APPROVED_CARD, customerApi } from './support/scoring.ts';
import { baseOf, openStaff, REVIEW_PORT } from './support/staff.ts';
import { expect, test, waitForStartOnLoad } from './support/test.ts';

/** The customer's own order page, read again, says `status` in its badge. */
async function customerSees(page: Page, orderId: number, status: string | RegExp) {
  await page.goto(`/order-detail/${orderId}`);
  await expect(page.getByRole('heading', { name: `Заказ №${orderId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Где заказ' })).toContainText(status);
}

test.describe('the back office, by role', () => {
  test('the owner signs in with the second factor, adds a member of staff and reads the audit log', async ({
    browser,
  }) => {
    const { page: owner, context } = await openStaff(browser, 'owner');
    // the dashboard's tiles and their 30-day charts
    await expect(owner.getByRole('heading', { name: 'Сводка' })).toBeVisible();
    await expect(owner.getByRole('img', { name: 'Заказы за 30 дней' })).toBeVisible();
    await expect(owner.getByText('PAR30')).toBeVisible();

    // a new member of staff gets a one-time link, and the creation is in the audit log
    const email = `content-${Date.now()}@e2e.bozor.uz`;
    await owner.getByRole('navigation').getByRole('link', { name: 'Сотрудники' }).click();
    await owner.getByRole('button', { name: 'Добавить сотрудника' }).click();
    const adding = owner.getByRole('dialog');
    await adding.getByLabel('Имя').fill('Malika Yusupova');
    await adding.getByLabel('Эл. почта').fill(email);
    await adding.getByLabel('Роль').selectOption('content_manager');
    await adding.getByRole('button', { name: 'Создать и получить ссылку' }).click();
    await expect(owner.getByRole('dialog').getByLabel('Одноразовая ссылка')).toHaveValue(
      /\/admin\/setup\?token=[\w-]{20,}/,
    );
    await owner.keyboard.press('Escape');
    await expect(owner.getByRole('row', { name: new RegExp(email) })).toContainText(
      'Контент-менеджер',
    );

    await owner.getByRole('navigation').getByRole('link', { name: 'Журнал действий' }).click();
    await expect(owner.getByRole('table', { name: 'Журнал действий' })).toContainText(
      'Новый сотрудник',
    );
    // the language switch changes the whole interface
    await owner.getByRole('button', { name: 'uz' }).click();
    await expect(owner.getByRole('heading', { name: 'Amallar jurnali' })).toBeVisible();
    await context.close();
  });

  test('the operator takes a paid order from confirmed to delivered, and accepts its return', async ({
    page,
    browser,
  }) => {
    const customer = await openScoredCustomer(page, 'ru');
    const orderId = await placePaidOrder(page.request, customer);
    await customerSees(page, orderId, 'Оплачен');

    const { page: staff, context } = await openStaff(browser, 'operator');
    // the queue, searched by the order's number
    await staff.getByRole('link', { name: 'Заказы' }).click();
    await staff.getByLabel('Номер заказа или телефон').fill(`#${orderId}`);
    await staff.getByRole('button', { name: 'Найти' }).click();
    const row = staff.getByRole('row', { name: new RegExp(`№${orderId}`) });
    await expect(row).toContainText('Подтверждён');
    await row.getByRole('link', { name: `№${orderId}` }).click();
    await expect(staff.getByRole('heading', { name: `Заказ №${orderId}` })).toBeVisible();

    // packed: the customer reads it on their order page
    await staff.getByRole('button', { name: 'Собран' }).click();
    await expect(staff.getByRole('button', { name: 'Передать курьеру' })).toBeVisible();
    await customerSees(page, orderId, 'Упакован и готов к отправке');

    // with the courier: a name and a tracking number are required
    await staff.getByRole('button', { name: 'Передать курьеру' }).click();
    const handing = staff.getByRole('dialog', { name: 'Передача курьеру' });
    await handing.getByRole('button', { name: 'Передать курьеру' }).click();
    await expect(handing.getByText('Заполните поле').first()).toBeVisible();
    await handing.getByLabel('Курьер').fill('Jasur Aliyev');
    await handing.getByLabel('Трек-номер').fill('BZ-TRK-0042');
    await handing.getByRole('button', { name: 'Передать курьеру' }).click();
    await expect(handing).toBeHidden();
    await customerSees(page, orderId, 'Передан курьеру');
    await expect(page.getByText('BZ-TRK-0042')).toBeVisible();

    // delivered: the history lists every step with who took it
    await staff.getByRole('button', { name: 'Доставлен' }).click();
    await expect(staff.getByText('Для этого этапа действий нет')).toBeVisible();
    const history = staff.getByRole('region', { name: 'История' }).or(staff.locator('ol'));
    await expect(history).toContainText('operator@e2e.bozor.uz');
    await customerSees(page, orderId, 'Доставлен');

    // the customer asks for a return; the operator accepts it and the payment is refunded
    const asked = await page.request.post(`/api/orders/return/${orderId}`, {
      headers: {
        Authorization: `Bearer ${customer.token}`,
        'Idempotency-Key': randomUUID(),
        lang: 'ru',
      },
      data: { reason: 'Размер не подошёл' },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    await staff.getByRole('link', { name: 'Возвраты' }).click();
    const request = staff.getByRole('row', { name: new RegExp(`№${orderId}`) });
    await expect(request).toContainText('Размер не подошёл');
    await request.getByRole('button', { name: 'Принять' }).click();
    const accept = staff.getByRole('dialog', { name: `Принять возврат заказа №${orderId}` });
    await accept.getByRole('button', { name: 'Принять' }).click();
    await expect(staff.getByText(`Возврат заказа №${orderId} принят`)).toBeVisible();
    await expect(staff.getByRole('row', { name: new RegExp(`№${orderId}`) })).toHaveCount(0);

    await page.goto(`/order-detail/${orderId}`);
    await expect(page.getByText('Возвращён').first()).toBeVisible();
    await expect(page.getByText(/Возвращ(ён|ается)/).nth(1)).toBeVisible();
    await context.close();
  });

  test('the viewer reads every queue, and every write is refused', async ({ page, browser }) => {
    const customer = await openScoredCustomer(page, 'ru');
    const orderId = await placePaidOrder(page.request, customer);

    const { page: viewer, context } = await openStaff(browser, 'viewer');
    const nav = viewer.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Заказы' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Сотрудники' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Скоринг' })).toHaveCount(0);

    await viewer.goto(`/admin/orders/${orderId}`);
    await expect(viewer.getByRole('heading', { name: `Заказ №${orderId}` })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Собран' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Отменить заказ' })).toHaveCount(0);

    // the API refuses a viewer's write even with a valid session and CSRF token
    const me = await viewer.request.get('/api/admin/auth/me');
    const { csrf_token: csrf } = ((await me.json()) as { data: { csrf_token: string } }).data;
    const writes: [string, object][] = [
      [`/api/admin/orders/${orderId}/actions`, { action: 'pack' }],
      [`/api/admin/orders/${orderId}/cancel`, { reason: 'Проверка прав' }],
      [`/api/admin/customers/${customer.cardId}/block`, { reason: 'Проверка прав' }],
      ['/api/admin/staff', { email: 'x@e2e.bozor.uz', name: 'X', role: 'owner' }],
    ];
    for (const [url, data] of writes) {
      const refused = await viewer.request.post(url, { headers: { 'x-csrf-token': csrf }, data });
      expect(refused.status(), url).toBe(403);
    }
    await viewer.goto('/admin/staff');
    await expect(viewer.getByText('У вашей роли нет доступа к этому разделу')).toBeVisible();

    // the reports: today's sales in the table under the chart, the tariffs, a CSV download
    await nav.getByRole('link', { name: 'Отчёты' }).click();
    await expect(viewer.getByRole('tab', { name: 'Продажи по дням' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const sales = viewer.getByRole('table', { name: 'Продажи по дням' });
    await expect(sales.getByRole('row')).toHaveCount(31);
    await expect(viewer.getByRole('img', { name: /Продажи по дням/ })).toBeVisible();
    const todayRow = sales.getByRole('row').last();
    await expect(todayRow.getByRole('cell').nth(1)).not.toHaveText('0');
    await viewer.screenshot({ path: test.info().outputPath('reports-by-day.png') });
    await viewer.getByRole('tab', { name: 'Рассрочка по тарифам' }).click();
    const tariffs = viewer.getByRole('table', { name: 'Рассрочка по тарифам' });
    await expect(tariffs.getByRole('row', { name: /Полная оплата/ })).toBeVisible();
    const [download] = await Promise.all([
      viewer.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Скачать CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^bozor-tariffs-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFОплата,Заказы,"Выручка, сум",Доля заказов');
    expect(csv).toMatch(/\r\nПолная оплата,\d+,\d+,[\d.]+\r\n/);
    // a range the wrong way round is named on its field
    await viewer.getByLabel('С', { exact: true }).fill('2026-11-20');
    await viewer.getByLabel('По', { exact: true }).fill('2026-11-10');
    await viewer.getByRole('button', { name: 'Показать' }).click();
    await expect(viewer.getByText('Последний день не может быть раньше первого')).toBeVisible();
    await context.close();
  });

  test('the credit officer approves a scoring in review; the customer buys on installments; a cash payment and a late credit', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const t = textOf('ru');
    // a customer of the shop whose scoring waits for a person
    const shop = await browser.newContext({
      baseURL: baseOf(REVIEW_PORT),
      viewport: { width: 1440, height: 900 },
    });
    await shop.addInitScript(() => localStorage.setItem('iLang', 'ru'));
    const page = waitForStartOnLoad(await shop.newPage());
    const session = await openSignedIn(page, '/');
    const api = customerApi(page.request, session.token, session.phone);
    await api.givePersonalDetails();
    await api.giveFacePhoto();
    const cardId = await api.bindCard(APPROVED_CARD);
    await api.chooseScoringCard(cardId);
    await api.addGuarantor();
    const sent = await page.request.post('/api/clients/scoring', {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(((await sent.json()) as { data: { status: string } }).data.status).toBe('review');
    await page.goto('/scoring');
    await expect(page).toHaveURL(/\/scoring\/review/);

    // the credit officer finds it in the queue and approves the highest limit the rules allow
    const { page: officer, context } = await openStaff(browser, 'credit_officer', REVIEW_PORT);
    await officer.getByRole('navigation').getByRole('link', { name: 'Скоринг' }).click();
    const waiting = officer.getByRole('row', { name: new RegExp(session.phone) });
    await waiting.getByRole('link', { name: /Рассмотреть/ }).click();
    await expect(
      officer.getByRole('heading', { name: `Анкета клиента +${session.phone}` }),
    ).toBeVisible();
    await expect(officer.getByRole('img', { name: 'Фото лица' })).toBeVisible();
    await expect(officer.getByText('Karimova Dilnoza')).toBeVisible();
    await officer.getByRole('button', { name: 'Одобрить' }).click();
    await expect(officer.getByText(/Одобрено, лимит/)).toBeVisible();
    await expect
      .poll(async () => {
        const outbox = await page.request.get(`/api/dev/outbox?phone=${session.phone}`);
        return ((await outbox.json()) as { data: { text: string }[] }).data[0]?.text ?? '';
      })
      .toMatch(/Skoringdan o'tdingiz|Вы прошли скоринг/);

    // the customer buys a T-shirt on six months, picked up at a branch
    const [shirt] = (await productsOf(page.request, 'futbolka', 'cheap')).filter(
      (p) => p.price < 1_000_000,
    );
    await addToBasket(page, 'ru', shirt!);
    await page.goto('/basket');
    await page.getByRole('button', { name: t('checkout.button') }).click();
    await choose(page, t('checkout.delivery_pickup'));
    await choose(page, /Chilonzor|Чиланзар/);
    await choose(page, t('checkout.installment'));
    await choose(page, new RegExp(`^${t('checkout.months', { n: 6 })}`));
    await page.getByRole('button', { name: t('checkout.next') }).click();
    await choose(page, new RegExp(APPROVED_CARD.slice(-4)));
    await page.getByRole('button', { name: t('checkout.billing.place') }).click();
    await expect(page).toHaveURL(/\/contract\/show\?credit=\d+/);
    const creditId = Number(new URL(page.url()).searchParams.get('credit'));
    await signContract(page, 'ru', session.phone);
    if (/list-cards/.test(page.url())) await payWithCard(page, 'ru', APPROVED_CARD);

    // cash taken at a branch: half of the first installment
    const credit = await officer.request.get(`/api/admin/credits/${creditId}`);
    const { schedule } = (
      (await credit.json()) as {
        data: { credit: { schedule: { amount: number }[] } };
      }
    ).data.credit;
    const half = Math.floor(schedule[0]!.amount / 200) * 100;
    await officer.goto(`/admin/credits/${creditId}`);
    await officer.getByRole('button', { name: 'Оплата наличными в филиале' }).click();
    const cash = officer.getByRole('dialog');
    await cash.getByLabel('Сумма, сум').fill(String(half));
    await cash.getByLabel('Номер чека филиала').fill(`E2E-${creditId}`);
    await cash.getByRole('button', { name: 'Принять оплату' }).click();
    await expect(cash).toBeHidden();
    await expect(officer.getByText(/Осталось оплатить/)).toBeVisible();

    // 75 days on, the first installment (due 45 days ago) is still partly unpaid: 31–60 days late
    const aged = await page.request.post(`/api/dev/credits/${creditId}/age`, {
      data: { days: 75 },
    });
    expect(aged.ok()).toBe(true);
    await officer.getByRole('navigation').getByRole('link', { name: 'Просрочка' }).click();
    const late = officer.getByRole('row', { name: new RegExp(session.phone) });
    await expect(late).toContainText('45 дн.');
    await officer.getByRole('button', { name: '1–30 дней' }).click();
    await expect(late).toHaveCount(0);
    await officer.getByRole('button', { name: '31–60 дней' }).click();
    await expect(late).toBeVisible();
    await context.close();
    await shop.close();
  });
});
