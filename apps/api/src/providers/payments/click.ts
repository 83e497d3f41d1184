import { createHash, randomBytes } from 'node:crypto';
import { type FiscalLine, type Lang, tashkentDay } from '@bozor/shared';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { clickReceipts } from '../../db/schema/index.ts';
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

/*
 * Click's Merchant API, as its published documents describe it (docs.click.uz, "Merchant API":
 * the pages "Merchant – Запросы" / "Merchant – Request", "Merchant – Ошибки", "CLICK Pass" and
 * "Фискализация данных"; the same text is kept in public integrations of it):
 *
 * - Endpoint https://api.click.uz/v2/merchant/. A merchant gets merchant_id, service_id,
 *   merchant_user_id and secret_key. Every request carries `Auth: merchant_user_id:digest:timestamp`,
 *   digest = sha1(timestamp + secret_key) in hex, timestamp the 10-digit UNIX seconds; Accept and
 *   Content-Type application/json.
 * - POST card_token/request {service_id, card_number, expire_date (MMYY), temporary (0|1)} →
 *   {error_code, error_note, card_token, phone_number (masked), temporary}. Click sends the SMS
 *   code to the phone the bank has for the card here; a temporary token is deleted after one
 *   payment, so Bozor asks for a lasting one (0) to autopay with. The documents give no call that
 *   sends the code again.
 * - POST card_token/verify {service_id, card_token, sms_code (int)} → {error_code, error_note,
 *   card_number (masked)}.
 * - POST card_token/payment {service_id, card_token, amount (float, sum), transaction_parameter
 *   (the merchant_trans_id)} → {error_code, error_note, payment_id, payment_status}.
 * - GET payment/status/:service_id/:payment_id → {error_code, error_note, payment_id,
 *   payment_status}; GET payment/status_by_mti/:service_id/:merchant_trans_id/YYYY-MM-DD (the day
 *   the payment was created) → {error_code, error_note, payment_id, merchant_trans_id,
 *   payment_status}.
 * - DELETE payment/reversal/:service_id/:payment_id → {error_code, error_note, payment_id}. Only a
 *   successful payment of the current reporting month may be reversed (one of the month before
 *   only on the 1st), and UZCARD may refuse it.
 * - DELETE card_token/:service_id/:card_token → {error_code, error_note}.
 * - POST payment/ofd_data/submit_items {service_id, payment_id, items, received_ecash,
 *   received_cash, received_card (tiyin)}; an item: Name (≤ 63), SPIC (the IKPU, 17), Units,
 *   PackageCode (≤ 20), GoodPrice (one piece), Price (the line with its count, tiyin), Amount
 *   (the count), VAT (tiyin), VATPercent, Discount, Other, CommissionInfo (TIN or PINFL, for a
 *   commission seller's receipt; Bozor sells its own goods and sends none).
 * - payment_status: < 0 an error (the payment failed; detail in error_note), 0 created,
 *   1 processing, 2 successful. error_code 0 is success, a negative one an error described in
 *   error_note. Authentication and other API errors are HTTP statuses: 400, 401, 403, 404 (not
 *   found), 406, 410, 500, 502 (the service is down or being upgraded).
 *
 * Click publishes no table of its negative error codes for these calls, so no code is read as a
 * reason: a refused code is WRONG_CODE (Bozor counts the tries itself), a refused binding or a
 * payment whose payment_status says it failed is ISSUER_DECLINED (the bank or Click refused, with
 * no reason Bozor can tell the customer), and anything else (an unknown answer, an HTTP error, a
 * time-out) is GATEWAY_UNAVAILABLE: never a definite decline. After any error from a payment the
 * receipt's state decides (DESIGN §6a), read from Click's status.
 */

export interface GatewayLog {
  warn(detail: object, message: string): void;
}

export interface ClickOptions {
  /** Default https://api.click.uz/v2/merchant. */
  baseUrl?: string;
  serviceId: number;
  merchantUserId: string;
  secretKey: string;
  /** Where the adapter keeps its receipts (`click_receipts`), outside the shop's transactions. */
  db: Executor;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
  /** Where a fiscal submission Click refused is reported (it never fails a payment). */
  log?: GatewayLog;
  /**
   * How long after an attempt to pay Click may still answer that it knows no such payment before
   * the attempt counts as never made (a request lost on its way). Until then the receipt's
   * outcome is unknown and it is asked about again.
   */
  notFoundAfterMs?: number;
}

const TIYIN_PER_SUM = 100;
const NOT_FOUND_AFTER_MS = 10 * 60 * 1000;
/** How often a paid receipt's fiscal lines are offered again to Click's OFD after a refusal. */
export const FISCAL_ATTEMPTS = 5;
/** Seconds before the customer may ask for another code (Click sends one per binding). */
const RESEND_WAIT_SECONDS = 60;

/** `Auth: merchant_user_id:sha1(timestamp + secret_key):timestamp`, timestamp in UNIX seconds. */
export function clickAuth(merchantUserId: string, secretKey: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHash('sha1').update(`${timestamp}${secretKey}`).digest('hex');
  return `${merchantUserId}:${digest}:${timestamp}`;
}

/**
 * A receipt's lines as Click's OFD items: the IKPU as SPIC, prices in tiyin, `Price` the line's
 * whole sum with its count. A line that takes a part of its goods' price (a prepayment, an
 * installment) is one piece at that part, so the items always add up to the payment. The
 * delivery is an item of its own with its own IKPU (Click has no shipping field).
 */
export function clickItems(lines: readonly FiscalLine[]) {
  return lines.map((line) => {
    const whole = line.sum === line.unitPrice * line.count;
    return {
      Name: line.title.slice(0, 63),
      SPIC: line.ikpu,
      PackageCode: line.packageCode,
      ...(line.units === null ? {} : { Units: line.units }),
      GoodPrice: (whole ? line.unitPrice : line.sum) * TIYIN_PER_SUM,
      Price: line.sum * TIYIN_PER_SUM,
      Amount: whole ? line.count : 1,
      VAT: line.vat,
      VATPercent: line.vatPercent,
    };
  });
}

/** Click's payment_status as a receipt's state: 2 paid, 0 and 1 on their way, < 0 failed. */
export function paymentStateOf(paymentStatus: number): 'paid' | 'paying' | 'failed' {
  if (paymentStatus === 2) return 'paid';
  if (paymentStatus < 0) return 'failed';
  return 'paying';
}

const answerSchema = z.object({
  error_code: z.number().int(),
  error_note: z.string().nullish(),
  payment_id: z.union([z.number().int(), z.string().min(1)]).nullish(),
  payment_status: z.number().int().nullish(),
  card_token: z.string().min(1).nullish(),
  phone_number: z.string().nullish(),
});
type Answer = z.infer<typeof answerSchema>;

const fiscalSchema = z.object({
  kind: z.string(),
  lines: z.array(
    z.object({
      title: z.string(),
      ikpu: z.string(),
      packageCode: z.string(),
      units: z.number().nullable(),
      vatPercent: z.number(),
      count: z.number(),
      unitPrice: z.number(),
      sum: z.number(),
      vat: z.number(),
      delivery: z.literal(true).optional(),
    }),
  ),
});

type Row = typeof clickReceipts.$inferSelect;

const refused = (what: string) => new CardDecline('RECEIPT_REFUSED', `click: ${what}`);
const unavailable = (what: string, cause?: unknown) =>
  new CardDecline('GATEWAY_UNAVAILABLE', `click: ${what}`, cause ? { cause } : undefined);

/** The merchant_trans_id of a receipt's current attempt to pay. */
export const merchantTransIdOf = (row: Pick<Row, 'id' | 'attempt'>) => `${row.id}-${row.attempt}`;

/**
 * Click's Merchant API behind `CardGateway` (see the notes above). Money is whole sum in Bozor and
 * in Click's payments; only the OFD items are in tiyin.
 *
 * Click pays a token in one call and has no receipt before it, so this adapter keeps its own
 * (`click_receipts`): `createReceipt` writes one (amount, reference, fiscal lines) and calls
 * nothing; `payReceipt` claims it ('created' → 'paying', so it is paid at most once) and sends the
 * payment under the merchant_trans_id `<receipt>-<attempt>`, the day of the attempt kept beside
 * it. A lost answer is asked about with status_by_mti for that id and day (and the next day, for
 * an attempt sent just before midnight), by payment/status once the payment_id is known. A payment
 * Click says failed puts the receipt back to 'created'; the next attempt gets a new
 * merchant_trans_id, so Click is never asked about two payments under one. Every call reads the
 * state of the books, so a receipt outlives a restart and any API process can ask about it.
 *
 * A paid receipt's fiscal lines go to Click's OFD (submit_items); a refusal there never fails the
 * payment: it is logged, kept on the receipt and offered again when the receipts are listed.
 */
export class ClickCardGateway implements CardGateway {
  readonly name = 'click';
  readonly #options: Required<Omit<ClickOptions, 'log'>> & { log: GatewayLog | undefined };
  /** The phone Click sent a binding's code to, until the shop asks where it went. */
  readonly #phones = new Map<string, string>();

  constructor(options: ClickOptions) {
    this.#options = {
      baseUrl: 'https://api.click.uz/v2/merchant',
      fetch: globalThis.fetch.bind(globalThis),
      timeoutMs: 10_000,
      now: () => new Date(),
      notFoundAfterMs: NOT_FOUND_AFTER_MS,
      ...options,
      log: options.log,
    };
  }

  async createCard(input: {
    number: string;
    expire: string;
    holderPhone: string;
    lang: Lang;
  }): Promise<CreatedCard> {
    const card = checkCard(input.number, input.expire, this.#options.now());
    const answer = this.#expect(
      'card_token/request',
      await this.#request('card_token/request', 'POST', 'card_token/request', {
        service_id: this.#options.serviceId,
        card_number: input.number,
        expire_date: input.expire.replace('/', ''),
        temporary: 0,
      }),
      'ISSUER_DECLINED',
    );
    if (!answer.card_token) throw unavailable('card_token/request answered no card_token');
    this.#phones.set(answer.card_token, answer.phone_number ?? '');
    return { token: answer.card_token, masked: card.masked, type: card.type, expire: input.expire };
  }

  /**
   * Click sends the code when the card is registered; this answers where it went. Click offers no
   * call that sends it again, so a later ask is CODE_EXPIRED: the customer adds the card anew.
   */
  async sendVerifyCode(token: string, _lang: Lang): Promise<{ phone: string; wait: number }> {
    const phone = this.#phones.get(token);
    if (phone === undefined) {
      throw new CardDecline('CODE_EXPIRED', 'click sends a code only when a card is registered');
    }
    this.#phones.delete(token);
    return { phone, wait: RESEND_WAIT_SECONDS };
  }

  async verifyCard(token: string, code: string): Promise<void> {
    if (!/^\d{1,9}$/.test(code)) throw new CardDecline('WRONG_CODE', 'not a code of digits');
    this.#expect(
      'card_token/verify',
      await this.#request('card_token/verify', 'POST', 'card_token/verify', {
        service_id: this.#options.serviceId,
        card_token: token,
        sms_code: Number(code),
      }),
      'WRONG_CODE',
    );
  }

  async monthlyTurnover(_token: string, _months: number): Promise<number[]> {
    // the Merchant API binds and debits cards only: scoring needs another source of turnover
    throw unavailable('Click offers no card turnover');
  }

  async createReceipt(input: ReceiptInput): Promise<{ receiptId: string }> {
    checkReceiptInput(input);
    const { amount } = input;
    const receiptId = `ck_${randomBytes(12).toString('hex')}`;
    await this.#options.db.insert(clickReceipts).values({
      id: receiptId,
      amount,
      reference: input.reference,
      description: input.description,
      fiscal: input.fiscal ?? null,
      createdAt: this.#options.now(),
    });
    return { receiptId };
  }

  async payReceipt(input: { receiptId: string; token: string }): Promise<ReceiptState> {
    const [row] = await this.#options.db
      .update(clickReceipts)
      .set({
        state: 'paying',
        attempt: sql`${clickReceipts.attempt} + 1`,
        attemptedAt: this.#options.now(),
        paymentId: null,
      })
      .where(and(eq(clickReceipts.id, input.receiptId), eq(clickReceipts.state, 'created')))
      .returning();
    if (!row) {
      const now = await this.#find(input.receiptId);
      throw refused(`receipt ${now.id} is ${now.state}`);
    }
    let result: { status: number; answer: Answer | null };
    try {
      result = await this.#request('card_token/payment', 'POST', 'card_token/payment', {
        service_id: this.#options.serviceId,
        card_token: input.token,
        amount: row.amount,
        transaction_parameter: merchantTransIdOf(row),
      });
    } catch (error) {
      // a connection never made sent nothing: the receipt may be paid anew (or cancelled) at
      // once; any other lost answer is asked about
      if (neverSent(error)) await this.#settle(row, 'failed');
      throw error;
    }
    const { status, answer } = result;
    if (answer?.payment_id != null) await this.#notePaymentId(row, String(answer.payment_id));
    if (status >= 300 || !answer) {
      throw unavailable(`card_token/payment answered HTTP ${status} without a Click answer`);
    }
    if (answer.error_code !== 0) {
      // the payment's own status tells a refusal; any other error may come after the debit
      const code: DeclineCode =
        answer.payment_status != null && answer.payment_status < 0
          ? 'ISSUER_DECLINED'
          : 'GATEWAY_UNAVAILABLE';
      throw new CardDecline(
        code,
        `click answered ${answer.error_code} (${answer.error_note ?? ''}) to card_token/payment`,
      );
    }
    if (answer.payment_status == null || answer.payment_id == null) {
      throw unavailable('card_token/payment answered no payment');
    }
    const state = paymentStateOf(answer.payment_status);
    const settled = await this.#settle({ ...row, paymentId: String(answer.payment_id) }, state);
    if (settled === 'created') {
      throw new CardDecline('ISSUER_DECLINED', 'click answered a failed payment');
    }
    return settled;
  }

  async checkReceipt(receiptId: string): Promise<ReceiptState> {
    const row = await this.#find(receiptId);
    return row.state === 'paying' ? this.#resolve(row) : (row.state as ReceiptState);
  }

  /**
   * An unpaid receipt is cancelled in the books alone (Click has no payment for it); a paid one
   * is reversed at Click, whose money is back on the card when it answers. A payment still being
   * processed cannot be reversed.
   */
  async cancelReceipt(receiptId: string): Promise<ReceiptState> {
    let row = await this.#find(receiptId);
    if (row.state === 'paying') {
      await this.#resolve(row);
      row = await this.#find(receiptId);
    }
    if (row.state === 'created') {
      const [cancelled] = await this.#options.db
        .update(clickReceipts)
        .set({ state: 'cancelled', cancelledAt: this.#options.now() })
        .where(and(eq(clickReceipts.id, receiptId), eq(clickReceipts.state, 'created')))
        .returning({ id: clickReceipts.id });
      if (!cancelled) throw refused(`receipt ${receiptId} changed meanwhile`);
      return 'cancelled';
    }
    if (row.state !== 'paid') throw refused(`receipt ${receiptId} is ${row.state}`);
    if (!row.paymentId) throw unavailable(`receipt ${receiptId} is paid without a payment_id`);
    const what = 'payment/reversal';
    const { status, answer } = await this.#request(
      what,
      'DELETE',
      `payment/reversal/${this.#options.serviceId}/${encodeURIComponent(row.paymentId)}`,
    );
    if (status >= 300 || !answer) throw unavailable(`${what} answered HTTP ${status}`);
    if (answer.error_code !== 0) {
      // a reversal whose answer was lost and is asked again may be refused as done already:
      // a payment Click no longer counts as paid has been reversed
      const now = await this.#paymentStatus(row.paymentId).catch(() => null);
      if (now === null || now === 'not-found' || now >= 0) {
        throw new CardDecline(
          'ISSUER_DECLINED',
          `click refused the reversal: ${answer.error_code} (${answer.error_note ?? ''})`,
        );
      }
    }
    await this.#options.db
      .update(clickReceipts)
      .set({ state: 'cancelled', cancelledAt: this.#options.now() })
      .where(and(eq(clickReceipts.id, receiptId), eq(clickReceipts.state, 'paid')));
    return 'cancelled';
  }

  /**
   * The receipts Bozor created in the period, from the adapter's books: Click's Merchant API lists
   * no payments, and every Click payment Bozor makes starts from one of these. Those still being
   * paid are asked about first; paid ones whose fiscal lines Click refused are offered again.
   */
  async listReceipts(from: Date, to: Date): Promise<GatewayReceipt[]> {
    const rows = await this.#options.db
      .select()
      .from(clickReceipts)
      .where(and(gte(clickReceipts.createdAt, from), lt(clickReceipts.createdAt, to)))
      .orderBy(asc(clickReceipts.createdAt), asc(clickReceipts.id));
    const listed: GatewayReceipt[] = [];
    for (const row of rows) {
      if (row.state === 'paying') {
        await this.#resolve(row).catch((error: unknown) => {
          // Click does not know the payment yet: it is listed as being paid
          if (!(error instanceof CardDecline && error.code === 'RECEIPT_REFUSED')) throw error;
        });
      }
      const now = row.state === 'paying' ? await this.#find(row.id) : row;
      if (now.state === 'paid') await this.#submitFiscal(now);
      listed.push({
        id: now.id,
        state: now.state as ReceiptState,
        amount: now.amount,
        reference: now.reference,
        createdAt: now.createdAt,
        paidAt: now.paidAt,
        cancelledAt: now.cancelledAt,
      });
    }
    return listed;
  }

  async removeCard(token: string): Promise<void> {
    this.#phones.delete(token);
    const what = 'card_token delete';
    const { status, answer } = await this.#request(
      what,
      'DELETE',
      `card_token/${this.#options.serviceId}/${encodeURIComponent(token)}`,
    );
    // a token Click no longer has is removed already
    if (status === 404) return;
    this.#expect(what, { status, answer }, 'GATEWAY_UNAVAILABLE');
  }

  /** Asks Click about the receipt's current attempt and writes down what it says. */
  async #resolve(row: Row): Promise<ReceiptState> {
    const status = row.paymentId
      ? await this.#paymentStatus(row.paymentId)
      : await this.#statusByMerchantTransId(row);
    if (status === 'not-found') {
      const sent = row.attemptedAt?.getTime() ?? row.createdAt.getTime();
      if (this.#options.now().getTime() - sent < this.#options.notFoundAfterMs) {
        throw refused(`Click knows no payment ${merchantTransIdOf(row)} yet`);
      }
      // the attempt never reached Click: nothing was taken, the receipt may be paid anew
      return this.#settle(row, 'failed');
    }
    return this.#settle(row, paymentStateOf(status));
  }

  /** Writes down a payment's outcome for the receipt's current attempt; answers the state after. */
  async #settle(row: Row, outcome: 'paid' | 'paying' | 'failed'): Promise<ReceiptState> {
    if (outcome === 'paying') return 'paying';
    const current = and(
      eq(clickReceipts.id, row.id),
      eq(clickReceipts.state, 'paying'),
      eq(clickReceipts.attempt, row.attempt),
    );
    const [settled] = await this.#options.db
      .update(clickReceipts)
      .set(
        outcome === 'paid'
          ? { state: 'paid', paidAt: this.#options.now(), paymentId: row.paymentId }
          : { state: 'created', paymentId: null },
      )
      .where(current)
      .returning();
    if (!settled) return (await this.#find(row.id)).state as ReceiptState;
    if (settled.state === 'paid') await this.#submitFiscal(settled);
    return settled.state as ReceiptState;
  }

  async #paymentStatus(paymentId: string): Promise<number | 'not-found'> {
    const what = 'payment/status';
    const result = await this.#request(
      what,
      'GET',
      `payment/status/${this.#options.serviceId}/${encodeURIComponent(paymentId)}`,
    );
    if (result.status === 404) return 'not-found';
    const answer = this.#expect(what, result, 'GATEWAY_UNAVAILABLE');
    if (answer.payment_status == null) throw unavailable(`${what} answered no payment_status`);
    return answer.payment_status;
  }

  /** status_by_mti on the day of the attempt, and the next one for an attempt near midnight. */
  async #statusByMerchantTransId(row: Row): Promise<number | 'not-found'> {
    const sent = row.attemptedAt ?? row.createdAt;
    const days = [
      ...new Set([
        tashkentDay(sent),
        tashkentDay(new Date(sent.getTime() + this.#options.timeoutMs)),
      ]),
    ];
    const what = 'payment/status_by_mti';
    for (const day of days) {
      const result = await this.#request(
        what,
        'GET',
        `payment/status_by_mti/${this.#options.serviceId}/${encodeURIComponent(merchantTransIdOf(row))}/${day}`,
      );
      if (result.status === 404) continue;
      const answer = this.#expect(what, result, 'GATEWAY_UNAVAILABLE');
      if (answer.payment_id == null) throw unavailable(`${what} answered no payment_id`);
      const paymentId = String(answer.payment_id);
      await this.#notePaymentId(row, paymentId);
      row.paymentId = paymentId;
      return answer.payment_status ?? this.#paymentStatus(paymentId);
    }
    return 'not-found';
  }

  async #notePaymentId(row: Row, paymentId: string) {
    await this.#options.db
      .update(clickReceipts)
      .set({ paymentId })
      .where(and(eq(clickReceipts.id, row.id), eq(clickReceipts.attempt, row.attempt)));
  }

  /** Sends a paid receipt's fiscal lines to Click's OFD once; a refusal is kept and logged. */
  async #submitFiscal(row: Row): Promise<void> {
    if (row.fiscalSubmittedAt || row.fiscalAttempts >= FISCAL_ATTEMPTS || !row.paymentId) return;
    const fiscal = fiscalSchema.safeParse(row.fiscal);
    if (!fiscal.success) return;
    const what = 'payment/ofd_data/submit_items';
    let failure: string | null = null;
    try {
      this.#expect(
        what,
        await this.#request(what, 'POST', 'payment/ofd_data/submit_items', {
          service_id: this.#options.serviceId,
          payment_id: Number(row.paymentId),
          items: clickItems(fiscal.data.lines),
          received_ecash: 0,
          received_cash: 0,
          received_card: row.amount * TIYIN_PER_SUM,
        }),
        'GATEWAY_UNAVAILABLE',
      );
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    await this.#options.db
      .update(clickReceipts)
      .set(
        failure === null
          ? { fiscalSubmittedAt: this.#options.now(), fiscalError: null }
          : { fiscalError: failure, fiscalAttempts: row.fiscalAttempts + 1 },
      )
      .where(eq(clickReceipts.id, row.id));
    if (failure !== null) {
      this.#options.log?.warn(
        {
          receiptId: row.id,
          paymentId: row.paymentId,
          kind: fiscal.data.kind,
          attempts: row.fiscalAttempts + 1,
          error: failure,
        },
        "Click's OFD refused a paid receipt's fiscal lines; they are offered again later",
      );
    }
  }

  async #find(receiptId: string): Promise<Row> {
    const [row] = await this.#options.db
      .select()
      .from(clickReceipts)
      .where(eq(clickReceipts.id, receiptId));
    if (!row) throw refused(`no receipt ${receiptId}`);
    return row;
  }

  /** A Click answer that must say success, or the decline `refusal` when it says error. */
  #expect(
    what: string,
    { status, answer }: { status: number; answer: Answer | null },
    refusal: DeclineCode,
  ): Answer {
    if (status >= 300 || !answer) throw unavailable(`${what} answered HTTP ${status}`);
    if (answer.error_code !== 0) {
      throw new CardDecline(
        refusal,
        `click answered ${answer.error_code} (${answer.error_note ?? ''}) to ${what}`,
      );
    }
    return answer;
  }

  /** One call; a lost or unreadable answer is GATEWAY_UNAVAILABLE, an HTTP error is returned. */
  async #request(
    what: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; answer: Answer | null }> {
    const { merchantUserId, secretKey } = this.#options;
    let status: number;
    let text: string;
    try {
      const response = await this.#options.fetch(`${this.#options.baseUrl}/${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          auth: clickAuth(merchantUserId, secretKey, this.#options.now()),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (err) {
      throw unavailable(`Click could not be reached for ${what}`, err);
    }
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const answer = answerSchema.safeParse(parsed);
    return { status, answer: answer.success ? answer.data : null };
  }
}
