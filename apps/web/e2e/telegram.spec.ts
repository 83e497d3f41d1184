import type { APIRequestContext } from '@playwright/test';
import { placePaidOrder } from './support/buyer.ts';
import { openScoredCustomer } from './support/checkout.ts';
import { openStaff } from './support/staff.ts';
import { expect, test } from './support/test.ts';

interface OutboxEntry {
  text: string;
  channel?: 'telegram';
}

/** What the sandbox sent a phone: SMS, and Telegram (the linked chat's messages). */
async function outboxOf(request: APIRequestContext, phone: string): Promise<OutboxEntry[]> {
  const response = await request.get(`/api/dev/outbox?phone=${phone}`);
  return ((await response.json()) as { data: OutboxEntry[] }).data;
}

test.describe('Telegram', () => {
  test('a customer links Telegram from the profile; an order step then arrives there and not by SMS', async ({
    page,
    browser,
  }) => {
    // the deep link opens Telegram: nothing leaves the machine in a journey
    await page.context().route('https://t.me/**', (route) => route.abort());
    page.context().on('page', (opened) => {
      if (opened !== page) void opened.close();
    });
    const customer = await openScoredCustomer(page, 'ru', '/profile');
    const card = page.getByRole('region', { name: 'Telegram' });
    await card.getByRole('button', { name: 'Подключить Telegram' }).click();
    const open = card.getByRole('link', { name: 'Открыть Telegram' });
    const href = (await open.getAttribute('href')) ?? '';
    const token = /^https:\/\/t\.me\/[A-Za-z0-9_]+\?start=([A-Za-z0-9_-]+)$/.exec(href)?.[1];
    expect(token, href).toBeTruthy();

    // the customer presses Start in the bot (the sandbox's chat)
    const chatId = 700_000_000 + Math.floor(Math.random() * 100_000_000);
    const started = await page.request.post('/api/dev/telegram/updates', {
      data: {
        chat_id: chatId,
        text: `/start ${token}`,
        first_name: 'Dilnoza',
        language_code: 'ru',
      },
    });
    expect(((await started.json()) as { data: { outcome: string } }).data.outcome).toBe('linked');
    await expect(card.getByText('Подключён')).toBeVisible();
    await expect(card.getByText(/Dilnoza/)).toBeVisible();
    // the bot said so in the chat, in the customer's language
    await expect
      .poll(async () => (await outboxOf(page.request, customer.phone)).map((m) => m.channel))
      .toContain('telegram');

    // orders and deliveries: Telegram, not SMS
    const chosen = await page.request.put('/api/clients/notification-settings', {
      headers: { Authorization: `Bearer ${customer.token}` },
      data: { topics: [{ topic: 'orders', sms: false, telegram: true, in_shop: true }] },
    });
    expect(chosen.ok(), await chosen.text()).toBe(true);

    const orderId = await placePaidOrder(page.request, customer);
    const { page: staff, context } = await openStaff(browser, 'operator');
    await staff.goto(`/admin/orders/${orderId}`);
    await expect(staff.getByRole('heading', { name: `Заказ №${orderId}` })).toBeVisible();
    await staff.getByRole('button', { name: 'Собран' }).click();
    await expect(staff.getByRole('button', { name: 'Передать курьеру' })).toBeVisible();
    await context.close();

    // the step in the customer's language (the account's, Uzbek unless they chose Russian)
    const step = new RegExp(`(№${orderId} buyurtma|Заказ №${orderId}):`);
    await expect
      .poll(async () =>
        (await outboxOf(page.request, customer.phone))
          .filter((m) => step.test(m.text))
          .map((m) => m.channel ?? 'sms'),
      )
      .toEqual(['telegram']);
    // while the payment, whose topic keeps SMS, went by SMS as well
    const sms = (await outboxOf(page.request, customer.phone)).filter((m) => !m.channel);
    expect(sms.some((m) => m.text.includes(`${orderId}`))).toBe(true);

    // and the profile can unlink it
    await card.getByRole('button', { name: 'Отключить' }).click();
    await expect(card.getByRole('button', { name: 'Подключить Telegram' })).toBeVisible();
  });
});
