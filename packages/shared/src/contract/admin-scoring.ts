import { z } from 'zod';
import { Id, MAX_PAGE, Money, typedText } from './common.ts';
import { ScoringStep } from './scoring-state.ts';

/** The path of a scoring in the back office: it is the customer's, one a customer. */
export const CustomerIdParams = z.object({ customerId: Id });

export const AdminScoringQueueQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** A scoring waiting for a credit officer (SCORING_MODE=review). */
export const AdminScoringQueueRow = z.object({
  customer_id: z.number().int(),
  phone: z.string(),
  /** "Surname Given Patronymic" as in the passport; null when not given. */
  full_name: z.string().nullable(),
  /** Whole sum a month, as the customer declared it. */
  declared_income: z.number().int().nullable(),
  submitted_at: z.string(),
  /** Seconds since it was sent. */
  waiting_seconds: z.number().int(),
});
export type AdminScoringQueueRow = z.infer<typeof AdminScoringQueueRow>;

export const LimitRuleName = z.enum(['DEBT_SERVICE', 'TOTAL_CREDIT', 'FIRST_LIMIT_CAP']);
export const ScoringRefusal = z.enum(['AGE', 'OVERDUE', 'LOW_INCOME', 'DEBT_BURDEN']);

/**
 * What DESIGN §4's rules allow for the declared income, worked out by the same code that decides
 * automatically: a limit from `min_limit` to `max_limit` in steps of `limit_step`, or none
 * (`refusal`).
 */
export const ScoringAllowance = z.object({
  /** The income the caps are worked out from: the declared one (0 when none was declared). */
  income: z.number().int(),
  /** Why no limit can be approved; null when one can. */
  refusal: ScoringRefusal.nullable(),
  /** The largest limit the rules allow; 0 with a refusal. */
  max_limit: z.number().int(),
  min_limit: z.number().int(),
  limit_step: z.number().int(),
  /** Each cap, in steps of limit_step: payments within 50 % of income, 5 × income, the first-limit cap. */
  caps: z.object({
    debt_service: z.number().int(),
    total_credit: z.number().int(),
    /** SCORING_FIRST_LIMIT_CAP; null for a customer with credit history. */
    first_limit: z.number().int().nullable(),
  }),
  /** The caps that set max_limit. */
  binding: z.array(LimitRuleName),
  /** The longest tariff, whose monthly payment the debt-service cap is measured on. */
  longest_tariff: z.object({ months: z.number().int(), markup_percent: z.number() }).nullable(),
});
export type ScoringAllowance = z.infer<typeof ScoringAllowance>;

/** A customer's scoring as a credit officer reviews it: identity masked, what the rules allow. */
export const AdminScoringFile = z.object({
  customer_id: z.number().int(),
  phone: z.string(),
  /** The customer's language: the outcome's SMS goes in it. */
  lang: z.string(),
  step: ScoringStep,
  /** While in review: when it was sent and how long it has waited. */
  submitted_at: z.string().nullable(),
  waiting_seconds: z.number().int().nullable(),
  person: z.object({
    surname: z.string().nullable(),
    given_name: z.string().nullable(),
    patronymic: z.string().nullable(),
    full_name: z.string().nullable(),
    /** Masked; the whole one through POST /api/admin/customers/{id}/reveal-identity (audited). */
    passport: z.string().nullable(),
    pinfl: z.string().nullable(),
    birth_date: z.string().nullable(),
    /** Whole years today (Tashkent). */
    age: z.number().int().nullable(),
    declared_income: z.number().int().nullable(),
  }),
  /** The card scoring was given, masked. */
  card: z
    .object({
      id: z.number().int(),
      number: z.string(),
      type: z.string(),
      expire: z.string(),
    })
    .nullable(),
  guarantors: z.array(
    z.object({
      id: z.number().int(),
      full_name: z.string(),
      phone: z.string(),
      /** Who they are to the customer, in the request's language. */
      relative_type: z.string(),
    }),
  ),
  /** GET it with the staff session (scoring.review); never cached. */
  face_image_url: z.string().nullable(),
  face_checked_at: z.string().nullable(),
  allowance: ScoringAllowance,
  /** The last decision, automatic or a credit officer's; null before any. */
  decision: z
    .object({
      decided_at: z.string(),
      approved: z.boolean(),
      limit: z.number().int(),
      reason: z.string().nullable(),
      reason_text: z.string().nullable(),
      retry_at: z.string().nullable(),
    })
    .nullable(),
});
export type AdminScoringFile = z.infer<typeof AdminScoringFile>;

/** Approves with this limit: whole sum, within what the rules allow (ScoringAllowance). */
export const ApproveScoringBody = z.object({ limit: Money });

/** Rejects; the reason is shown to the customer as written, in the notice and the SMS. */
export const RejectScoringBody = z.object({
  reason: typedText().min(3, 'field_required').max(500, 'field_too_long'),
});
