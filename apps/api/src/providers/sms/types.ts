export interface SmsMessage {
  /** 998 and nine digits. */
  phone: string;
  text: string;
  /**
   * The shop's id of the message (its outbox row's), for the provider's reports: Eskiz keeps it
   * as `user_sms_id`, so a message sent twice shows twice under one id. Nothing in Eskiz's API
   * says it refuses the second.
   */
  reference?: string;
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
