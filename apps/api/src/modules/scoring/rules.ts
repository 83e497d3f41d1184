/**
 * How scoring decides: `auto` from the card's turnover (the sandbox gateway has one), `review` by
 * a credit officer in the back office within the same rules, where the card gateway offers no
 * turnover (Payme).
 */
export type ScoringMode = 'auto' | 'review';
export const SCORING_MODES = ['auto', 'review'] as const satisfies readonly ScoringMode[];

/** Scoring's settings, from SCORING_MODE, SCORING_RETRY_DAYS and SCORING_FIRST_LIMIT_CAP. */
export interface ScoringRules {
  mode: ScoringMode;
  /** Days after a rejection before a new try. */
  retryDays: number;
  /** The largest first limit of a customer with no credit history, in sum. */
  firstLimitCap: number;
}

export const DEFAULT_SCORING_RULES: ScoringRules = {
  mode: 'auto',
  retryDays: 30,
  firstLimitCap: 10_000_000,
};
