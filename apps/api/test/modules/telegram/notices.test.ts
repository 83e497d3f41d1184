import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { messageOutbox, telegramLinks } from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import {
  deliverNotice,
  messageOutboxHandler,
  type Notice,
  sendNotice,
} from '../../../src/modules/notifications/index.ts';
import { LogSmsProvider } from '../../../src/providers/sms/index.ts';
import { BotApi } from '../../../src/providers/telegram/index.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { openTestDatabase } from '../../helpers/database.ts';
import { type BotApiDouble, startBotApiDouble } from '../../helpers/telegram-double.ts';

const SECRET = 'webhook-secret-0123456789-abcdefghijklmnop';
const quiet = { info() {}, warn() {}, error() {} };
let chatCounter = 9_000_000_000;

describe('notices in Telegram, through the notification centre', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let telegram: BotApiDouble;
  const sms = new LogSmsProvider();

  beforeAll(async () => {
    telegram = await startBotApiDouble();
    database = await openTestDatabase();
    app = await buildApp({
      database,
      sms,
      publicUrl: 'https://shop.example.uz',
      telegram: {
        bot: {
          mode: 'webhook',
          bot: new BotApi({ baseUrl: telegram.url, token: telegram.token, timeoutMs: 2_000 }),
          botUsername: 'bozor_test_bot',
          webhookSecret: SECRET,
        },
        codeGateway: null,
      },
    });
    await app.ready();
    await app.telegram!.bot.setWebhook({
      url: 'https://shop.example.uz/api/telegram/webhook',
      secretToken: SECRET,
    });
    telegram.post = async (_url, body, headers) =>
      (await app.inject({ method: 'POST', url: '/api/telegram/webhook', payload: body, headers }))
        .statusCode;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await telegram?.close();
  });

  /** A customer who linked Telegram with the deep link and wants orders and payments there only. */
  const linkedCustomer = async () => {
    const session = await createCustomerSession(app.db);
    const link = await app.inject({
      method: 'POST',
      url: '/api/clients/telegram/link',
      headers: session.headers,
    });
    const token = new URL(link.json().data.url).searchParams.get('start');
    const chatId = ++chatCounter;
    expect(await telegram.userWrites(chatId, `/start ${token}`)).toBe(200);
    const settings = await app.inject({
      method: 'PUT',
      url: '/api/clients/notification-settings',
      headers: session.headers,
      payload: {
        topics: [
          { topic: 'orders', sms: false, telegram: true, in_shop: true },
          { topic: 'payments', sms: false, telegram: true, in_shop: true },
        ],
      },
    });
    expect(settings.statusCode).toBe(200);
    return { ...session, chatId };
  };
  const orderStep = (id: number): Notice => ({
    kind: 'order_status',
    text: { uz: `№${id} buyurtma yo'lda`, ru: `Заказ №${id} в пути` },
    link: { type: 'order', id },
  });
  const paymentFailed = (orderId: number): Notice => ({
    kind: 'payment_failed',
    text: { uz: `№${orderId} buyurtma to'lovi o'tmadi`, ru: `Оплата заказа №${orderId} не прошла` },
    link: { type: 'payment', order_id: orderId },
  });
  /** What a change does: the notice in its transaction, then the send after the commit. */
  const tell = async (customerId: number, notice: Notice) => {
    await inTransaction(app.db, (tx) => deliverNotice(tx, customerId, notice));
    await sendNotice({ db: app.db, sms, log: quiet }, customerId, notice);
  };
  const outboxOf = (customerId: number) =>
    app.db.select().from(messageOutbox).where(eq(messageOutbox.customerId, customerId));

  it('sends an order step to Telegram with a button to the order, and no SMS', async () => {
    const { customer, chatId } = await linkedCustomer();
    await tell(customer.id, orderStep(31));
    expect(telegram.sent.at(-1)).toEqual({
      chatId,
      text: "№31 buyurtma yo'lda",
      button: { text: 'Ochish', url: 'https://shop.example.uz/order-detail/31' },
      messageId: expect.any(Number),
    });
    expect(sms.outbox(customer.phone)).toEqual([]);
    expect((await outboxOf(customer.id)).map((m) => [m.channel, m.sentAt !== null])).toEqual([
      ['telegram', true],
    ]);
  });

  it('keeps a message Telegram refused with 429 and sends it after retry_after, from the job', async () => {
    const { customer, chatId } = await linkedCustomer();
    telegram.floodWait(1);
    await tell(customer.id, paymentFailed(32));
    const [waiting] = await outboxOf(customer.id);
    expect(waiting).toMatchObject({ channel: 'telegram', sentAt: null, failedAt: null });
    expect(waiting!.lastError).toContain('429');
    // Telegram asked for a second; the outbox's next try is a minute on
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const job = messageOutboxHandler({ db: app.db, sms, log: quiet });
    await job(
      {},
      { id: 1, kind: 'message-outbox', attempts: 1, now: new Date(Date.now() + 61_000) },
    );
    expect(telegram.sent.at(-1)).toMatchObject({
      chatId,
      text: "№32 buyurtma to'lovi o'tmadi",
      button: { text: "Hozir to'lash", url: 'https://shop.example.uz/order-detail/32' },
    });
    expect((await outboxOf(customer.id))[0]!.sentAt).not.toBeNull();
    expect(sms.outbox(customer.phone)).toEqual([]);
  });

  it('sends reminders and alerts there too, each with its button', async () => {
    const { customer, chatId, headers } = await linkedCustomer();
    await app.inject({
      method: 'PUT',
      url: '/api/clients/notification-settings',
      headers,
      payload: { topics: [{ topic: 'alerts', sms: false, telegram: true, in_shop: true }] },
    });
    await tell(customer.id, {
      kind: 'installment_due_soon',
      text: { uz: "3 kundan keyin 2-to'lov muddati", ru: 'Через 3 дня срок 2-го платежа' },
      link: { type: 'credit', id: 41 },
    });
    expect(telegram.sent.at(-1)).toMatchObject({
      chatId,
      button: { text: "Hozir to'lash", url: 'https://shop.example.uz/installment/41' },
    });
    await tell(customer.id, {
      kind: 'back_in_stock',
      text: { uz: 'Choynak yana sotuvda', ru: 'Чайник снова в продаже' },
      link: { type: 'product', slug: 'choynak-41' },
    });
    expect(telegram.sent.at(-1)).toMatchObject({
      chatId,
      text: 'Choynak yana sotuvda',
      button: { text: 'Ochish', url: 'https://shop.example.uz/product/choynak-41' },
    });
    expect(sms.outbox(customer.phone)).toEqual([]);
  });

  it('loses nothing while Telegram is down: the notice waits in the outbox and goes later', async () => {
    const { customer, chatId } = await linkedCustomer();
    telegram.down(1);
    // the change commits and its request ends whatever Telegram does
    await tell(customer.id, orderStep(42));
    const [waiting] = await outboxOf(customer.id);
    expect(waiting).toMatchObject({ channel: 'telegram', sentAt: null, failedAt: null });
    const job = messageOutboxHandler({ db: app.db, sms, log: quiet });
    await job(
      {},
      { id: 2, kind: 'message-outbox', attempts: 1, now: new Date(Date.now() + 61_000) },
    );
    expect(telegram.sent.at(-1)).toMatchObject({ chatId, text: "№42 buyurtma yo'lda" });
  });

  it('unlinks a customer who blocked the bot; the next payment notice goes by SMS', async () => {
    const { customer, chatId, headers } = await linkedCustomer();
    telegram.block(chatId);
    await tell(customer.id, orderStep(33));
    expect(
      await app.db.select().from(telegramLinks).where(eq(telegramLinks.customerId, customer.id)),
    ).toEqual([]);
    const state = await app.inject({ url: '/api/clients/telegram', headers });
    expect(state.json().data.linked).toBe(false);
    // payments must reach the customer: with Telegram gone they fall back to SMS
    await tell(customer.id, paymentFailed(34));
    expect(sms.outbox(customer.phone)[0]?.text).toContain('№34');
  });
});
