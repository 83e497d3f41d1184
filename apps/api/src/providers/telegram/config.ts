/** TELEGRAM_MODE: how the bot hears its updates, or no bot at all. */
export const TELEGRAM_MODES = ['off', 'sandbox', 'polling', 'webhook'] as const;
export type TelegramMode = (typeof TELEGRAM_MODES)[number];

/** SIGN_IN_CODE_CHANNEL: SMS only, or Telegram's gateway first with SMS as the fallback. */
export const SIGN_IN_CODE_CHANNELS = ['sms', 'telegram-first'] as const;
export type SignInCodeChannel = (typeof SIGN_IN_CODE_CHANNELS)[number];

/** The TELEGRAM_* settings as config.ts reads them (this file imports nothing). */
export interface TelegramConfig {
  mode: TelegramMode;
  /** TELEGRAM_API_URL: the Bot API's address. */
  apiUrl: string;
  botToken: string;
  /** The bot's @username without the @, for the `t.me/<bot>?start=<token>` deep link. */
  botUsername: string;
  /** What Telegram sends back in X-Telegram-Bot-Api-Secret-Token (webhook mode). */
  webhookSecret: string;
  /** Where the code gateway is: off, the sandbox, or Telegram's Gateway API. */
  gateway:
    | { provider: 'off' }
    | { provider: 'sandbox' }
    | { provider: 'api'; baseUrl: string; token: string };
  /** TELEGRAM_GATEWAY_TIMEOUT_MS: a gateway slower than this sends the code by SMS instead. */
  gatewayTimeoutMs: number;
  codeChannel: SignInCodeChannel;
}
