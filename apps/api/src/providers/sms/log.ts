import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsProvider } from './types.ts';

export interface OutboxEntry {
  phone: string;
  text: string;
  sentAt: Date;
}

const PER_PHONE = 20;
const PHONES = 1_000;

/**
 * The sandbox: every message goes to the server log (codes hidden) and to an in-memory outbox that the dev
 * outbox endpoint and the tests read codes from. Nothing leaves the machine.
 */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  readonly #outbox = new Map<string, OutboxEntry[]>();
  readonly #log: Pick<FastifyBaseLogger, 'info'> | undefined;

  constructor(log?: Pick<FastifyBaseLogger, 'info'>) {
    this.#log = log;
  }

  async send(message: SmsMessage): Promise<void> {
    // The code stays out of the log: it is read from the outbox, which production never serves.
    this.#log?.info(
      { phone: message.phone, sms: message.text.replace(/\d{4,}/g, (d) => '•'.repeat(d.length)) },
      'sms (log provider)',
    );
    const list = this.#outbox.get(message.phone) ?? [];
    list.unshift({ phone: message.phone, text: message.text, sentAt: new Date() });
    list.length = Math.min(list.length, PER_PHONE);
    this.#outbox.delete(message.phone);
    this.#outbox.set(message.phone, list);
    if (this.#outbox.size > PHONES) {
      const oldest = this.#outbox.keys().next().value;
      if (oldest !== undefined) this.#outbox.delete(oldest);
    }
  }

  /** Messages sent to a phone, newest first. */
  outbox(phone: string): OutboxEntry[] {
    return [...(this.#outbox.get(phone) ?? [])];
  }
}
