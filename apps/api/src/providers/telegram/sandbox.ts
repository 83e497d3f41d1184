import type { BotMessage, BotUpdate, TelegramBot, TelegramGateway } from './types.ts';

export interface SandboxBotMessage {
  chatId: number;
  text: string;
  button: { text: string; url: string } | undefined;
  sentAt: Date;
}

export interface SandboxCode {
  phone: string;
  code: string;
  sentAt: Date;
}

const KEPT = 200;

/**
 * The bot in development (TELEGRAM_MODE=sandbox): every message stays in memory, newest first, for
 * the dev outbox and the journeys; nothing leaves the machine. Updates come from the dev routes.
 */
export class SandboxTelegramBot implements TelegramBot {
  readonly name = 'sandbox';
  readonly #sent: SandboxBotMessage[] = [];
  #nextId = 1;

  async sendMessage(message: BotMessage): Promise<{ messageId: number }> {
    this.#sent.unshift({
      chatId: message.chatId,
      text: message.text,
      button: message.button,
      sentAt: new Date(),
    });
    this.#sent.length = Math.min(this.#sent.length, KEPT);
    const messageId = this.#nextId;
    this.#nextId += 1;
    return { messageId };
  }

  async setWebhook(): Promise<void> {}

  async deleteWebhook(): Promise<void> {}

  async getUpdates(): Promise<BotUpdate[]> {
    return [];
  }

  /** Messages sent to a chat, newest first. */
  messages(chatId: number): SandboxBotMessage[] {
    return this.#sent.filter((m) => m.chatId === chatId);
  }
}

/** The code gateway in development: every number receives, the codes stay in memory. */
export class SandboxTelegramGateway implements TelegramGateway {
  readonly name = 'sandbox';
  readonly #codes: SandboxCode[] = [];
  #nextId = 1;

  async checkSendAbility(): Promise<{ requestId: string }> {
    return { requestId: this.#newId() };
  }

  async sendVerificationMessage(options: {
    phone: string;
    code: string;
    requestId?: string | undefined;
  }): Promise<{ requestId: string }> {
    this.#codes.unshift({ phone: options.phone, code: options.code, sentAt: new Date() });
    this.#codes.length = Math.min(this.#codes.length, KEPT);
    return { requestId: options.requestId ?? this.#newId() };
  }

  async checkVerificationStatus(): Promise<string | undefined> {
    return undefined;
  }

  /** Codes sent to a phone, newest first. */
  codes(phone: string): SandboxCode[] {
    return this.#codes.filter((c) => c.phone === phone);
  }

  #newId(): string {
    const id = `sandbox-${this.#nextId}`;
    this.#nextId += 1;
    return id;
  }
}
