import type { TelegramConfig } from '../../providers/telegram/config.ts';
import {
  BotApi,
  GatewayApi,
  SandboxTelegramBot,
  SandboxTelegramGateway,
  type TelegramGateway,
} from '../../providers/telegram/index.ts';
import type { TelegramSetup } from './types.ts';

/** The app's Telegram: the bot (none when off) and the code gateway (none for SMS-only codes). */
export interface TelegramOptions {
  bot: TelegramSetup | null;
  /** Carries sign-in codes first (SIGN_IN_CODE_CHANNEL=telegram-first); null sends them by SMS. */
  codeGateway: TelegramGateway | null;
  /** TELEGRAM_GATEWAY_TIMEOUT_MS */
  gatewayTimeoutMs?: number | undefined;
}

/** The bot and the gateway the settings ask for. */
export function telegramOptionsOf(config: TelegramConfig): TelegramOptions {
  const bot: TelegramSetup | null =
    config.mode === 'off'
      ? null
      : {
          mode: config.mode,
          bot:
            config.mode === 'sandbox'
              ? new SandboxTelegramBot()
              : new BotApi({ baseUrl: config.apiUrl, token: config.botToken }),
          botUsername: config.botUsername,
          webhookSecret: config.webhookSecret,
        };
  const gateway =
    config.gateway.provider === 'api'
      ? new GatewayApi({
          baseUrl: config.gateway.baseUrl,
          token: config.gateway.token,
          timeoutMs: config.gatewayTimeoutMs,
        })
      : config.gateway.provider === 'sandbox'
        ? new SandboxTelegramGateway()
        : null;
  return {
    bot,
    codeGateway: config.codeChannel === 'telegram-first' ? gateway : null,
    gatewayTimeoutMs: config.gatewayTimeoutMs,
  };
}
