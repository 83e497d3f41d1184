import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountOutOfRange,
  buildSchedule,
  creditTotal,
  longestTariff,
  monthlyPayment,
} from '../src/installment.ts';

const DEMO_TARIFFS = [
  { months: 3, markupPercent: 12 },
  { months: 6, markupPercent: 24 },
  { months: 9, markupPercent: 35 },
  { months: 12, markupPercent: 44 },
];

describe('creditTotal', () => {
  it('adds the markup and rounds up to a multiple of 100 sum', () => {
    expect(creditTotal(1_000_000, { months: 12, markupPercent: 44 })).toBe(1_440_000);
    expect(creditTotal(999_999, { months: 3, markupPercent: 12 })).toBe(1_120_000);
    expect(creditTotal(100, { months: 3, markupPercent: 12 })).toBe(200);
  });

  it('refuses fractional, negative or inexactly large amounts as out of range', () => {
    const terms = { months: 3, markupPercent: 12 };
    for (const financed of [10.5, -1, Number.NaN, Number.MAX_SAFE_INTEGER, 2 ** 50]) {
      expect(() => creditTotal(financed, terms), String(financed)).toThrow(AmountOutOfRange);
    }
  });

  it('still reckons the largest amount it takes exactly', () => {
    const financed = Math.floor((Number.MAX_SAFE_INTEGER - 10_000) / 144);
    const exact = (((BigInt(financed) * 144n + 9_999n) / 10_000n) * 100n).toString();
    expect(String(creditTotal(financed, { months: 12, markupPercent: 44 }))).toBe(exact);
  });

  it('treats a broken tariff as a fault of the shop, not of the amount', () => {
    for (const terms of [
      { months: 0, markupPercent: 12 },
      { months: 3, markupPercent: -1 },
    ]) {
      expect(() => creditTotal(100, terms)).toThrow(RangeError);
      expect(() => creditTotal(100, terms)).not.toThrow(AmountOutOfRange);
    }
  });
});

describe('monthlyPayment', () => {
  it('spreads the total over the months, rounded up to 100 sum', () => {
    expect(monthlyPayment(5_000_000, { months: 12, markupPercent: 44 })).toBe(600_000);
    expect(monthlyPayment(2_499_000, { months: 12, markupPercent: 44 })).toBe(299_900);
  });
});

describe('buildSchedule', () => {
  it('matches schedules worked out by hand', () => {
    // financed, months, markup → total, monthly, last (DESIGN §4 on paper)
    const rows: [number, number, number, number, number, number][] = [
      [1_000_000, 12, 44, 1_440_000, 120_000, 120_000],
      [999_999, 3, 12, 1_120_000, 373_400, 373_200],
      [20_000, 12, 44, 28_800, 2_400, 2_400],
      [123_457, 6, 24, 153_100, 25_600, 25_100],
      [7_777_777, 9, 35, 10_500_000, 1_166_700, 1_166_400],
    ];
    for (const [financed, months, markupPercent, total, monthly, last] of rows) {
      const schedule = buildSchedule(financed, { months, markupPercent });
      expect(schedule).toEqual([...Array(months - 1).fill(monthly), last]);
      expect(schedule.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('a schedule sums exactly to the total of an independent reckoning', () => {
    // The same rule worked in exact integer arithmetic (BigInt), apart from the implementation.
    const referenceTotal = (financed: number, markupPercent: number) => {
      const scaled = BigInt(financed) * BigInt(100 + markupPercent);
      const step = 100n * 100n;
      return Number(((scaled + step - 1n) / step) * 100n);
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 20_000, max: 10_000_000_000 }),
        fc.constantFrom(...DEMO_TARIFFS),
        (financed, terms) => {
          const schedule = buildSchedule(financed, terms);
          expect(schedule).toHaveLength(terms.months);
          expect(schedule.reduce((a, b) => a + b, 0)).toBe(
            referenceTotal(financed, terms.markupPercent),
          );
        },
      ),
    );
  });

  it('pays the monthly amount every month but the last, which is positive and not larger', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20_000, max: 10_000_000_000 }),
        fc.constantFrom(...DEMO_TARIFFS),
        (financed, terms) => {
          const schedule = buildSchedule(financed, terms);
          const monthly = monthlyPayment(financed, terms);
          for (const p of schedule.slice(0, -1)) expect(p).toBe(monthly);
          const last = schedule.at(-1)!;
          expect(last).toBeGreaterThan(0);
          expect(last).toBeLessThanOrEqual(monthly);
          for (const p of schedule) expect(p % 100).toBe(0);
        },
      ),
    );
  });

  it('refuses an amount too small to split into positive payments', () => {
    expect(() => buildSchedule(100, { months: 12, markupPercent: 44 })).toThrow(AmountOutOfRange);
  });
});

describe('longestTariff', () => {
  it('picks the tariff with the most months', () => {
    expect(longestTariff(DEMO_TARIFFS)?.months).toBe(12);
    expect(longestTariff([])).toBeUndefined();
  });
});
