import { z } from 'zod';

/** Where a customer's one-time scoring stands; it lives on the server, so it survives a reload. */
export const SCORING_STEPS = [
  'personal',
  'face',
  'card',
  'guarantors',
  'decision',
  /** Sent, waiting for a credit officer's decision (SCORING_MODE=review). */
  'review',
  'approved',
  'rejected',
] as const;
export const ScoringStep = z.enum(SCORING_STEPS);
export type ScoringStep = z.infer<typeof ScoringStep>;

export const ScoringState = z.object({
  step: ScoringStep,
  /** What the customer gave, masked: only they read it back. */
  personal: z
    .object({
      passport: z.string(),
      pinfl: z.string(),
      birth_date: z.string(),
      /** The name as in the passport; null for a customer scored before it was asked. */
      surname: z.string().nullable(),
      given_name: z.string().nullable(),
      patronymic: z.string().nullable(),
      /** Declared monthly income in sum; null as the name. */
      monthly_income: z.number().int().nullable(),
    })
    .nullable(),
  /** The card scoring reads the turnover of. */
  card_id: z.number().int().nullable(),
  guarantors: z.number().int(),
  /** After a rejection: when a new try is possible. */
  retry_at: z.string().nullable(),
  /** After a rejection: its code (AGE, OVERDUE, LOW_INCOME, DEBT_BURDEN, REVIEW). */
  reason: z.string().nullable(),
  /** After a credit officer's rejection (REVIEW): their reason, as they wrote it. */
  reason_text: z.string().nullable(),
  /** In review: when the customer sent it. */
  review_since: z.string().nullable(),
});
export type ScoringState = z.infer<typeof ScoringState>;
