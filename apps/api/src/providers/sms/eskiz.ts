import { SmsError, type SmsMessage, type SmsProvider } from './types.ts';

export interface EskizOptions {
  baseUrl: string;
  email: string;
  password: string;
  /** Sender name registered with Eskiz. */
  from: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Eskiz.uz SMS gateway: logs in with the account's email and password for a bearer token, keeps
 * it, and logs in again once when the gateway answers 401 (the token lives about a month).
 */
export class EskizSmsProvider implements SmsProvider {
  readonly name = 'eskiz';
  readonly #options: Required<EskizOptions>;
  #token: string | null = null;

  constructor(options: EskizOptions) {
    this.#options = {
      fetch: globalThis.fetch.bind(globalThis),
      timeoutMs: 10_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  async send(message: SmsMessage): Promise<void> {
    const token = this.#token ?? (await this.#login());
    let response = await this.#post(message, token);
    if (response.status === 401) {
      response = await this.#post(message, await this.#login());
    }
    if (!response.ok) {
      throw new SmsError(`Eskiz answered ${response.status} to a message send`);
    }
  }

  async #login(): Promise<string> {
    const response = await this.#request('/api/auth/login', {
      email: this.#options.email,
      password: this.#options.password,
    });
    if (!response.ok) throw new SmsError(`Eskiz refused the login with ${response.status}`);
    const body = (await response.json().catch(() => null)) as { data?: { token?: unknown } } | null;
    const token = body?.data?.token;
    if (typeof token !== 'string' || token.length === 0) {
      throw new SmsError('Eskiz login answered without a token');
    }
    this.#token = token;
    return token;
  }

  #post(message: SmsMessage, token: string): Promise<Response> {
    return this.#request(
      '/api/message/sms/send',
      {
        mobile_phone: message.phone,
        message: message.text,
        from: this.#options.from,
        ...(message.reference === undefined ? {} : { user_sms_id: message.reference }),
      },
      token,
    );
  }

  async #request(path: string, fields: Record<string, string>, token?: string): Promise<Response> {
    try {
      return await this.#options.fetch(`${this.#options.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
    } catch (err) {
      throw new SmsError(`Eskiz could not be reached: ${(err as Error).message}`, { cause: err });
    }
  }
}
