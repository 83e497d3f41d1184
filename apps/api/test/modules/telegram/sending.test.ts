import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { telegramFloodWaits, telegramLinks } from '../../../src/db/schema/index.ts';
import {
  buttonOf,
  type TelegramNoticeMessage,
  telegramNoticeSender,
} from '../../../src/modules/telegram/index.ts';
import { BotApi, TelegramError } from '../../../src/providers/telegram/index.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { connectAgain, openTestDatabase } from '../../helpers/database.ts';
import { type BotApiDouble, startBotApiDouble } from '../../helpers/telegram-double.ts';

const quiet = { info() {}, warn() {}, error() {} };
let chatCounter = 8_000_000_000;

describe('the button under a notice', () => {
  const shop = 'https://bozor.uz/';
  it('pays for reminders and failed payments, and opens what other notices are about', () => {
    expect(
      buttonOf({ kind: 'installment_due_soon', lang: 'ru', link: { type: 'credit', id: 4 } }, shop),
    ).toEqual({ text: 'Оплатить сейчас', url: 'https://bozor.uz/installment/4' });
    expect(
      buttonOf(
        { kind: 'installment_due_today', lang: 'uz', link: { type: 'credit', id: 4 } },
        shop,
      ),
    ).toEqual({ text: "Hozir to'lash", url: 'https://bozor.uz/installment/4' });
    expect(
      buttonOf(
        { kind: 'autopay_failed', lang: 'uz', link: { type: 'payment', order_id: 9 } },
        shop,
      ),
    ).toEqual({ text: "Hozir to'lash", url: 'https://bozor.uz/order-detail/9' });
    expect(
      buttonOf({ kind: 'review_request', lang: 'ru', link: { type: 'review', order_id: 9 } }, shop),
      // the page the notice centre opens too: the items still to rate
    ).toEqual({ text: 'Открыть', url: 'https://bozor.uz/profile/reviews' });
    expect(
      buttonOf(
        { kind: 'back_in_stock', lang: 'uz', link: { type: 'product', slug: 'choynak-1' } },
        shop,
      ),
    ).toEqual({ text: 'Ochish', url: 'https://bozor.uz/product/choynak-1' });
    expect(buttonOf({ kind: 'payment_paid', lang: 'uz', link: null }, shop)).toBeUndefined();
  });

  it("opens a promotion's page of the shop, and never a page elsewhere", () => {
    expect(
      buttonOf(
        { kind: 'promotion', lang: 'ru', link: { type: 'page', path: '/category/tv' } },
        shop,
      ),
    ).toEqual({ text: 'Открыть', url: 'https://bozor.uz/category/tv' });
    expect(
      buttonOf(
        { kind: 'promotion', lang: 'ru', link: { type: 'page', path: '//evil.example' } },
        shop,
      ),
    ).toBeUndefined();
  });
});

describe('the Telegram channel of the notices', () => {
  let database: DatabaseHandle;
  let telegram: BotApiDouble;
  let bot: BotApi;

  beforeAll(async () => {
    telegram = await startBotApiDouble();
    bot = new BotApi({ baseUrl: telegram.url, token: telegram.token, timeoutMs: 2_000 });
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
    await telegram?.close();
  });
  /** The other processes' connections, closed after each test. */
  const others: DatabaseHandle[] = [];
  // a flood wait holds the bot in every test after the one that met it
  afterEach(async () => {
    await database.db.delete(telegramFloodWaits);
    for (const other of others.splice(0)) await other.close();
  });

  /** A customer whose Telegram is linked to a chat that has written to the bot. */
  const linked = async () => {
    const { customer } = await createCustomerSession(database.db);
    const chatId = ++chatCounter;
    await telegram.userWrites(chatId, '/start');
    await database.db.insert(telegramLinks).values({ customerId: customer.id, chatId });
    return { customerId: customer.id, chatId };
  };
  const message = (customerId: number, over: Partial<TelegramNoticeMessage> = {}) => ({
    id: 1,
    customerId,
    text: "To'lov o'tmadi: buyurtma №12",
    lang: 'uz' as const,
    kind: 'payment_failed',
    link: { type: 'payment', order_id: 12 },
    ...over,
  });
  const isLinked = async (customerId: number) =>
    (await database.db.select().from(telegramLinks).where(eq(telegramLinks.customerId, customerId)))
      .length > 0;

  it('reaches a linked customer only', async () => {
    const sender = telegramNoticeSender({ db: database.db, bot, publicUrl: undefined, log: quiet });
    const { customerId } = await linked();
    const { customer: other } = await createCustomerSession(database.db);
    expect(await sender.reaches(database.db, customerId)).toBe(true);
    expect(await sender.reaches(database.db, other.id)).toBe(false);
  });

  it('sends a failed payment with a "pay now" button to the shop', async () => {
    const sender = telegramNoticeSender({
      db: database.db,
      bot,
      publicUrl: 'https://bozor.example.uz',
      log: quiet,
    });
    const { customerId, chatId } = await linked();
    await sender.send(message(customerId));
    expect(telegram.sent.at(-1)).toMatchObject({
      chatId,
      text: "To'lov o'tmadi: buyurtma №12",
      button: { text: "Hozir to'lash", url: 'https://bozor.example.uz/order-detail/12' },
    });
    await sender.send(
      message(customerId, {
        kind: 'order_status',
        lang: 'ru',
        link: { type: 'order', id: 12 },
        text: 'Заказ №12 передан курьеру',
      }),
    );
    expect(telegram.sent.at(-1)?.button).toEqual({
      text: 'Открыть',
      url: 'https://bozor.example.uz/order-detail/12',
    });
  });

  it('sends no button without a public address, which Telegram would refuse', async () => {
    const { customerId, chatId } = await linked();
    // Telegram itself refuses a button to localhost
    await expect(
      bot.sendMessage({
        chatId,
        text: 'x',
        button: { text: 'Pay', url: 'http://localhost:3000/x' },
      }),
    ).rejects.toMatchObject({ status: 400 });
    const sender = telegramNoticeSender({
      db: database.db,
      bot,
      publicUrl: 'http://localhost:3000',
      log: quiet,
    });
    await sender.send(message(customerId));
    expect(telegram.sent.at(-1)).toMatchObject({ chatId, button: undefined });
  });

  it('sends the text alone when Telegram refuses the button', async () => {
    const { customerId, chatId } = await linked();
    // an address Telegram takes no button to: a bare IP
    const bare = telegramNoticeSender({
      db: database.db,
      bot,
      publicUrl: 'https://10.0.0.5',
      log: quiet,
    });
    const calls = telegram.calls.length;
    await bare.send(message(customerId));
    expect(telegram.sent.at(-1)).toMatchObject({ chatId, button: undefined });
    // asked once, without a button, not refused first
    expect(telegram.calls.length).toBe(calls + 1);
    // a refusal of a button that looked fine: the text still goes
    const refusing = new BotApi({ baseUrl: telegram.url, token: telegram.token });
    const sendMessage = refusing.sendMessage.bind(refusing);
    let refused = 0;
    refusing.sendMessage = async (m) => {
      if (m.button) {
        refused += 1;
        return sendMessage({ ...m, button: { text: m.button.text, url: 'http://localhost/x' } });
      }
      return sendMessage(m);
    };
    const sender = telegramNoticeSender({
      db: database.db,
      bot: refusing,
      publicUrl: 'https://bozor.example.uz',
      log: quiet,
    });
    await sender.send(message(customerId, { text: 'Matn yolg‘iz' }));
    expect(refused).toBe(1);
    expect(telegram.sent.at(-1)).toMatchObject({ chatId, text: 'Matn yolg‘iz', button: undefined });
  });

  it('unlinks a customer who blocked the bot, and drops the message', async () => {
    const sender = telegramNoticeSender({ db: database.db, bot, publicUrl: undefined, log: quiet });
    const { customerId, chatId } = await linked();
    telegram.block(chatId);
    const before = telegram.sent.length;
    await sender.send(message(customerId));
    expect(telegram.sent.length).toBe(before);
    expect(await isLinked(customerId)).toBe(false);
    expect(await sender.reaches(database.db, customerId)).toBe(false);
    // a message queued before is dropped, not sent, once the link is gone
    const calls = telegram.calls.length;
    await sender.send(message(customerId));
    expect(telegram.calls.length).toBe(calls);
  });

  it("waits Telegram's retry_after after a 429 before sending again", async () => {
    let now = 1_000_000;
    const sender = telegramNoticeSender({
      db: database.db,
      bot,
      publicUrl: undefined,
      log: quiet,
      now: () => now,
    });
    const { customerId, chatId } = await linked();
    telegram.floodWait(30);
    await expect(sender.send(message(customerId))).rejects.toMatchObject({
      status: 429,
      retryAfter: 30,
    });
    // 29 s later nothing goes to Telegram: the send fails at once, for the outbox to retry
    now += 29_000;
    const calls = telegram.calls.length;
    await expect(sender.send(message(customerId))).rejects.toBeInstanceOf(TelegramError);
    expect(telegram.calls.length).toBe(calls);
    // after the wait the message goes
    now += 1_000;
    await sender.send(message(customerId));
    expect(telegram.sent.at(-1)?.chatId).toBe(chatId);
    expect(await isLinked(customerId)).toBe(true);
  });

  /**
   * Two API processes of the shop, each with its own connections to the one database, sending
   * through the one bot; the test moves their clock. Each records its outcomes (the metrics).
   */
  const twoProcesses = (now: () => number, bots: { first?: BotApi; second?: BotApi } = {}) => {
    const secondDb = connectAgain(database);
    others.push(secondDb);
    const outcomes = { first: [] as string[], second: [] as string[] };
    const processOf = (name: 'first' | 'second', db: DatabaseHandle['db'], of: BotApi) =>
      telegramNoticeSender({
        db,
        bot: of,
        publicUrl: undefined,
        log: quiet,
        now,
        observe: (outcome) => outcomes[name].push(outcome),
      });
    return {
      first: processOf('first', database.db, bots.first ?? bot),
      second: processOf('second', secondDb.db, bots.second ?? bot),
      outcomes,
    };
  };

  it("keeps every process from sending until a 429's retry_after has passed", async () => {
    let now = Date.now();
    const shop = twoProcesses(() => now);
    const { customerId, chatId } = await linked();
    telegram.floodWait(30);
    await expect(shop.first.send(message(customerId))).rejects.toMatchObject({
      status: 429,
      retryAfter: 30,
    });
    const calls = telegram.calls.length;
    // the other process has never met the 429 and still waits, without asking Telegram
    now += 10_000;
    await expect(shop.second.send(message(customerId))).rejects.toMatchObject({
      status: 429,
      retryAfter: 20,
    });
    now += 19_999;
    await expect(shop.second.send(message(customerId))).rejects.toMatchObject({ status: 429 });
    await expect(shop.first.send(message(customerId))).rejects.toMatchObject({ status: 429 });
    expect(telegram.calls.length).toBe(calls);
    // once the wait is over both send
    now += 1;
    await shop.second.send(message(customerId, { text: 'ikkinchisidan' }));
    await shop.first.send(message(customerId, { text: 'birinchisidan' }));
    expect(telegram.sent.slice(-2)).toMatchObject([
      { chatId, text: 'ikkinchisidan' },
      { chatId, text: 'birinchisidan' },
    ]);
    expect(shop.outcomes).toEqual({
      first: ['limited', 'limited', 'sent'],
      second: ['limited', 'limited', 'sent'],
    });
  });

  it('keeps the longer wait when a smaller retry_after is answered after it', async () => {
    let now = Date.now();
    const { customerId, chatId } = await linked();
    // the second process found no wait and its message is on its way when the first meets a
    // 429 of a minute; Telegram then answers the second's with 5 seconds
    const late = new BotApi({ baseUrl: telegram.url, token: telegram.token });
    const sendMessage = late.sendMessage.bind(late);
    let raced = false;
    late.sendMessage = async (m) => {
      if (!raced) {
        raced = true;
        telegram.floodWait(60);
        await expect(shop.first.send(message(customerId))).rejects.toMatchObject({
          retryAfter: 60,
        });
        telegram.floodWait(5);
      }
      return sendMessage(m);
    };
    const shop = twoProcesses(() => now, { second: late });
    await expect(shop.second.send(message(customerId))).rejects.toMatchObject({
      status: 429,
      retryAfter: 5,
    });
    const calls = telegram.calls.length;
    now += 5_000;
    await expect(shop.second.send(message(customerId))).rejects.toMatchObject({
      status: 429,
      retryAfter: 55,
    });
    await expect(shop.first.send(message(customerId))).rejects.toMatchObject({
      status: 429,
      retryAfter: 55,
    });
    now += 54_999;
    await expect(shop.first.send(message(customerId))).rejects.toMatchObject({ status: 429 });
    expect(telegram.calls.length).toBe(calls);
    now += 1;
    await shop.first.send(message(customerId, { text: 'bir daqiqadan keyin' }));
    expect(telegram.sent.at(-1)).toMatchObject({ chatId, text: 'bir daqiqadan keyin' });
    expect(shop.outcomes).toEqual({
      first: ['limited', 'limited', 'limited', 'sent'],
      second: ['limited', 'limited'],
    });
  });

  it('throws while Telegram is unreachable, so the outbox tries again', async () => {
    const sender = telegramNoticeSender({ db: database.db, bot, publicUrl: undefined, log: quiet });
    const { customerId } = await linked();
    telegram.down(1);
    await expect(sender.send(message(customerId))).rejects.toMatchObject({ status: 0 });
    expect(await isLinked(customerId)).toBe(true);
    await sender.send(message(customerId));
  });
});
