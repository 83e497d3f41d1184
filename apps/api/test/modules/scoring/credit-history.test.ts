import { describe, expect, it } from 'vitest';
import {
  creditHistoryOf,
  NO_CREDIT_HISTORY,
  SERIOUS_DELAY_DAYS,
} from '../../../src/modules/scoring/credit-history.ts';

describe('creditHistoryOf', () => {
  it('sums the monthly payments and what is owed over every open credit', () => {
    expect(
      creditHistoryOf({
        credits: [
          { lender: 'A', monthlyPayment: 1_000_000, outstanding: 9_000_000 },
          { lender: 'B', monthlyPayment: 500_000, outstanding: 2_500_000 },
        ],
        worstDaysLate: 30,
      }),
    ).toEqual({
      existingMonthlyDebtService: 1_500_000,
      existingDebt: 11_500_000,
      hasOverdue: false,
      hasCreditHistory: true,
    });
  });

  it('counts a delay of 90 days or more within the last 12 months as overdue, not 89', () => {
    expect(SERIOUS_DELAY_DAYS).toBe(90);
    const late = (worstDaysLate: number) => creditHistoryOf({ credits: [], worstDaysLate });
    expect(late(89).hasOverdue).toBe(false);
    expect(late(90).hasOverdue).toBe(true);
    expect(late(400).hasOverdue).toBe(true);
  });

  it('reads a report without credits or delays as no history at all', () => {
    expect(creditHistoryOf({ credits: [], worstDaysLate: 0 })).toEqual(NO_CREDIT_HISTORY);
  });
});
