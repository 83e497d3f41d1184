import type { BureauReport } from '../../providers/bureau/index.ts';

/**
 * A payment this many days late or more within the last 12 months is a serious delay, and scoring
 * refuses (OVERDUE): 90 days past due is where lenders count a credit as non-performing (the
 * Basel definition of default), while a shorter delay is credit history, not a refusal.
 */
export const SERIOUS_DELAY_DAYS = 90;

/** What the decision rules read of a customer's credits elsewhere. Money is whole sum. */
export interface CreditHistory {
  /** What the customer pays a month on all open credits. */
  existingMonthlyDebtService: number;
  /** What the customer still owes on all open credits. */
  existingDebt: number;
  /** A delay of SERIOUS_DELAY_DAYS or more within the last 12 months. */
  hasOverdue: boolean;
  /** Any open credit: the first-limit cap is only for a customer with none. */
  hasCreditHistory: boolean;
}

/** A customer the bureau knows nothing of, and a credit officer's file where there is no bureau. */
export const NO_CREDIT_HISTORY: CreditHistory = {
  existingMonthlyDebtService: 0,
  existingDebt: 0,
  hasOverdue: false,
  hasCreditHistory: false,
};

/** The bureau's report as the decision rules read it. */
export function creditHistoryOf(report: BureauReport): CreditHistory {
  return {
    existingMonthlyDebtService: report.credits.reduce((sum, c) => sum + c.monthlyPayment, 0),
    existingDebt: report.credits.reduce((sum, c) => sum + c.outstanding, 0),
    hasOverdue: report.worstDaysLate >= SERIOUS_DELAY_DAYS,
    hasCreditHistory: report.credits.length > 0,
  };
}
