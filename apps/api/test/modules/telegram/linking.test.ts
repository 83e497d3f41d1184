import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { customers, telegramLinks, telegramLinkTokens } from '../../../src/db/schema/index.ts';
import { LINK_TOKEN_MINUTES, startTelegramBot } from '../../../src/modules/telegram/index.ts';
import { BotApi } from '../../../src/providers/telegram/index.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { openTestDatabase } from '../../helpers/database.ts';
import { type BotApiDouble, startBotApiDouble } from '../../helpers/telegram-double.ts';

const SECRET = 'webhook-secret-0123456789-abcdefghijklmnop';
const BOT = 'bozor_test_bot';
let chatCounter = 7_000_000_000;
const nextChat = () => ++chatCounter;

describe('linking Telegram with a one-time deep link', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let telegram: BotApiDouble;

  beforeAll(async () => {
    telegram = await startBotApiDouble();
    database = await openTestDatabase();
    app = await buildApp({
      database,
      telegram: {
        bot: {
          mode: 'webhook',
          bot: new BotApi({ baseUrl: telegram.url, token: telegram.token }),
          botUsername: BOT,
          webhookSecret: SECRET,
        },
        codeGateway: null,
      },
    });
    await app.ready();
    // the shop tells Telegram where its webhook is, as it does at start in production
    await startTelegramBot({
      db: database.db,
      telegram: app.telegram,
      publicUrl: 'https://shop.example.uz',
      log: app.log,
    });
    // Telegram posts to the shop's public address; here it reaches the app in process
    telegram.post = async (url, body, headers) => {
      expect(url).toBe('https://shop.example.uz/api/telegram/webhook');
      const res = await app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        payload: body,
        headers,
      });
      return res.statusCode;
    };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await telegram?.close();
  });

  const deepLink = async (headers: Record<string, string>) => {
    const res = await app.inject({ method: 'POST', url: '/api/clients/telegram/link', headers });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    const match = new RegExp(`^https://t\\.me/${BOT}\\?start=([A-Za-z0-9_-]{1,64})$`).exec(url);
    expect(match, url).not.toBeNull();
    return match![1]!;
  };
  const state = async (headers: Record<string, string>) =>
    (await app.inject({ url: '/api/clients/telegram', headers })).json().data;
  const lastTo = (chatId: number) => telegram.sent.filter((m) => m.chatId === chatId).at(-1);

  it('sets the webhook with its secret at start', () => {
    expect(telegram.webhook).toEqual({
      url: 'https://shop.example.uz/api/telegram/webhook',
      secretToken: SECRET,
    });
  });

  it('links the chat that opens the deep link, answering in the customer language', async () => {
    const { customer, headers } = await createCustomerSession(app.db);
    await app.db.update(customers).set({ lang: 'ru' }).where(eq(customers.id, customer.id));
    expect(await state(headers)).toMatchObject({ available: true, linked: false, name: null });
    const token = await deepLink(headers);
    // only its hash is kept
    const [kept] = await app.db
      .select()
      .from(telegramLinkTokens)
      .where(eq(telegramLinkTokens.customerId, customer.id));
    expect(kept!.tokenHash).not.toContain(token);
    expect(kept!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(LINK_TOKEN_MINUTES * 60_000);

    const chat = nextChat();
    const status = await telegram.userWrites(chat, `/start ${token}`, {
      first_name: 'Dilnoza',
      username: 'dilnoza_t',
      language_code: 'uz',
    });
    expect(status).toBe(200);
    expect(await state(headers)).toMatchObject({
      linked: true,
      name: 'Dilnoza',
      username: 'dilnoza_t',
    });
    expect(lastTo(chat)?.text).toContain('Telegram подключён');

    // Telegram sends the same update again (the webhook's answer was lost): still linked, and
    // the chat is not told the link is spent
    const replies = telegram.sent.length;
    await telegram.userWrites(chat, `/start ${token}`);
    expect(telegram.sent.length).toBe(replies);
    expect((await state(headers)).linked).toBe(true);
  });

  it('refuses a reused, an expired, a replaced and a made-up token', async () => {
    const a = await createCustomerSession(app.db);
    const b = await createCustomerSession(app.db);
    const token = await deepLink(a.headers);
    const first = nextChat();
    await telegram.userWrites(first, `/start ${token}`);
    expect((await state(a.headers)).linked).toBe(true);

    // reused by another chat: B's chat does not take A's account
    const second = nextChat();
    await telegram.userWrites(second, `/start ${token}`, { language_code: 'ru' });
    expect(lastTo(second)?.text).toContain('устарела или уже использована');
    const [link] = await app.db
      .select()
      .from(telegramLinks)
      .where(eq(telegramLinks.customerId, a.customer.id));
    expect(link!.chatId).toBe(first);

    // expired
    const expired = await deepLink(b.headers);
    await app.db
      .update(telegramLinkTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(telegramLinkTokens.customerId, b.customer.id));
    await telegram.userWrites(second, `/start ${expired}`);
    expect((await state(b.headers)).linked).toBe(false);
    expect(lastTo(second)?.text).toContain('eskirgan');

    // replaced by a newer link
    const older = await deepLink(b.headers);
    const newer = await deepLink(b.headers);
    await telegram.userWrites(second, `/start ${older}`);
    expect((await state(b.headers)).linked).toBe(false);
    await telegram.userWrites(second, `/start ${newer}`);
    expect((await state(b.headers)).linked).toBe(true);
    // a linked chat sending another customer's spent token is told it is spent
    await telegram.userWrites(second, `/start ${token}`);
    expect(lastTo(second)?.text).toContain('eskirgan');
    expect((await state(b.headers)).linked).toBe(true);

    // made up
    const third = nextChat();
    await telegram.userWrites(third, '/start AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(
      await app.db.select().from(telegramLinks).where(eq(telegramLinks.chatId, third)),
    ).toEqual([]);
  });

  it('answers 401 to an update without the secret header and 403 with a wrong one', async () => {
    const { customer, headers } = await createCustomerSession(app.db);
    const token = await deepLink(headers);
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: 1,
        text: `/start ${token}`,
        chat: { id: nextChat(), type: 'private' },
        from: { id: 1, is_bot: false, first_name: 'Mallory' },
      },
    };
    expect(await telegram.deliver(update, undefined)).toBe(401);
    expect(await telegram.deliver(update, `${SECRET.slice(0, -1)}x`)).toBe(403);
    expect(await telegram.deliver(update, SECRET.slice(0, 10))).toBe(403);
    expect(
      await app.db.select().from(telegramLinks).where(eq(telegramLinks.customerId, customer.id)),
    ).toEqual([]);
    // and the token still links the customer's own chat
    await telegram.userWrites(nextChat(), `/start ${token}`);
    expect((await state(headers)).linked).toBe(true);
  });

  it('unlinks from the profile and by /stop in the bot', async () => {
    const { headers } = await createCustomerSession(app.db);
    const chat = nextChat();
    await telegram.userWrites(chat, `/start ${await deepLink(headers)}`);
    const res = await app.inject({ method: 'DELETE', url: '/api/clients/telegram', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ linked: false, name: null });
    expect(lastTo(chat)?.text).toContain('uzildi');

    await telegram.userWrites(chat, `/start ${await deepLink(headers)}`);
    expect((await state(headers)).linked).toBe(true);
    await telegram.userWrites(chat, '/stop');
    expect((await state(headers)).linked).toBe(false);
  });

  it('links private chats only, and moves a chat linked before to its new account', async () => {
    const a = await createCustomerSession(app.db);
    const token = await deepLink(a.headers);
    const group = {
      update_id: 2,
      message: {
        message_id: 2,
        date: 1,
        text: `/start ${token}`,
        chat: { id: -100123, type: 'group' },
        from: { id: 5, is_bot: false, first_name: 'Group' },
      },
    };
    expect(await telegram.deliver(group, SECRET)).toBe(200);
    expect((await state(a.headers)).linked).toBe(false);

    const chat = nextChat();
    await telegram.userWrites(chat, `/start ${token}`);
    expect((await state(a.headers)).linked).toBe(true);
    const b = await createCustomerSession(app.db);
    await telegram.userWrites(chat, `/start ${await deepLink(b.headers)}`);
    expect((await state(b.headers)).linked).toBe(true);
    expect((await state(a.headers)).linked).toBe(false);
  });

  it('asks for a session', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/clients/telegram/link' })).statusCode,
    ).toBe(401);
    expect((await app.inject({ url: '/api/clients/telegram' })).statusCode).toBe(401);
  });
});

describe('without a bot', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('shows Telegram unavailable, gives no deep link and has no webhook', async () => {
    const { headers } = await createCustomerSession(app.db);
    expect((await app.inject({ url: '/api/clients/telegram', headers })).json().data).toMatchObject(
      {
        available: false,
        linked: false,
      },
    );
    const link = await app.inject({ method: 'POST', url: '/api/clients/telegram/link', headers });
    expect(link.statusCode).toBe(404);
    expect(link.json().code).toBe('TELEGRAM_OFF');
    const hook = await app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      payload: { update_id: 1 },
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
    });
    expect(hook.statusCode).toBe(404);
  });
});
