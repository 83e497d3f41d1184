import type { TelegramBot } from '../../providers/telegram/index.ts';

/** The shop's bot as the app holds it; the app has none (null) with TELEGRAM_MODE=off. */
export interface TelegramSetup {
  /** sandbox: in memory (development); polling: getUpdates (development); webhook: production. */
  mode: 'sandbox' | 'polling' | 'webhook';
  bot: TelegramBot;
  /** The bot's @username without the @: the deep links name it. */
  botUsername: string;
  /** What Telegram sends in X-Telegram-Bot-Api-Secret-Token (webhook mode; empty otherwise). */
  webhookSecret: string;
}
