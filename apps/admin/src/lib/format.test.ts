import { describe, expect, it } from 'vitest';
import { groupedSum, parseSum } from './format.ts';

describe('a sum typed by staff', () => {
  it('reads digits in groups or not, with the spaces the shop prints and its currency', () => {
    expect(parseSum('10000000')).toBe(10_000_000);
    expect(parseSum('10 000 000')).toBe(10_000_000);
    expect(parseSum(' 10\u00a0000\u00a0000 ')).toBe(10_000_000);
    expect(parseSum('10\u202f000\u202f000')).toBe(10_000_000);
    expect(parseSum('20 000 000 сум')).toBe(20_000_000);
    expect(parseSum("20 000 000 so'm")).toBe(20_000_000);
    expect(parseSum('20 000 000 so‘m')).toBe(20_000_000);
    expect(parseSum('0')).toBe(0);
  });

  it('refuses what is not a whole sum of sum', () => {
    for (const text of [
      '',
      '  ',
      '1e7',
      '0x10',
      '10,5',
      '10.000.000',
      '-1',
      '5 млн',
      'сум',
      '+5',
    ]) {
      expect(parseSum(text), text).toBeNaN();
    }
    expect(parseSum('9'.repeat(17))).toBeNaN();
  });

  it('is shown in groups of three once left, and what is not a sum as typed', () => {
    expect(groupedSum('10000000')).toBe('10 000 000');
    expect(groupedSum('1000000 сум')).toBe('1 000 000');
    expect(groupedSum('999')).toBe('999');
    expect(groupedSum('5 млн')).toBe('5 млн');
    expect(groupedSum('')).toBe('');
  });
});
