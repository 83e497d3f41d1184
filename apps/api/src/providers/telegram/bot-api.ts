import { type BotMessage, type BotUpdate, type TelegramBot, TelegramError } from './types.ts';

export interface BotApiOptions {
  /** https://api.telegram.org, or a double's address. */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface BotAnswer {
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/**
 * The Bot API over HTTPS (https://core.telegram.org/bots/api): JSON bodies to
 * `/bot<token>/<method>`, answers `{ ok, result }` or `{ ok: false, error_code, description,
 * parameters }`. The token is a secret and never appears in an error's text.
 */
export class BotApi implements TelegramBot {
  readonly name = 'telegram';
  readonly #options: Required<BotApiOptions>;

  constructor(options: BotApiOptions) {
    this.#options = {
      fetch: globalThis.fetch.bind(globalThis),
      timeoutMs: 10_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  async sendMessage(message: BotMessage): Promise<{ messageId: number }> {
    const result = (await this.#call('sendMessage', {
      chat_id: message.chatId,
      text: message.text,
      link_preview_options: { is_disabled: true },
      ...(message.button
        ? {
            reply_markup: {
              inline_keyboard: [[{ text: message.button.text, url: message.button.url }]],
            },
          }
        : {}),
    })) as { message_id?: unknown };
    return { messageId: typeof result?.message_id === 'number' ? result.message_id : 0 };
  }

  async setWebhook(options: { url: string; secretToken: string }): Promise<void> {
    await this.#call('setWebhook', {
      url: options.url,
      secret_token: options.secretToken,
      allowed_updates: ['message'],
    });
  }

  async deleteWebhook(): Promise<void> {
    await this.#call('deleteWebhook', {});
  }

  async getUpdates(options: { offset: number; timeout: number }): Promise<BotUpdate[]> {
    const result = await this.#call(
      'getUpdates',
      { offset: options.offset, timeout: options.timeout, allowed_updates: ['message'] },
      // a long poll holds the connection for its timeout
      options.timeout * 1000 + this.#options.timeoutMs,
    );
    return Array.isArray(result) ? (result as BotUpdate[]) : [];
  }

  async #call(method: string, body: object, timeoutMs = this.#options.timeoutMs): Promise<unknown> {
    let response: Response;
    try {
      response = await this.#options.fetch(
        `${this.#options.baseUrl}/bot${this.#options.token}/${method}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
    } catch (err) {
      throw new TelegramError(
        `Telegram could not be reached (${method}): ${(err as Error).name}`,
        0,
        undefined,
        { cause: err },
      );
    }
    const answer = (await response.json().catch(() => null)) as BotAnswer | null;
    if (answer?.ok === true) return answer.result;
    const status = answer?.error_code ?? response.status;
    const retryAfter = answer?.parameters?.retry_after;
    throw new TelegramError(
      `Telegram refused ${method} with ${status}: ${answer?.description ?? 'no description'}`,
      typeof status === 'number' ? status : 0,
      typeof retryAfter === 'number' ? retryAfter : undefined,
    );
  }
}
