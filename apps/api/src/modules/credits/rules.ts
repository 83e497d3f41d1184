/** DESIGN §4's late-payment rules (GRACE_DAYS, PENALTY_PERCENT). */
export interface CreditRules {
  /** Days after the due date before an unpaid installment is overdue. */
  graceDays: number;
  /** The one penalty of an overdue installment, in percent of it. */
  penaltyPercent: number;
}

export const DEFAULT_CREDIT_RULES: CreditRules = { graceDays: 3, penaltyPercent: 1 };
