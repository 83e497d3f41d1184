export interface SmsMessage {
  /** 998 and nine digits. */
  phone: string;
  text: string;
}

/** Where the shop's text messages go: the log in development, an SMS gateway in production. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export class SmsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsError';
  }
}
