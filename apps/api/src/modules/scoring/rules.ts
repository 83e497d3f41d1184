/** Scoring's settings, from SCORING_RETRY_DAYS and SCORING_FIRST_LIMIT_CAP. */
export interface ScoringRules {
  /** Days after a rejection before a new try. */
  retryDays: number;
  /** The largest first limit of a customer with no credit history, in sum. */
  firstLimitCap: number;
}

export const DEFAULT_SCORING_RULES: ScoringRules = { retryDays: 30, firstLimitCap: 10_000_000 };
