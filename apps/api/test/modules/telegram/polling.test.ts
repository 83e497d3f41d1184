import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { telegramLinks, telegramLinkTokens } from '../../../src/db/schema/index.ts';
import { hashToken } from '../../../src/lib/tokens.ts';
import { startTelegramBot } from '../../../src/modules/telegram/index.ts';
import { BotApi } from '../../../src/providers/telegram/index.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { openTestDatabase } from '../../helpers/database.ts';
import { type BotApiDouble, startBotApiDouble } from '../../helpers/telegram-double.ts';

const quiet = { info() {}, warn() {}, error() {} };

/** Asks until the check passes, failing with its last error after `ms`. */
async function eventually(ms: number, check: () => Promise<void>): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() - started > ms) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('the bot in development: long polling', () => {
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

  it('refuses getUpdates while a webhook is set, as Telegram does', async () => {
    await bot.setWebhook({
      url: 'https://shop.example.uz/api/telegram/webhook',
      secretToken: 'abc',
    });
    await expect(bot.getUpdates({ offset: 0, timeout: 0 })).rejects.toMatchObject({ status: 409 });
    await expect(
      bot.setWebhook({ url: 'http://shop.example.uz/hook', secretToken: 'abc' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('deletes the webhook, then links a chat from the updates it asks for', async () => {
    const stop = await startTelegramBot({
      db: database.db,
      telegram: { mode: 'polling', bot, botUsername: 'bozor_dev_bot', webhookSecret: '' },
      publicUrl: undefined,
      log: quiet,
    });
    try {
      const { customer } = await createCustomerSession(database.db);
      await database.db.insert(telegramLinkTokens).values({
        customerId: customer.id,
        tokenHash: hashToken('polling-token-0123456789'),
        expiresAt: new Date(Date.now() + 60_000),
      });
      await eventually(5_000, async () => expect(telegram.webhook).toBeNull());
      await telegram.userWrites(4242, '/start polling-token-0123456789');
      await eventually(5_000, async () => {
        const links = await database.db.select().from(telegramLinks);
        expect(links).toMatchObject([{ customerId: customer.id, chatId: 4242 }]);
      });
      await eventually(5_000, async () => expect(telegram.sent.at(-1)?.chatId).toBe(4242));
    } finally {
      await stop();
    }
  });
});
