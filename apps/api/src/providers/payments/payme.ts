import type { FiscalLine, Lang } from '@bozor/shared';
import { z } from 'zod';
import { checkCard } from './card-number.ts';
import {
  CardDecline,
  type CardGateway,
  type CreatedCard,
  checkReceiptInput,
  type DeclineCode,
  type GatewayReceipt,
  neverSent,
  type ReceiptInput,
  type ReceiptState,
} from './types.ts';

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

const TIYIN_PER_SUM = 100;

/**
 * A receipt's lines in Payme's `detail` (its fiscalisation of receipts): goods as `items`, each
 * with its IKPU as `code`, its package code and VAT rate, price and `discount` in tiyin; the
 * delivery as `shipping`. A line that takes a part of its goods' price (a prepayment or an
 * installment spread over the order) is one item at that part, so price × count always adds up
 * to the receipt's amount.
 */
export function paymeDetail(lines: readonly FiscalLine[]) {
  const shipping = lines.find((line) => line.delivery);
  return {
    receipt_type: 0,
    ...(shipping
      ? { shipping: { title: shipping.title, price: shipping.sum * TIYIN_PER_SUM } }
      : {}),
    items: lines
      .filter((line) => !line.delivery)
      .map((line) => {
        const whole = line.sum === line.unitPrice * line.count;
        return {
          title: line.title,
          price: (whole ? line.unitPrice : line.sum) * TIYIN_PER_SUM,
          count: whole ? line.count : 1,
          code: line.ikpu,
          package_code: line.packageCode,
          ...(line.units === null ? {} : { units: line.units }),
          vat_percent: line.vatPercent,
          discount: 0,
        };
      }),
  };
}
/** receipts.get_all answers at most this many receipts a call. */
const RECEIPTS_PAGE = 50;

/**
 * Payme's receipt states: 0 created; 1, 2, 3 being paid (checks, debit, closing with the
 * supplier); 4 paid; 5, 6 held; 20 paused for a person at Payme; 21 queued for cancelling (a paid
 * receipt's refund); 30 queued for closing; 50 cancelled.
 */
export function receiptStateOf(state: number): ReceiptState {
  if (state === 0) return 'created';
  if (state === 4) return 'paid';
  if (state === 21) return 'cancelling';
  if (state === 50) return 'cancelled';
  return 'paying';
}

/**
 * Payme's JSON-RPC error codes and what they mean for the customer. Several codes carry more than
 * one meaning and Payme does not tell them apart, so each maps to the meaning the customer can
 * act on. Codes not listed, and the protocol's own -32xxx codes (bad request, access denied,
 * Payme's system error), are Bozor's or Payme's fault and the customer can only try again later,
 * so they read as GATEWAY_UNAVAILABLE. None of them decides a debit: after any error from
 * receipts.pay the receipt is asked about (`modules/payments/debit.ts`).
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
  // A receipt that is not there, or whose state forbids the call (paid twice, cancelled twice).
  [-31601]: 'RECEIPT_REFUSED',
  [-31602]: 'RECEIPT_REFUSED',
  [-31603]: 'RECEIPT_REFUSED',
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
  // a code Payme has added since is never taken as the card's refusal: the customer may try
  // again later, and a debit's outcome is read from its receipt (DESIGN §6a)
  return DECLINES[code] ?? 'GATEWAY_UNAVAILABLE';
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
const listedSchema = z.array(
  z.object({
    _id: z.string().min(1),
    state: z.number(),
    amount: z.number().nonnegative(),
    create_time: z.number(),
    pay_time: z.number().nullish(),
    cancel_time: z.number().nullish(),
    account: z
      .array(z.object({ name: z.string(), value: z.unknown() }))
      .nullish()
      .transform((a) => a ?? []),
  }),
);

/** Payme's times are milliseconds since the epoch, 0 for "not yet". */
const timeOf = (ms: number | null | undefined) => (ms ? new Date(ms) : null);

/**
 * Payme's Subscribe API: cards are bound with an SMS code Payme sends to the phone the bank has
 * for the card, and debited through receipts (receipts.create, then receipts.pay). Money is whole
 * sum everywhere in Bozor; only this adapter turns it into tiyin.
 *
 * The adapter keeps nothing between calls: Payme de-duplicates nothing, so the caller stores each
 * receipt before paying it and, when an answer is lost, asks about that receipt (DESIGN §6a).
 */
export class PaymeCardGateway implements CardGateway {
  readonly name = 'payme';
  readonly #options: Required<PaymeOptions>;
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

  async createReceipt(input: ReceiptInput): Promise<{ receiptId: string }> {
    checkReceiptInput(input);
    const { amount } = input;
    const created = await this.#call(
      'receipts.create',
      {
        amount: amount * TIYIN_PER_SUM,
        account: { payment: input.reference },
        description: input.description,
        ...(input.fiscal ? { detail: paymeDetail(input.fiscal.lines) } : {}),
      },
      receiptSchema,
      true,
    );
    return { receiptId: created.receipt._id };
  }

  async payReceipt(input: { receiptId: string; token: string }): Promise<ReceiptState> {
    const paid = await this.#call(
      'receipts.pay',
      { id: input.receiptId, token: input.token },
      receiptSchema,
      true,
    );
    return receiptStateOf(paid.receipt.state);
  }

  async checkReceipt(receiptId: string): Promise<ReceiptState> {
    const { state } = await this.#call('receipts.check', { id: receiptId }, stateSchema, true);
    return receiptStateOf(state);
  }

  async cancelReceipt(receiptId: string): Promise<ReceiptState> {
    const cancelled = await this.#call('receipts.cancel', { id: receiptId }, receiptSchema, true);
    return receiptStateOf(cancelled.receipt.state);
  }

  async listReceipts(from: Date, to: Date): Promise<GatewayReceipt[]> {
    const receipts: GatewayReceipt[] = [];
    for (let offset = 0; ; offset += RECEIPTS_PAGE) {
      const page = await this.#call(
        'receipts.get_all',
        { count: RECEIPTS_PAGE, from: from.getTime(), to: to.getTime() - 1, offset },
        listedSchema,
        true,
      );
      for (const r of page) {
        const reference = r.account.find((field) => field.name === 'payment')?.value;
        receipts.push({
          id: r._id,
          state: receiptStateOf(r.state),
          amount: Math.round(r.amount / TIYIN_PER_SUM),
          reference: typeof reference === 'string' ? reference : null,
          createdAt: new Date(r.create_time),
          paidAt: timeOf(r.pay_time),
          cancelledAt: timeOf(r.cancel_time),
        });
      }
      if (page.length < RECEIPTS_PAGE) return receipts;
    }
  }

  async removeCard(token: string): Promise<void> {
    try {
      await this.#call('cards.remove', { token }, z.unknown(), true);
    } catch (err) {
      // A card Payme no longer knows is already removed.
      if (!(err instanceof CardDecline && err.code === 'CARD_INVALID')) throw err;
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
        unsent: neverSent(err),
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
