import { z } from 'zod';
import { ErrorBody, MAX_PAGE, Money } from './common.ts';

export const AdminCustomersQuery = z.object({
  /** Any part of the phone's digits, or `#` and a customer number. */
  q: z
    .string()
    .trim()
    .regex(/^#?\d{1,12}$/, 'customer_search_invalid')
    .optional(),
  blocked: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const AdminCustomerRow = z.object({
  id: z.number().int(),
  phone: z.string(),
  lang: z.string(),
  scored: z.boolean(),
  credit_limit: z.number().int(),
  blocked: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type AdminCustomerRow = z.infer<typeof AdminCustomerRow>;

/**
 * The rules of the automatic decision that bound a limit (DESIGN §4): debt service within 50 % of
 * income on the longest tariff, total credit within 5 × income, the first-limit cap of a customer
 * without credit history; or an income too low for any limit.
 */
export const LimitCapRule = z.enum([
  'DEBT_SERVICE',
  'TOTAL_CREDIT',
  'FIRST_LIMIT_CAP',
  'LOW_INCOME',
]);
export type LimitCapRule = z.infer<typeof LimitCapRule>;

/** The highest limit staff may set, and the rule that sets it, with the rule in words. */
export const LimitCaps = z.object({
  max: z.number().int(),
  reason: LimitCapRule,
  /** The rule and the sum it allows, in the caller's language. */
  text: z.string(),
});
export type LimitCaps = z.infer<typeof LimitCaps>;

export const AdminCustomerDetail = AdminCustomerRow.extend({
  /** Only for a customer whose scoring was approved; null otherwise. */
  limit_caps: LimitCaps.nullable(),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string().nullable(),
  live_sessions: z.number().int(),
  scoring: z
    .object({
      passport: z.string().nullable(),
      pinfl: z.string().nullable(),
      birth_date: z.string().nullable(),
      decided_at: z.string().nullable(),
      approved: z.boolean().nullable(),
      income: z.number().int().nullable(),
      reasons: z.array(z.string()),
      retry_at: z.string().nullable(),
    })
    .nullable(),
  orders: z.array(
    z.object({
      id: z.number().int(),
      status: z.number().int(),
      payment_type: z.string(),
      total: z.number().int(),
      created_at: z.string(),
    }),
  ),
  credits: z.array(
    z.object({
      id: z.number().int(),
      order_id: z.number().int().nullable(),
      status: z.string(),
      financed: z.number().int(),
      created_at: z.string(),
    }),
  ),
  cards: z.array(z.object({ id: z.number().int(), number: z.string(), type: z.string() })),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetail>;

export const BlockCustomerBody = z.object({
  reason: z.string().trim().min(3, 'field_required').max(500, 'field_too_long'),
});

/** A customer's full passport and PINFL, each look at them recorded in the audit log. */
export const RevealedIdentity = z.object({
  passport: z.string().nullable(),
  pinfl: z.string().nullable(),
});

/** `POST /admin/customers/:id/limit`: 0 freezes the limit; at most `limit_caps.max`. */
export const ChangeLimitBody = z.object({
  limit: Money,
  reason: z.string().trim().min(3, 'field_required').max(500, 'field_too_long'),
});

/** The 422 of a limit above the rules: the highest allowed and the rule that sets it. */
export const LimitRefusal = ErrorBody.extend({
  data: z.object({ max: z.number().int(), reason: LimitCapRule }),
});
