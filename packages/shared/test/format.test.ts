import { describe, expect, it } from 'vitest';
import { maskCardNumber } from '../src/card.ts';
import { discountPercent, formatMoney, formatNumber } from '../src/money.ts';
import {
  formatLocalPhone,
  formatPhone,
  isValidPhone,
  maskPhone,
  normalizePhone,
} from '../src/phone.ts';

describe('formatNumber', () => {
  it('groups thousands with a space', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1 000');
    expect(formatNumber(12_500_000)).toBe('12 500 000');
    expect(formatNumber(-45_000)).toBe('-45 000');
  });
});

describe('formatMoney', () => {
  it('groups thousands and names the currency in the language', () => {
    expect(formatMoney(1_250_000, 'uz')).toBe("1 250 000 so'm");
    expect(formatMoney(1_250_000, 'ru')).toBe('1 250 000 сум');
    expect(formatMoney(0, 'uz')).toBe("0 so'm");
  });
});

describe('discountPercent', () => {
  it('is the rounded percentage only when the old price is above the price', () => {
    expect(discountPercent(750, 1000)).toBe(25);
    expect(discountPercent(2_990_000, 3_490_000)).toBe(14);
    expect(discountPercent(1000, 1000)).toBeNull();
    expect(discountPercent(1000, 900)).toBeNull();
    expect(discountPercent(1000, null)).toBeNull();
  });
});

describe('phone helpers', () => {
  it('reduces input to digits and prepends 998 to a local number', () => {
    expect(normalizePhone('90 123-45-67')).toBe('998901234567');
    expect(normalizePhone('+998 90 123 45 67')).toBe('998901234567');
    expect(isValidPhone('998901234567')).toBe(true);
    expect(isValidPhone('99890123456')).toBe(false);
    expect(isValidPhone('997901234567')).toBe(false);
  });

  it('formats 12 or more digits and gives an empty string for fewer', () => {
    expect(formatPhone('998901234567')).toBe('+99890 123 45 67');
    expect(formatPhone('99890123456')).toBe('');
    expect(maskPhone('998901234567')).toBe('+99890 *** ** 67');
    expect(maskPhone('123')).toBe('Invalid phone number');
  });

  it('masks the nine local digits as 2-3-2-2 while they are typed, ignoring the rest', () => {
    expect(formatLocalPhone('901234567')).toBe('90 123 45 67');
    expect(formatLocalPhone('9012')).toBe('90 12');
    expect(formatLocalPhone('90 12a3-4567 89')).toBe('90 123 45 67');
    expect(formatLocalPhone('')).toBe('');
  });
});

describe('maskCardNumber', () => {
  it('hides the characters at index 4 to 11', () => {
    expect(maskCardNumber('8600123456789012')).toBe('8600********9012');
  });
});
