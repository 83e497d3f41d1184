import { GatewayError, type TelegramGateway } from './types.ts';

export interface GatewayApiOptions {
  /** https://gatewayapi.telegram.org, or a double's address. */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  /** How long a call may take before the code goes by SMS instead. */
  timeoutMs?: number;
}

interface GatewayAnswer {
  ok: boolean;
  result?: {
    request_id?: unknown;
    verification_status?: { status?: unknown };
  };
  error?: string;
}

/** E.164 as the gateway wants it: the shop's 998XXXXXXXXX with a plus. */
const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+${phone}`);

/**
 * Telegram's Gateway API (https://core.telegram.org/gateway/api): JSON POSTs to `/<method>` with
 * the token as a bearer, answers `{ ok, result }` (a RequestStatus) or `{ ok: false, error }`.
 */
export class GatewayApi implements TelegramGateway {
  readonly name = 'telegram-gateway';
  readonly #options: Required<GatewayApiOptions>;

  constructor(options: GatewayApiOptions) {
    this.#options = {
      fetch: globalThis.fetch.bind(globalThis),
      timeoutMs: 3_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  async checkSendAbility(phone: string): Promise<{ requestId: string } | null> {
    const answer = await this.#call('checkSendAbility', { phone_number: e164(phone) });
    if (!answer.ok) {
      // the token or the account is the shop's problem, not the number's
      if (answer.error === 'ACCESS_TOKEN_INVALID' || answer.error === 'BALANCE_NOT_ENOUGH') {
        throw new GatewayError(
          `the gateway refused checkSendAbility: ${answer.error}`,
          answer.error,
        );
      }
      return null;
    }
    return { requestId: this.#requestId(answer, 'checkSendAbility') };
  }

  async sendVerificationMessage(options: {
    phone: string;
    code: string;
    requestId?: string | undefined;
    ttl: number;
  }): Promise<{ requestId: string }> {
    const answer = await this.#call('sendVerificationMessage', {
      phone_number: e164(options.phone),
      code: options.code,
      ttl: options.ttl,
      ...(options.requestId ? { request_id: options.requestId } : {}),
    });
    if (!answer.ok) {
      throw new GatewayError(
        `the gateway refused sendVerificationMessage: ${answer.error ?? 'no error named'}`,
        answer.error,
      );
    }
    return { requestId: this.#requestId(answer, 'sendVerificationMessage') };
  }

  async checkVerificationStatus(requestId: string, code?: string): Promise<string | undefined> {
    const answer = await this.#call('checkVerificationStatus', {
      request_id: requestId,
      ...(code ? { code } : {}),
    });
    if (!answer.ok) {
      throw new GatewayError(
        `the gateway refused checkVerificationStatus: ${answer.error ?? 'no error named'}`,
        answer.error,
      );
    }
    const status = answer.result?.verification_status?.status;
    return typeof status === 'string' ? status : undefined;
  }

  #requestId(answer: GatewayAnswer, method: string): string {
    const id = answer.result?.request_id;
    if (typeof id !== 'string' || id.length === 0) {
      throw new GatewayError(`the gateway answered ${method} without a request_id`);
    }
    return id;
  }

  async #call(method: string, body: object): Promise<GatewayAnswer> {
    let response: Response;
    try {
      response = await this.#options.fetch(`${this.#options.baseUrl}/${method}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${this.#options.token}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
    } catch (err) {
      throw new GatewayError(
        `the gateway could not be reached (${method}): ${(err as Error).name}`,
        undefined,
        { cause: err },
      );
    }
    const answer = (await response.json().catch(() => null)) as GatewayAnswer | null;
    if (!answer || typeof answer.ok !== 'boolean') {
      throw new GatewayError(`the gateway answered ${method} with ${response.status}, not JSON`);
    }
    return answer;
  }
}
