import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { handleUpdate } from './service.ts';
import type { TelegramSetup } from './types.ts';

export interface BotStartDeps {
  db: Database;
  telegram: TelegramSetup | null;
  /** PUBLIC_URL: the webhook is `<PUBLIC_URL>/api/telegram/webhook`. */
  publicUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Seconds a long poll waits for an update. */
const POLL_SECONDS = 25;

/**
 * Starts the bot's updates: in webhook mode tells Telegram where to post them (setWebhook with
 * the secret token; a failure is logged and the shop runs on, linking waiting for the next start);
 * in polling mode (development) asks for them with getUpdates until stopped. Answers the stop.
 */
export async function startTelegramBot(deps: BotStartDeps): Promise<() => Promise<void>> {
  const telegram = deps.telegram;
  if (!telegram || telegram.mode === 'sandbox') return async () => {};
  if (telegram.mode === 'webhook') {
    const url = `${(deps.publicUrl ?? '').replace(/\/+$/, '')}/api/telegram/webhook`;
    try {
      await telegram.bot.setWebhook({ url, secretToken: telegram.webhookSecret });
      deps.log.info({ url }, 'Telegram webhook set');
    } catch (err) {
      deps.log.error({ err }, 'could not set the Telegram webhook; the bot hears nothing');
    }
    return async () => {};
  }
  // polling: a webhook left from elsewhere would make getUpdates refuse (409)
  let stopped = false;
  let offset = 0;
  const poll = async () => {
    try {
      await telegram.bot.deleteWebhook();
    } catch (err) {
      deps.log.warn({ err }, 'could not delete the Telegram webhook before polling');
    }
    while (!stopped) {
      try {
        const updates = await telegram.bot.getUpdates({ offset, timeout: POLL_SECONDS });
        for (const update of updates) {
          offset = Math.max(offset, update.update_id + 1);
          await handleUpdate({ db: deps.db, bot: telegram.bot, log: deps.log }, update);
        }
      } catch (err) {
        if (stopped) break;
        deps.log.warn({ err }, 'Telegram polling failed; trying again in 5 s');
        await new Promise((resolve) => setTimeout(resolve, 5_000).unref());
      }
    }
  };
  const running = poll();
  deps.log.info('Telegram polling started');
  return async () => {
    stopped = true;
    // a long poll in flight ends with its timeout; it is not waited for
    void running;
  };
}
