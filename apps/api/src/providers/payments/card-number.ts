import { cardTypeOf, maskCardNumber, passesLuhn, tashkentClock } from '@bozor/shared';
import { CardDecline, type CardType } from './types.ts';

/** "MM/YY" as a month and a four-digit year; null when it is not a real month. */
export function parseExpire(expire: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expire);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  // a card expires at the end of its month in Tashkent
  const tashkent = tashkentClock(now);
  const year = tashkent.getUTCFullYear();
  const month = tashkent.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

/**
 * What every gateway checks before it calls out: a 16-digit Luhn-valid Uzcard or Humo number
 * (CARD_INVALID otherwise) with a well-formed expiry (CARD_INVALID) that has not passed
 * (CARD_EXPIRED).
 */
export function checkCard(
  number: string,
  expire: string,
  now: Date,
): { type: CardType; masked: string; month: number; year: number } {
  const type = cardTypeOf(number);
  if (!/^\d{16}$/.test(number) || type === null || !passesLuhn(number)) {
    throw new CardDecline('CARD_INVALID', 'not a 16-digit Luhn-valid Uzcard or Humo number');
  }
  const expiry = parseExpire(expire);
  if (!expiry) throw new CardDecline('CARD_INVALID', 'expiry is not MM/YY');
  if (isExpired(expiry, now)) throw new CardDecline('CARD_EXPIRED', 'expiry is in the past');
  return { type, masked: maskCardNumber(number), ...expiry };
}
