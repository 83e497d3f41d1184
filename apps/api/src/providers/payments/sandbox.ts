import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Lang } from '@bozor/shared';
import type { SmsProvider } from '../sms/index.ts';
import { checkCard } from './card-number.ts';
import { CardDecline, type CardGateway, type CardType, type CreatedCard } from './types.ts';

export type SandboxBehaviour =
  | 'approved'
  | 'low-turnover'
  | 'insufficient-funds'
  | 'blocked'
  | 'expired';

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
];

const TURNOVER_RANGE: Record<'high' | 'middle' | 'low', readonly [number, number]> = {
  high: [12_000_000, 15_000_000],
  middle: [3_000_000, 8_000_000],
  low: [50_000, 90_000],
};

const CODE_TTL_MS = 180_000;
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

interface BoundCard {
  number: string;
  holderPhone: string;
  behaviour: SandboxBehaviour;
  verified: boolean;
  code: PendingCode | null;
}

function behaviourOf(number: string): SandboxBehaviour {
  return SANDBOX_CARDS.find((card) => card.number === number)?.behaviour ?? 'approved';
}

function turnoverRange(card: BoundCard): readonly [number, number] {
  if (card.behaviour === 'low-turnover') return TURNOVER_RANGE.low;
  const listed = SANDBOX_CARDS.some((listedCard) => listedCard.number === card.number);
  return listed ? TURNOVER_RANGE.high : TURNOVER_RANGE.middle;
}

/** The same number and month always give the same sum, a multiple of 1,000 within the range. */
function turnoverOf(number: string, monthsAgo: number, [min, max]: readonly [number, number]) {
  const hash = createHash('sha256').update(`${number}:${monthsAgo}`).digest();
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

/**
 * The card gateway outside production: deterministic by card number (see SANDBOX_CARDS), with
 * the verification code sent through the shop's own SMS provider so the dev outbox shows it.
 * Everything lives in this process's memory; the full number is kept only here, keyed by a
 * random token, and never logged.
 */
export class SandboxCardGateway implements CardGateway {
  readonly name = 'sandbox';
  readonly #sms: SmsProvider;
  readonly #now: () => Date;
  readonly #cards = new Map<string, BoundCard>();
  readonly #debits = new Map<string, string>();
  readonly #payments = new Set<string>();

  constructor(sms: SmsProvider, options: { now?: () => Date } = {}) {
    this.#sms = sms;
    this.#now = options.now ?? (() => new Date());
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
    const token = `sbx_${randomBytes(18).toString('base64url')}`;
    this.#cards.set(token, {
      number: input.number,
      holderPhone: input.holderPhone,
      behaviour,
      verified: false,
      code: null,
    });
    return { token, masked: card.masked, type: card.type, expire: input.expire };
  }

  async sendVerifyCode(token: string, lang: Lang): Promise<{ phone: string; wait: number }> {
    const card = this.#card(token);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await this.#sms.send({ phone: card.holderPhone, text: SMS_TEXT[lang](code) });
    } catch (err) {
      throw new CardDecline('GATEWAY_UNAVAILABLE', 'the verification SMS was not sent', {
        cause: err,
      });
    }
    card.code = {
      value: code,
      expiresAt: this.#now().getTime() + CODE_TTL_MS,
      attemptsLeft: CODE_ATTEMPTS,
    };
    return { phone: maskPhone(card.holderPhone), wait: RESEND_WAIT_SECONDS };
  }

  async verifyCard(token: string, code: string): Promise<void> {
    const card = this.#card(token);
    const pending = card.code;
    if (!pending || this.#now().getTime() > pending.expiresAt) {
      card.code = null;
      throw new CardDecline('CODE_EXPIRED', 'no live verification code');
    }
    if (code !== pending.value) {
      pending.attemptsLeft -= 1;
      // After the last wrong try the code is gone: the customer asks for a new one.
      if (pending.attemptsLeft === 0) card.code = null;
      throw new CardDecline('WRONG_CODE', 'wrong verification code');
    }
    card.code = null;
    card.verified = true;
  }

  async monthlyTurnover(token: string, months: number): Promise<number[]> {
    assertWhole('months', months, 1, MAX_MONTHS);
    const card = this.#card(token);
    const range = turnoverRange(card);
    return Array.from({ length: months }, (_, i) => turnoverOf(card.number, months - i, range));
  }

  async debit(input: {
    token: string;
    amount: number;
    idempotencyKey: string;
    description: string;
  }): Promise<{ paymentId: string }> {
    assertWhole('amount', input.amount, 1);
    if (input.idempotencyKey.length === 0) throw new RangeError('idempotencyKey is empty');
    const earlier = this.#debits.get(input.idempotencyKey);
    if (earlier) return { paymentId: earlier };
    const card = this.#card(input.token);
    if (!card.verified) throw new CardDecline('CARD_INVALID', 'the card was never verified');
    if (card.behaviour === 'insufficient-funds') {
      throw new CardDecline('INSUFFICIENT_FUNDS', 'sandbox card without funds');
    }
    const paymentId = `sbx_pay_${randomBytes(12).toString('hex')}`;
    this.#payments.add(paymentId);
    this.#debits.set(input.idempotencyKey, paymentId);
    return { paymentId };
  }

  async refund(paymentId: string): Promise<void> {
    // A payment refunds once; asking again is answered the same way.
    if (!this.#payments.has(paymentId)) {
      throw new CardDecline('ISSUER_DECLINED', 'no such sandbox payment');
    }
  }

  async removeCard(token: string): Promise<void> {
    this.#cards.delete(token);
  }

  #card(token: string): BoundCard {
    const card = this.#cards.get(token);
    if (!card) throw new CardDecline('CARD_INVALID', 'unknown card token');
    return card;
  }
}
