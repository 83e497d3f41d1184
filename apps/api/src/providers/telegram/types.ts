/** A message to a chat, with at most one inline URL button under it ("pay now"). */
export interface BotMessage {
  chatId: number;
  /** 1 to 4096 characters, plain text (no parse mode). */
  text: string;
  button?: { text: string; url: string } | undefined;
}

/** The parts of Telegram's `Update` the shop reads: a private text message. */
export interface BotUpdate {
  update_id: number;
  message?: {
    message_id: number;
    date: number;
    text?: string;
    chat: { id: number; type: string; first_name?: string; username?: string };
    from?: {
      id: number;
      is_bot: boolean;
      first_name: string;
      last_name?: string;
      username?: string;
      language_code?: string;
    };
  };
}

/** The shop's bot through the Bot API: the sandbox in development, api.telegram.org otherwise. */
export interface TelegramBot {
  readonly name: string;
  /** Answers Telegram's message id; throws `TelegramError` when Telegram refuses it. */
  sendMessage(message: BotMessage): Promise<{ messageId: number }>;
  /** Telegram sends updates to `url` with `secretToken` in X-Telegram-Bot-Api-Secret-Token. */
  setWebhook(options: { url: string; secretToken: string }): Promise<void>;
  deleteWebhook(): Promise<void>;
  /** Long polling (development only): updates after `offset`, waiting up to `timeout` seconds. */
  getUpdates(options: { offset: number; timeout: number }): Promise<BotUpdate[]>;
}

/**
 * A refusal or a failure of the Bot API: `status` is Telegram's `error_code` (400 a bad request,
 * 403 the bot is blocked, 429 too many requests with `retryAfter` seconds), 0 when Telegram was
 * not reached or answered something that is not the Bot API's.
 */
export class TelegramError extends Error {
  readonly status: number;
  readonly retryAfter: number | undefined;

  constructor(message: string, status: number, retryAfter?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TelegramError';
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** Telegram's verification-code gateway (gatewayapi.telegram.org). */
export interface TelegramGateway {
  readonly name: string;
  /**
   * Whether a code can go to the number in Telegram: the request's id (the send that names it is
   * not billed again), or null when Telegram says it cannot. Throws when the gateway fails.
   */
  checkSendAbility(phone: string): Promise<{ requestId: string } | null>;
  /** Sends the shop's own code; throws `GatewayError` when refused or not reached. */
  sendVerificationMessage(options: {
    phone: string;
    code: string;
    requestId?: string | undefined;
    /** Seconds before Telegram deletes an unread message (and refunds it). */
    ttl: number;
  }): Promise<{ requestId: string }>;
  /** The request's verification status (`code_valid`…), telling Telegram the code entered. */
  checkVerificationStatus(requestId: string, code?: string): Promise<string | undefined>;
}

export class GatewayError extends Error {
  /** The gateway's `error` (ACCESS_TOKEN_INVALID…), or undefined when it was not reached. */
  readonly code: string | undefined;

  constructor(message: string, code?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
    this.code = code;
  }
}
