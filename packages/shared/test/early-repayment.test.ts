import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dueNowOf,
  earlyRepaymentRefusal,
  type PlannedInstallment,
  planPayment,
} from '../src/early-repayment.ts';
import { buildSchedule } from '../src/installment.ts';

const TODAY = '2026-03-10';

/** A fresh schedule of `amounts`, due on the 15th from April on (nothing due on TODAY). */
function schedule(amounts: number[], firstMonth = 4): PlannedInstallment[] {
  return amounts.map((amount, i) => {
    const month = firstMonth + i;
    const year = 2026 + Math.floor((month - 1) / 12);
    const mm = String(((month - 1) % 12) + 1).padStart(2, '0');
    return { dueDate: `${year}-${mm}-15`, amount, penalty: 0, paid: 0 };
  });
}

const owedAfter = (rows: PlannedInstallment[], takes: number[]) =>
  rows.map((row, i) => row.amount + row.penalty - row.paid - (takes[i] ?? 0));

describe('planPayment', () => {
  const rows = schedule([100_000, 100_000, 100_000, 100_000, 100_000, 60_000]);

  it('pays oldest first without a mode, as a payment always went', () => {
    expect(planPayment(rows, 150_000, TODAY, null)).toEqual([100_000, 50_000, 0, 0, 0, 0]);
  });

  it('pays the last installments first for a shorter term', () => {
    expect(planPayment(rows, 150_000, TODAY, 'shorter_term')).toEqual([0, 0, 0, 0, 90_000, 60_000]);
  });

  it('lowers every installment left to one level for smaller installments', () => {
    const takes = planPayment(rows, 150_000, TODAY, 'smaller_installments');
    expect(owedAfter(rows, takes)).toEqual([70_000, 70_000, 70_000, 70_000, 70_000, 60_000]);
  });

  it('keeps the few sum the level leaves over on the last installments', () => {
    const takes = planPayment(rows, 150_003, TODAY, 'smaller_installments');
    expect(owedAfter(rows, takes)).toEqual([69_900, 69_900, 69_900, 69_900, 70_397, 60_000]);
  });

  it('pays what is due first, oldest first with its penalty, whatever the mode', () => {
    const late = schedule([100_000, 100_000, 100_000, 100_000], 1).map((row, i) =>
      i === 0 ? { ...row, penalty: 1_000 } : row,
    );
    // January and February are due on TODAY (10 March): 201,000 of them, then 49,000 early
    expect(dueNowOf(late, TODAY)).toBe(201_000);
    expect(planPayment(late, 250_000, TODAY, 'shorter_term')).toEqual([
      101_000, 100_000, 0, 49_000,
    ]);
    expect(planPayment(late, 150_000, TODAY, 'smaller_installments')).toEqual([
      101_000, 49_000, 0, 0,
    ]);
  });

  it('never touches a paid installment and refuses more than is owed', () => {
    const partly = rows.map((row, i) => (i === 0 ? { ...row, paid: 100_000 } : row));
    expect(planPayment(partly, 460_000, TODAY, 'smaller_installments')[0]).toBe(0);
    expect(() => planPayment(partly, 460_001, TODAY, 'shorter_term')).toThrow(RangeError);
    expect(() => planPayment(partly, 0, TODAY, null)).toThrow(RangeError);
  });

  it('keeps its promises for any schedule, sum and mode', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 50_000 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 11 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('shorter_term' as const, 'smaller_installments' as const),
        (thousands, months, paidMonths, share, mode) => {
          const amounts = buildSchedule(thousands * 1_000, { months, markupPercent: 24 });
          const before = schedule(amounts).map((row, i) =>
            i < Math.min(paidMonths, months - 1) ? { ...row, paid: row.amount } : row,
          );
          const owed = before.reduce((sum, row) => sum + row.amount - row.paid, 0);
          const amount = Math.max(1, Math.round(owed * share));
          const takes = planPayment(before, amount, TODAY, mode);
          const after = owedAfter(before, takes);
          expect(takes.reduce((sum, t) => sum + t, 0)).toBe(amount);
          for (const [i, row] of before.entries()) {
            expect(after[i]).toBeGreaterThanOrEqual(0);
            if (row.paid === row.amount) expect(takes[i]).toBe(0);
          }
          const leftBefore = before.filter((row) => row.paid < row.amount).length;
          const left = after.filter((o) => o > 0);
          if (amount === owed) {
            expect(left).toEqual([]);
          } else if (mode === 'shorter_term') {
            // the ones left are the first ones, all but the last at their sums
            const firstLeft = after.findIndex((o) => o > 0);
            expect(after.slice(firstLeft, firstLeft + left.length).every((o) => o > 0)).toBe(true);
            left.slice(0, -1).forEach((o, j) => {
              const row = before[firstLeft + j]!;
              expect(o).toBe(row.amount - row.paid);
            });
            const last = before.at(-1)!;
            if (amount >= last.amount) expect(left.length).toBeLessThan(leftBefore);
          } else if (owed - amount >= 100 * leftBefore) {
            expect(left.length).toBe(leftBefore);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('earlyRepaymentRefusal', () => {
  const credit = { remaining: 500_000, dueNow: 30_000, monthlyPayment: 100_000 };

  it('takes what is due or less, one installment or more, or the whole rest', () => {
    for (const amount of [1, 30_000, 100_000, 499_999, 500_000]) {
      expect(earlyRepaymentRefusal(amount, credit), String(amount)).toBeNull();
    }
    expect(earlyRepaymentRefusal(30_000, { ...credit, remaining: 30_000 })).toBeNull();
  });

  it('refuses a sum beyond what is due but under one installment, and one above the rest', () => {
    expect(earlyRepaymentRefusal(30_001, credit)).toBe('amount_below_installment');
    expect(earlyRepaymentRefusal(99_999, credit)).toBe('amount_below_installment');
    expect(earlyRepaymentRefusal(500_001, credit)).toBe('amount_above_debt');
  });
});
