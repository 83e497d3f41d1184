/** Hides the characters at index 4 to 11 of a card number (SPEC §9). */
export function maskCardNumber(cardNumber: string): string {
  const chars = [...cardNumber];
  return chars.map((c, i) => (i >= 4 && i <= 11 ? '*' : c)).join('');
}

export const CARD_NUMBER_LENGTH = 16;
export type CardType = 'uzcard' | 'humo';

/** The national card schemes Bozor accepts, by the first four digits. */
const CARD_PREFIXES: Record<string, CardType> = {
  '8600': 'uzcard',
  '5614': 'uzcard',
  '9860': 'humo',
};

/** Digits only, so a number typed in groups of four or pasted with spaces reads the same. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The scheme of a card from its first four digits, while it is still being typed. */
export function cardTypeOf(cardNumber: string): CardType | null {
  return CARD_PREFIXES[cardDigits(cardNumber).slice(0, 4)] ?? null;
}

/** The Luhn check digit rule every payment card number follows. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "1234 5678 9012 3456" for a number typed as digits: the card form's mask. */
export function formatCardNumber(input: string): string {
  return (
    cardDigits(input)
      .replace(/\D/g, '')
      .slice(0, CARD_NUMBER_LENGTH)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/**
 * Whether an "MM/YY" expiry is still valid on `today`: a card works through the last day of its
 * month. Answers null when the text is not a month and a year.
 */
export function expiryIsCurrent(expire: string, today: Date = new Date()): boolean | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expire.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = 2000 + Number(match[2]);
  const thisMonth = today.getFullYear() * 12 + today.getMonth();
  return year * 12 + (month - 1) >= thisMonth;
}
