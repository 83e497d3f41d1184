import type { Lang } from '@bozor/shared';
import { z } from 'zod';
import { checkCard } from './card-number.ts';
import { CardDecline, type CardGateway, type CreatedCard, type DeclineCode } from './types.ts';

export interface PaymeOptions {
  /** Default https://checkout.paycom.uz/api; the test platform is https://checkout.test.paycom.uz/api. */
  baseUrl?: string;
  /** The cash desk (kassa) id. */
  merchantId: string;
  /** The cash desk's key, sent only with server-side calls. */
  key: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

/** Receipt state Payme reports once the money has been taken. */
const PAID = 4;
const TIYIN_PER_SUM = 100;
/** The in-process guard remembers this many debits; older keys rely on the caller's table. */
const REMEMBERED_DEBITS = 10_000;

/**
 * Payme's JSON-RPC error codes and what they mean for the customer. Several codes carry more than
 * one meaning and Payme does not tell them apart, so each maps to the meaning the customer can
 * act on. Codes not listed are ISSUER_DECLINED; the protocol's own -32xxx codes (bad request,
 * access denied, Payme's system error) are Bozor's or Payme's fault and the customer can only try
 * again later, so they read as GATEWAY_UNAVAILABLE.
 */
const DECLINES: Record<number, DeclineCode> = {
  // Invalid card number, or a corporate card, which may not pay.
  [-31300]: 'CARD_INVALID',
  // Blocked, expired, or without SMS notification.
  [-31301]: 'CARD_BLOCKED',
  // The card's balance could not be read: try later.
  [-31302]: 'GATEWAY_UNAVAILABLE',
  [-31303]: 'INSUFFICIENT_FUNDS',
  [-31051]: 'INSUFFICIENT_FUNDS',
  // Card token not found.
  [-31400]: 'CARD_INVALID',
  // Card type not supported.
  [-31900]: 'CARD_INVALID',
  // Wrong expiry, PIN attempts exceeded, a corporate card, or no funds: the bank refused.
  [-31630]: 'ISSUER_DECLINED',
  // Amount above what the card or merchant allows; too many attempts on one account.
  [-31612]: 'LIMIT_EXCEEDED',
  [-31700]: 'LIMIT_EXCEEDED',
  [-31103]: 'WRONG_CODE',
  [-31200]: 'WRONG_CODE',
  [-31201]: 'CODE_EXPIRED',
  // Too many wrong codes: a new one must be asked for.
  [-31102]: 'CODE_EXPIRED',
  // Processing centre unavailable or failing; the SMS with the code could not be sent.
  [-31002]: 'GATEWAY_UNAVAILABLE',
  [-31100]: 'GATEWAY_UNAVAILABLE',
  [-31110]: 'GATEWAY_UNAVAILABLE',
};

function declineFor(method: string, code: number): DeclineCode {
  // -31101 is "the code has expired" to cards.verify and "card deleted, blocked or not
  // serviced" to everything else.
  if (code === -31101) return method === 'cards.verify' ? 'CODE_EXPIRED' : 'CARD_BLOCKED';
  if (code <= -32000) return 'GATEWAY_UNAVAILABLE';
  return DECLINES[code] ?? 'ISSUER_DECLINED';
}

const answerSchema = z.union([
  z.object({ error: z.object({ code: z.number().int() }) }),
  z.object({ result: z.unknown().refine((result) => result != null) }),
]);

const createdSchema = z.object({ card: z.object({ token: z.string().min(1) }) });
const verifyCodeSchema = z.object({
  sent: z.boolean(),
  phone: z.string(),
  wait: z.number().nonnegative(),
});
const verifiedSchema = z.object({ card: z.object({ verify: z.boolean() }) });
const receiptSchema = z.object({
  receipt: z.object({ _id: z.string().min(1), state: z.number() }),
});
const stateSchema = z.object({ state: z.number() });

interface Debit {
  receiptId: string;
  paid: boolean;
}

/**
 * Payme's Subscribe API: cards are bound with an SMS code Payme sends to the phone the bank has
 * for the card, and debited through receipts (receipts.create, then receipts.pay). Money is whole
 * sum everywhere in Bozor; only this adapter turns it into tiyin.
 *
 * Idempotency: each key keeps its receipt in this process, so a retry after a timeout checks and
 * pays the same receipt instead of creating a second one, and two calls at once share one
 * attempt. That guard dies with the process; the durable one is the caller's idempotency table
 * (a later issue), which must record the key before it calls debit.
 */
export class PaymeCardGateway implements CardGateway {
  readonly name = 'payme';
  readonly #options: Required<PaymeOptions>;
  readonly #debits = new Map<string, Debit>();
  readonly #inFlight = new Map<string, Promise<{ paymentId: string }>>();
  #requestId = 0;

  constructor(options: PaymeOptions) {
    this.#options = {
      baseUrl: 'https://checkout.paycom.uz/api',
      fetch: globalThis.fetch.bind(globalThis),
      timeoutMs: 10_000,
      now: () => new Date(),
      ...options,
    };
  }

  async createCard(input: {
    number: string;
    expire: string;
    holderPhone: string;
    lang: Lang;
  }): Promise<CreatedCard> {
    const card = checkCard(input.number, input.expire, this.#options.now());
    const result = await this.#call(
      'cards.create',
      { card: { number: input.number, expire: input.expire.replace('/', '') }, save: true },
      createdSchema,
    );
    return { token: result.card.token, masked: card.masked, type: card.type, expire: input.expire };
  }

  /** Payme writes the SMS itself, in its own words. */
  async sendVerifyCode(token: string, _lang: Lang): Promise<{ phone: string; wait: number }> {
    const result = await this.#call('cards.get_verify_code', { token }, verifyCodeSchema);
    if (!result.sent) throw new CardDecline('GATEWAY_UNAVAILABLE', 'Payme did not send the code');
    return { phone: result.phone, wait: Math.ceil(result.wait / 1000) };
  }

  async verifyCard(token: string, code: string): Promise<void> {
    const result = await this.#call('cards.verify', { token, code }, verifiedSchema);
    if (!result.card.verify) {
      throw new CardDecline('ISSUER_DECLINED', 'Payme answered cards.verify with verify false');
    }
  }

  async monthlyTurnover(_token: string, _months: number): Promise<number[]> {
    // Scoring needs the card's incoming turnover, which takes a data source Payme does not offer
    // (the Subscribe API binds and debits cards only).
    throw new CardDecline('GATEWAY_UNAVAILABLE', 'Payme offers no card turnover');
  }

  debit(input: {
    token: string;
    amount: number;
    idempotencyKey: string;
    description: string;
  }): Promise<{ paymentId: string }> {
    const { amount } = input;
    if (
      !Number.isSafeInteger(amount) ||
      amount < 1 ||
      !Number.isSafeInteger(amount * TIYIN_PER_SUM)
    ) {
      return Promise.reject(new RangeError(`amount must be a positive whole sum: ${input.amount}`));
    }
    if (input.idempotencyKey.length === 0) {
      return Promise.reject(new RangeError('idempotencyKey is empty'));
    }
    const known = this.#debits.get(input.idempotencyKey);
    if (known?.paid) return Promise.resolve({ paymentId: known.receiptId });
    const running = this.#inFlight.get(input.idempotencyKey);
    if (running) return running;
    const attempt = this.#debit(input).finally(() => {
      this.#inFlight.delete(input.idempotencyKey);
    });
    this.#inFlight.set(input.idempotencyKey, attempt);
    return attempt;
  }

  async refund(paymentId: string): Promise<void> {
    await this.#call('receipts.cancel', { id: paymentId }, receiptSchema, true);
  }

  async removeCard(token: string): Promise<void> {
    try {
      await this.#call('cards.remove', { token }, z.unknown(), true);
    } catch (err) {
      // A card Payme no longer knows is already removed.
      if (!(err instanceof CardDecline && err.code === 'CARD_INVALID')) throw err;
    }
  }

  async #debit(input: {
    token: string;
    amount: number;
    idempotencyKey: string;
    description: string;
  }): Promise<{ paymentId: string }> {
    let debit = this.#debits.get(input.idempotencyKey);
    if (debit) {
      // An earlier attempt created the receipt but did not see it paid (a timeout, a decline):
      // it may have gone through after all.
      const { state } = await this.#call(
        'receipts.check',
        { id: debit.receiptId },
        stateSchema,
        true,
      );
      if (state === PAID) {
        debit.paid = true;
        return { paymentId: debit.receiptId };
      }
    } else {
      const created = await this.#call(
        'receipts.create',
        {
          amount: input.amount * TIYIN_PER_SUM,
          account: { payment: input.idempotencyKey },
          description: input.description,
        },
        receiptSchema,
        true,
      );
      debit = { receiptId: created.receipt._id, paid: false };
      this.#remember(input.idempotencyKey, debit);
    }
    const paid = await this.#call(
      'receipts.pay',
      { id: debit.receiptId, token: input.token },
      receiptSchema,
      true,
    );
    if (paid.receipt.state !== PAID) {
      throw new CardDecline(
        'ISSUER_DECLINED',
        `Payme left receipt ${debit.receiptId} in state ${paid.receipt.state}`,
      );
    }
    debit.paid = true;
    return { paymentId: debit.receiptId };
  }

  #remember(key: string, debit: Debit): void {
    this.#debits.set(key, debit);
    if (this.#debits.size > REMEMBERED_DEBITS) {
      const oldest = this.#debits.keys().next().value;
      if (oldest !== undefined) this.#debits.delete(oldest);
    }
  }

  /**
   * One JSON-RPC call. Binding calls are the ones Payme lets a shop's front end make and carry the
   * merchant id alone; the rest are server-side and carry the key too.
   */
  async #call<T>(
    method: string,
    params: Record<string, unknown>,
    schema: z.ZodType<T>,
    serverSide = false,
  ): Promise<T> {
    const { merchantId, key } = this.#options;
    let body: unknown;
    try {
      const response = await this.#options.fetch(this.#options.baseUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-auth': serverSide ? `${merchantId}:${key}` : merchantId,
        },
        body: JSON.stringify({ id: ++this.#requestId, method, params }),
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      if (!response.ok) {
        throw new CardDecline(
          'GATEWAY_UNAVAILABLE',
          `Payme answered HTTP ${response.status} to ${method}`,
        );
      }
      body = await response.json();
    } catch (err) {
      if (err instanceof CardDecline) throw err;
      throw new CardDecline('GATEWAY_UNAVAILABLE', `Payme could not be reached for ${method}`, {
        cause: err,
      });
    }
    const answer = answerSchema.safeParse(body);
    if (!answer.success) {
      throw new CardDecline('GATEWAY_UNAVAILABLE', `Payme answered ${method} with no result`);
    }
    if ('error' in answer.data) {
      const { code } = answer.data.error;
      throw new CardDecline(declineFor(method, code), `Payme answered ${code} to ${method}`);
    }
    const result = schema.safeParse(answer.data.result);
    if (!result.success) {
      throw new CardDecline('GATEWAY_UNAVAILABLE', `Payme answered ${method} in an unknown shape`);
    }
    return result.data;
  }
}
