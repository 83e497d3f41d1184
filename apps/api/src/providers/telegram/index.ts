export { BotApi, type BotApiOptions } from './bot-api.ts';
export { GatewayApi, type GatewayApiOptions } from './gateway-api.ts';
export {
  type SandboxBotMessage,
  type SandboxCode,
  SandboxTelegramBot,
  SandboxTelegramGateway,
} from './sandbox.ts';
export {
  type BotMessage,
  type BotUpdate,
  GatewayError,
  type TelegramBot,
  TelegramError,
  type TelegramGateway,
} from './types.ts';
