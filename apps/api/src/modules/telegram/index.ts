// Telegram (docs/telegram.md): the bot, the customer's link to it, the Telegram channel of the
// notices, and sign-in codes through Telegram's verification gateway with SMS as the fallback.
export { type BotStartDeps, startTelegramBot } from './bot.ts';
export {
  buttonOf,
  type TelegramNoticeMessage,
  type TelegramNoticeSender,
  telegramNoticeSender,
} from './channel.ts';
export { type CodeChannel, type SignInCodes, signInCodeSender } from './codes.ts';
export { devTelegramRoutes, type SandboxOutboxEntry, sandboxOutbox } from './dev-routes.ts';
export { SECRET_HEADER, telegramRoutes, telegramWebhookRoutes } from './routes.ts';
export { handleUpdate, LINK_TOKEN_MINUTES } from './service.ts';
export { type TelegramOptions, telegramOptionsOf } from './setup.ts';
export type { TelegramSetup } from './types.ts';
