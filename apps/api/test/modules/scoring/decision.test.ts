import { monthlyPayment } from '@bozor/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Decision,
  type DecisionInput,
  decide,
  LIMIT_STEP,
  MIN_LIMIT,
} from '../../../src/modules/scoring/decision.ts';

const LONGEST = { months: 12, markupPercent: 44 };

/** Six equal months of turnover. */
const months = (sum: number) => Array.from({ length: 6 }, () => sum);

function input(overrides: Partial<DecisionInput> = {}): DecisionInput {
  return {
    birthDate: new Date('1990-01-20'),
    today: new Date('2026-06-15T09:00:00Z'),
    monthlyTurnover: months(2_000_000),
    existingMonthlyDebtService: 0,
    existingDebt: 0,
    hasOverdue: false,
    firstLimitCap: 2_000_000,
    hasCreditHistory: true,
    longestTariff: LONGEST,
    ...overrides,
  };
}

const approved = (limit: number, income: number, reasons: string[]): Decision => ({
  approved: true,
  limit,
  income,
  reasons: reasons as never,
});
const rejected = (reason: string, income: number): Decision => ({
  approved: false,
  reason: reason as never,
  income,
});

describe('decide', () => {
  // On 12 months +44 %: 800,000 → 96,000 a month; 900,000 → 108,000; 8,300,000 → 996,000.
  it.each<[string, Partial<DecisionInput>, Decision]>([
    [
      'passes debt service of exactly 50 % of income',
      { existingMonthlyDebtService: 904_000 },
      approved(800_000, 2_000_000, ['DEBT_SERVICE']),
    ],
    [
      'takes the next step down when debt service would be one sum over 50 %',
      { existingMonthlyDebtService: 904_001 },
      approved(700_000, 2_000_000, ['DEBT_SERVICE']),
    ],
    [
      'takes the next step down when income is one sum short of twice the debt service',
      { monthlyTurnover: months(1_999_999), existingMonthlyDebtService: 904_000 },
      approved(700_000, 1_999_999, ['DEBT_SERVICE']),
    ],
    [
      'gives the largest limit whose payment fits half the income',
      {},
      approved(8_300_000, 2_000_000, ['DEBT_SERVICE']),
    ],
    [
      'passes total credit of exactly 5 × income',
      { monthlyTurnover: months(1_000_000), existingDebt: 4_300_000 },
      approved(700_000, 1_000_000, ['TOTAL_CREDIT']),
    ],
    [
      'takes the next step down when total credit would be one sum over 5 × income',
      { monthlyTurnover: months(1_000_000), existingDebt: 4_300_001 },
      approved(600_000, 1_000_000, ['TOTAL_CREDIT']),
    ],
    [
      'rounds the limit down to 100,000 sum',
      { monthlyTurnover: months(1_000_000), existingDebt: 4_250_000 },
      approved(700_000, 1_000_000, ['TOTAL_CREDIT']),
    ],
    [
      'caps the first limit of a customer without credit history',
      { hasCreditHistory: false },
      approved(2_000_000, 2_000_000, ['FIRST_LIMIT_CAP']),
    ],
    [
      'rounds a cap that is not a whole step down',
      { hasCreditHistory: false, firstLimitCap: 2_050_000 },
      approved(2_000_000, 2_000_000, ['FIRST_LIMIT_CAP']),
    ],
    [
      'names every rule that gives the same limit',
      { hasCreditHistory: false, firstLimitCap: 8_300_000 },
      approved(8_300_000, 2_000_000, ['DEBT_SERVICE', 'FIRST_LIMIT_CAP']),
    ],
    [
      'takes income as the six-month average rounded down',
      {
        monthlyTurnover: [1_000_000, 3_000_000, 2_000_000, 2_000_000, 2_000_000, 2_000_005],
        hasCreditHistory: false,
      },
      approved(2_000_000, 2_000_000, ['FIRST_LIMIT_CAP']),
    ],
    [
      'approves at the minimum limit of 500,000',
      { monthlyTurnover: months(120_000) },
      approved(500_000, 120_000, ['DEBT_SERVICE']),
    ],
    [
      'refuses income whose limit would stay under the minimum',
      { monthlyTurnover: months(119_999) },
      rejected('LOW_INCOME', 119_999),
    ],
    ['refuses a card with no income', { monthlyTurnover: months(0) }, rejected('LOW_INCOME', 0)],
    [
      'refuses when existing debt service already takes half the income',
      { existingMonthlyDebtService: 1_000_000 },
      rejected('DEBT_BURDEN', 2_000_000),
    ],
    [
      'refuses when existing debt leaves less than the minimum under 5 × income',
      { existingDebt: 9_600_001 },
      rejected('DEBT_BURDEN', 2_000_000),
    ],
    [
      'refuses low income as LOW_INCOME even when there are debts too',
      { monthlyTurnover: months(90_000), existingDebt: 1_000_000 },
      rejected('LOW_INCOME', 90_000),
    ],
    ['refuses anything overdue', { hasOverdue: true }, rejected('OVERDUE', 2_000_000)],
  ])('%s', (_name, overrides, expected) => {
    expect(decide(input(overrides))).toEqual(expected);
  });

  it.each<[string, string, string, boolean]>([
    ['18 on the birthday', '2008-06-15', '2026-06-15T09:00:00Z', true],
    ['17 the day before the 18th birthday', '2008-06-16', '2026-06-15T09:00:00Z', false],
    [
      '18 at 01:00 in Tashkent, still the day before in UTC',
      '2008-06-15',
      '2026-06-14T20:00:00Z',
      true,
    ],
    ['17 at 23:00 in Tashkent', '2008-06-15', '2026-06-14T18:00:00Z', false],
    ['70 on the birthday', '1956-06-15', '2026-06-15T09:00:00Z', true],
    ['70 the day before the 71st birthday', '1955-06-16', '2026-06-15T09:00:00Z', true],
    ['71 on the birthday', '1955-06-15', '2026-06-15T09:00:00Z', false],
    ['born on 29 February, 17 on 28 February', '2008-02-29', '2026-02-28T09:00:00Z', false],
    ['born on 29 February, 18 on 1 March', '2008-02-29', '2026-03-01T09:00:00Z', true],
  ])('judges age: %s', (_name, birth, today, passes) => {
    const decision = decide(input({ birthDate: new Date(birth), today: new Date(today) }));
    expect(decision).toEqual(
      passes ? expect.objectContaining({ approved: true }) : rejected('AGE', 2_000_000),
    );
  });

  it('checks age before anything overdue', () => {
    expect(decide(input({ birthDate: new Date('2010-01-01'), hasOverdue: true }))).toEqual(
      rejected('AGE', 2_000_000),
    );
  });

  it('refuses input that is not six months of whole sums as a caller mistake', () => {
    expect(() => decide(input({ monthlyTurnover: [1, 2, 3, 4, 5] }))).toThrow(RangeError);
    expect(() => decide(input({ monthlyTurnover: [1, 2, 3, 4, 5, -6] }))).toThrow(RangeError);
    expect(() => decide(input({ monthlyTurnover: [1, 2, 3, 4, 5, 6.5] }))).toThrow(RangeError);
    expect(() => decide(input({ existingDebt: -1 }))).toThrow(RangeError);
  });

  it('gives the largest step that keeps every rule, and no approved limit breaks one', () => {
    const sum = (max: number) => fc.integer({ min: 0, max });
    fc.assert(
      fc.property(
        fc.array(sum(30_000_000), { minLength: 6, maxLength: 6 }),
        sum(5_000_000),
        sum(50_000_000),
        sum(10_000_000),
        fc.boolean(),
        fc.constantFrom(
          { months: 3, markupPercent: 12 },
          { months: 6, markupPercent: 24 },
          { months: 12, markupPercent: 44 },
        ),
        (turnover, service, debt, cap, history, tariff) => {
          const given = input({
            monthlyTurnover: turnover,
            existingMonthlyDebtService: service,
            existingDebt: debt,
            firstLimitCap: cap,
            hasCreditHistory: history,
            longestTariff: tariff,
          });
          const decision = decide(given);
          const keepsRules = (limit: number) =>
            2 * (monthlyPayment(limit, tariff) + service) <= decision.income &&
            debt + limit <= 5 * decision.income &&
            (history || limit <= cap);
          if (!decision.approved) {
            expect(keepsRules(MIN_LIMIT)).toBe(false);
            return;
          }
          expect(decision.limit % LIMIT_STEP).toBe(0);
          expect(decision.limit).toBeGreaterThanOrEqual(MIN_LIMIT);
          expect(keepsRules(decision.limit)).toBe(true);
          expect(keepsRules(decision.limit + LIMIT_STEP)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
