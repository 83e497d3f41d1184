import { describe, expect, it } from 'vitest';
import { formatContractDay } from '../../../src/modules/contracts/document.ts';

describe('formatContractDay', () => {
  it('writes a day as "25-mart, 2027" in uz and "25 марта 2027" in ru', () => {
    expect(formatContractDay('2027-03-25', 'uz')).toBe('25-mart, 2027');
    expect(formatContractDay('2027-03-25', 'ru')).toBe('25 марта 2027');
  });

  it('drops the leading zero of the day and names every month', () => {
    expect(formatContractDay('2026-01-05', 'uz')).toBe('5-yanvar, 2026');
    expect(formatContractDay('2026-12-31', 'ru')).toBe('31 декабря 2026');
    for (const lang of ['uz', 'ru'] as const) {
      const months = Array.from({ length: 12 }, (_, i) =>
        formatContractDay(`2026-${String(i + 1).padStart(2, '0')}-01`, lang),
      );
      expect(new Set(months).size).toBe(12);
      for (const day of months) expect(day).toMatch(/^1[- ]\p{L}+,? 2026$/u);
    }
  });
});
