import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Lang } from '@bozor/shared';
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { sandboxReceipts } from '../../db/schema/index.ts';
import type { SmsProvider } from '../sms/index.ts';
import { checkCard } from './card-number.ts';
import {
  CardDecline,
  type CardGateway,
  type CardType,
  type CreatedCard,
  type GatewayReceipt,
  type ReceiptInput,
  type ReceiptState,
} from './types.ts';

export type SandboxBehaviour =
  | 'approved'
  | 'low-turnover'
  | 'insufficient-funds'
  | 'blocked'
  | 'expired'
  | 'lost-answer'
  | 'error-after-debit'
  | 'processing'
  | 'refund-refused';

export interface SandboxCard {
  number: string;
  type: CardType;
  behaviour: SandboxBehaviour;
  description: string;
}

/**
 * The sandbox's test cards (any expiry in the future binds them, except the expired one). Any other
 * Luhn-valid 8600/5614/9860 number binds and debits like an approved card, with a turnover of
 * 3–8 million sum a month derived from its number.
 */
export const SANDBOX_CARDS: readonly SandboxCard[] = [
  {
    number: '8600111111111110',
    type: 'uzcard',
    behaviour: 'approved',
    description: 'binds and debits; 12–15 million sum a month, so scoring approves',
  },
  {
    number: '9860111111111113',
    type: 'humo',
    behaviour: 'approved',
    description: 'binds and debits; 12–15 million sum a month, so scoring approves',
  },
  {
    number: '8600222222222223',
    type: 'uzcard',
    behaviour: 'low-turnover',
    description: 'binds and debits; 50–90 thousand sum a month, so scoring rejects (LOW_INCOME)',
  },
  {
    number: '8600333333333336',
    type: 'uzcard',
    behaviour: 'insufficient-funds',
    description: 'binds with 12–15 million sum a month; every debit fails with INSUFFICIENT_FUNDS',
  },
  {
    number: '8600444444444449',
    type: 'uzcard',
    behaviour: 'blocked',
    description: 'refused at binding with CARD_BLOCKED',
  },
  {
    number: '9860555555555559',
    type: 'humo',
    behaviour: 'expired',
    description: 'refused at binding with CARD_EXPIRED, whatever expiry is typed',
  },
  {
    number: '8600666666666669',
    type: 'uzcard',
    behaviour: 'lost-answer',
    description:
      'binds with 12–15 million sum a month; a payment goes through, but its answer is lost (a timeout) while the receipt is still being processed for 10 seconds, so the shop learns of it only by checking the receipt later',
  },
  {
    number: '8600777777777772',
    type: 'uzcard',
    behaviour: 'error-after-debit',
    description:
      'binds with 12–15 million sum a month; a payment takes the money and then answers an error (ISSUER_DECLINED, as Payme answers -31630), so only the receipt tells that it was paid',
  },
  {
    number: '8600888888888885',
    type: 'uzcard',
    behaviour: 'processing',
    description:
      'binds with 12–15 million sum a month; a payment answers that its receipt is being processed, and the receipt is paid 10 seconds later',
  },
  {
    number: '8600999999999998',
    type: 'uzcard',
    behaviour: 'refund-refused',
    description:
      'binds and debits with 12–15 million sum a month; every refund (cancel of a paid receipt) is refused',
  },
];

type TurnoverLevel = 'high' | 'middle' | 'low';

const TURNOVER_RANGE: Record<TurnoverLevel, readonly [number, number]> = {
  high: [12_000_000, 15_000_000],
  middle: [3_000_000, 8_000_000],
  low: [50_000, 90_000],
};

const CODE_TTL_MS = 180_000;
/** How long a slow test card's receipt is processed before it is paid. */
const PROCESSING_MS = 10_000;
const CODE_ATTEMPTS = 5;
const RESEND_WAIT_SECONDS = 60;
const MAX_MONTHS = 24;

const SMS_TEXT: Record<Lang, (code: string) => string> = {
  uz: (code) => `Bozor: kartani tasdiqlash kodi ${code}. Kodni hech kimga aytmang.`,
  ru: (code) => `Bozor: код подтверждения карты ${code}. Никому не сообщайте код.`,
};

interface PendingCode {
  value: string;
  expiresAt: number;
  attemptsLeft: number;
}

/** What a token carries: enough to debit the card and tell its turnover, never its number. */
interface TokenCard {
  behaviour: SandboxBehaviour;
  masked: string;
  type: CardType;
  turnover: TurnoverLevel;
  /** Derived from the number by a one-way hash: the same card gives the same months. */
  seed: string;
}

/** A binding in progress: where its code goes and the code itself live in this process only. */
interface Binding {
  holderPhone: string;
  code: PendingCode | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const BEHAVIOURS: readonly SandboxBehaviour[] = [
  'approved',
  'low-turnover',
  'insufficient-funds',
  'blocked',
  'expired',
  'lost-answer',
  'error-after-debit',
  'processing',
  'refund-refused',
];
const tokenSchema = z.object({
  behaviour: z.enum(BEHAVIOURS),
  masked: z.string().regex(/^\d{4}\*{8}\d{4}$/),
  type: z.enum(['uzcard', 'humo']),
  turnover: z.enum(['high', 'middle', 'low']),
  seed: z.string().regex(/^[0-9a-f]{16}$/),
});

/** A token is its card, encoded, with a check so that a mangled or made-up token is refused. */
function encodeToken(card: TokenCard): string {
  const body = Buffer.from(
    JSON.stringify({ ...card, nonce: randomBytes(9).toString('base64url') }),
  ).toString('base64url');
  return `sbx_${body}.${sha256(`sandbox-card:${body}`).slice(0, 16)}`;
}

function decodeToken(token: string): TokenCard | null {
  const match = /^sbx_([A-Za-z0-9_-]+)\.([0-9a-f]{16})$/.exec(token);
  if (!match || sha256(`sandbox-card:${match[1]}`).slice(0, 16) !== match[2]) return null;
  try {
    const parsed = tokenSchema.safeParse(
      JSON.parse(Buffer.from(match[1] as string, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function behaviourOf(number: string): SandboxBehaviour {
  return SANDBOX_CARDS.find((card) => card.number === number)?.behaviour ?? 'approved';
}

function turnoverLevelOf(number: string, behaviour: SandboxBehaviour): TurnoverLevel {
  if (behaviour === 'low-turnover') return 'low';
  return SANDBOX_CARDS.some((card) => card.number === number) ? 'high' : 'middle';
}

/** The same seed and month always give the same sum, a multiple of 1,000 within the range. */
function turnoverOf(seed: string, monthsAgo: number, [min, max]: readonly [number, number]) {
  const hash = createHash('sha256').update(`${seed}:${monthsAgo}`).digest();
  const steps = (max - min) / 1_000 + 1;
  return min + (hash.readUIntBE(0, 6) % steps) * 1_000;
}

/** 998901234567 → 99890*****67, the way card gateways show the phone a code went to. */
function maskPhone(phone: string): string {
  if (phone.length < 8) return phone;
  return `${phone.slice(0, 5)}${'*'.repeat(phone.length - 7)}${phone.slice(-2)}`;
}

function assertWhole(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
  }
}

type ReceiptRow = typeof sandboxReceipts.$inferSelect;

const toReceipt = (row: ReceiptRow): GatewayReceipt => ({
  id: row.id,
  state: row.state as ReceiptState,
  amount: row.amount,
  reference: row.reference,
  createdAt: row.createdAt,
  paidAt: row.paidAt,
  cancelledAt: row.cancelledAt,
});

const refused = (what: string) => new CardDecline('RECEIPT_REFUSED', `sandbox: ${what}`);

/**
 * The card gateway outside production: deterministic by card number (see SANDBOX_CARDS), with
 * the verification code sent through the shop's own SMS provider so the dev outbox shows it.
 * A token carries what the card does (behaviour, masked number, type, a turnover seed; never
 * the number), so a card bound before a restart, or in another process, debits the same way.
 *
 * Its receipts behave as Payme's do (see `CardGateway`): each `createReceipt` is a new receipt,
 * paid at most once and cancelled at most once, and nothing is de-duplicated by key. They are
 * kept in its own books (`sandbox_receipts`), written outside the shop's transactions, so a
 * receipt outlives a restart and every API process sees it. Only a binding's code lives in memory.
 */
export class SandboxCardGateway implements CardGateway {
  readonly name = 'sandbox';
  readonly #sms: SmsProvider;
  readonly #db: Executor;
  readonly #now: () => Date;
  readonly #processingMs: number;
  readonly #bindings = new Map<string, Binding>();
  readonly #removed = new Set<string>();

  constructor(
    sms: SmsProvider,
    options: {
      db: Executor;
      now?: () => Date;
      /** How long the receipts of the slow test cards stay in processing (default 10 s). */
      processingMs?: number;
    },
  ) {
    this.#sms = sms;
    this.#db = options.db;
    this.#now = options.now ?? (() => new Date());
    this.#processingMs = options.processingMs ?? PROCESSING_MS;
  }

  async createCard(input: {
    number: string;
    expire: string;
    holderPhone: string;
    lang: Lang;
  }): Promise<CreatedCard> {
    const card = checkCard(input.number, input.expire, this.#now());
    const behaviour = behaviourOf(input.number);
    if (behaviour === 'blocked') throw new CardDecline('CARD_BLOCKED', 'sandbox blocked card');
    if (behaviour === 'expired') throw new CardDecline('CARD_EXPIRED', 'sandbox expired card');
    const token = encodeToken({
      behaviour,
      masked: card.masked,
      type: card.type,
      turnover: turnoverLevelOf(input.number, behaviour),
      seed: sha256(`sandbox-turnover:${input.number}`).slice(0, 16),
    });
    this.#bindings.set(token, { holderPhone: input.holderPhone, code: null });
    return { token, masked: card.masked, type: card.type, expire: input.expire };
  }

  async sendVerifyCode(token: string, lang: Lang): Promise<{ phone: string; wait: number }> {
    this.#card(token);
    const binding = this.#bindings.get(token);
    // the binding began before a restart: its phone is gone, the customer adds the card again
    if (!binding) throw new CardDecline('CODE_EXPIRED', 'no binding in progress for this token');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await this.#sms.send({ phone: binding.holderPhone, text: SMS_TEXT[lang](code) });
    } catch (err) {
      throw new CardDecline('GATEWAY_UNAVAILABLE', 'the verification SMS was not sent', {
        cause: err,
      });
    }
    binding.code = {
      value: code,
      expiresAt: this.#now().getTime() + CODE_TTL_MS,
      attemptsLeft: CODE_ATTEMPTS,
    };
    return { phone: maskPhone(binding.holderPhone), wait: RESEND_WAIT_SECONDS };
  }

  async verifyCard(token: string, code: string): Promise<void> {
    this.#card(token);
    const binding = this.#bindings.get(token);
    const pending = binding?.code;
    if (!binding || !pending || this.#now().getTime() > pending.expiresAt) {
      if (binding) binding.code = null;
      throw new CardDecline('CODE_EXPIRED', 'no live verification code');
    }
    if (code !== pending.value) {
      pending.attemptsLeft -= 1;
      // After the last wrong try the code is gone: the customer asks for a new one.
      if (pending.attemptsLeft === 0) binding.code = null;
      throw new CardDecline('WRONG_CODE', 'wrong verification code');
    }
    this.#bindings.delete(token);
  }

  async monthlyTurnover(token: string, months: number): Promise<number[]> {
    assertWhole('months', months, 1, MAX_MONTHS);
    const card = this.#card(token);
    const range = TURNOVER_RANGE[card.turnover];
    return Array.from({ length: months }, (_, i) => turnoverOf(card.seed, months - i, range));
  }

  async createReceipt(input: ReceiptInput): Promise<{ receiptId: string }> {
    assertWhole('amount', input.amount, 1);
    if (input.reference.length === 0) throw new RangeError('reference is empty');
    const receiptId = `sbx_rcpt_${randomBytes(12).toString('hex')}`;
    await this.#db.insert(sandboxReceipts).values({
      id: receiptId,
      amount: input.amount,
      reference: input.reference,
      description: input.description,
      createdAt: this.#now(),
    });
    return { receiptId };
  }

  /**
   * Pays a created receipt from any card it bound (the shop pays only with cards it has seen
   * confirmed). The slow cards leave the receipt 'paying' for a while: one answers so, the other
   * loses its answer (an error that is not a CardDecline, as a timeout is). The error-after-debit
   * card takes the money and then answers a decline.
   */
  async payReceipt(input: { receiptId: string; token: string }): Promise<ReceiptState> {
    const card = this.#card(input.token);
    const receipt = await this.#find(input.receiptId);
    if (receipt.state !== 'created') throw refused(`receipt ${receipt.id} is ${receipt.state}`);
    if (card.behaviour === 'insufficient-funds') {
      throw new CardDecline('INSUFFICIENT_FUNDS', 'sandbox card without funds');
    }
    const slow = card.behaviour === 'lost-answer' || card.behaviour === 'processing';
    const now = this.#now();
    const [paid] = await this.#db
      .update(sandboxReceipts)
      .set(
        slow
          ? {
              state: 'paying',
              token: input.token,
              settlesAt: new Date(now.getTime() + this.#processingMs),
            }
          : { state: 'paid', token: input.token, paidAt: now },
      )
      .where(and(eq(sandboxReceipts.id, receipt.id), eq(sandboxReceipts.state, 'created')))
      .returning({ id: sandboxReceipts.id });
    if (!paid) throw refused(`receipt ${receipt.id} was paid or cancelled meanwhile`);
    if (card.behaviour === 'lost-answer') {
      const lost = new Error('sandbox: the answer to this payment was lost (a timeout)');
      lost.name = 'TimeoutError';
      throw lost;
    }
    if (card.behaviour === 'error-after-debit') {
      throw new CardDecline('ISSUER_DECLINED', 'sandbox: an error after the money was taken');
    }
    return slow ? 'paying' : 'paid';
  }

  async checkReceipt(receiptId: string): Promise<ReceiptState> {
    return (await this.#find(receiptId)).state as ReceiptState;
  }

  /**
   * Cancels at once: a paid receipt's money is back on the card when this answers. A receipt
   * being processed cannot be cancelled, nor can the refund-refused card's paid ones.
   */
  async cancelReceipt(receiptId: string): Promise<ReceiptState> {
    const receipt = await this.#find(receiptId);
    if (receipt.state === 'paid' && receipt.token) {
      if (decodeToken(receipt.token)?.behaviour === 'refund-refused') {
        throw refused(`the refund of receipt ${receipt.id} is refused`);
      }
    }
    const [cancelled] = await this.#db
      .update(sandboxReceipts)
      .set({ state: 'cancelled', cancelledAt: this.#now() })
      .where(
        and(eq(sandboxReceipts.id, receiptId), inArray(sandboxReceipts.state, ['created', 'paid'])),
      )
      .returning({ id: sandboxReceipts.id });
    if (!cancelled) {
      const now = await this.#find(receiptId);
      throw refused(`receipt ${now.id} is ${now.state}`);
    }
    return 'cancelled';
  }

  async listReceipts(from: Date, to: Date): Promise<GatewayReceipt[]> {
    await this.#settleProcessed();
    const rows = await this.#db
      .select()
      .from(sandboxReceipts)
      .where(and(gte(sandboxReceipts.createdAt, from), lt(sandboxReceipts.createdAt, to)))
      .orderBy(asc(sandboxReceipts.createdAt), asc(sandboxReceipts.id));
    return rows.map(toReceipt);
  }

  async removeCard(token: string): Promise<void> {
    this.#bindings.delete(token);
    if (decodeToken(token)) this.#removed.add(token);
  }

  /** Receipts whose processing time is over are paid (at the time it ended). */
  async #settleProcessed(receiptId?: string) {
    await this.#db
      .update(sandboxReceipts)
      .set({ state: 'paid', paidAt: sql`${sandboxReceipts.settlesAt}` })
      .where(
        and(
          eq(sandboxReceipts.state, 'paying'),
          lte(sandboxReceipts.settlesAt, this.#now()),
          receiptId === undefined ? undefined : eq(sandboxReceipts.id, receiptId),
        ),
      );
  }

  async #find(receiptId: string): Promise<ReceiptRow> {
    await this.#settleProcessed(receiptId);
    const [row] = await this.#db
      .select()
      .from(sandboxReceipts)
      .where(eq(sandboxReceipts.id, receiptId));
    if (!row) throw refused(`no receipt ${receiptId}`);
    return row;
  }

  #card(token: string): TokenCard {
    const card = this.#removed.has(token) ? null : decodeToken(token);
    if (!card) throw new CardDecline('CARD_INVALID', 'unknown card token');
    return card;
  }
}
