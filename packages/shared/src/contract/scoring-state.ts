import { z } from 'zod';

/** Where a customer's one-time scoring stands; it lives on the server, so it survives a reload. */
export const SCORING_STEPS = [
  'personal',
  'face',
  'card',
  'guarantors',
  'decision',
  'approved',
  'rejected',
] as const;
export const ScoringStep = z.enum(SCORING_STEPS);
export type ScoringStep = z.infer<typeof ScoringStep>;

export const ScoringState = z.object({
  step: ScoringStep,
  /** What the customer gave, masked: only they read it back. */
  personal: z
    .object({ passport: z.string(), pinfl: z.string(), birth_date: z.string() })
    .nullable(),
  /** The card scoring reads the turnover of. */
  card_id: z.number().int().nullable(),
  guarantors: z.number().int(),
  /** After a rejection: when a new try is possible. */
  retry_at: z.string().nullable(),
  /** After a rejection: its code (AGE, OVERDUE, LOW_INCOME, DEBT_BURDEN). */
  reason: z.string().nullable(),
});
export type ScoringState = z.infer<typeof ScoringState>;
