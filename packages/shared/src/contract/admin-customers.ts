import { z } from 'zod';
import { DeliveryAddress } from './addresses.ts';
import { ErrorBody, MAX_PAGE, Money } from './common.ts';

/** Any part of the phone's digits, or `#` and a customer number. */
const NUMBER_SEARCH = /^#?\d{1,12}$/;
/**
 * Words of the passport name: 2 to 60 Latin or Cyrillic letters, spaces, apostrophes (as phones
 * and keyboards type them) and hyphens, with at least one letter.
 */
const NAME_SEARCH =
  /^(?=.*[A-Za-z\u0400-\u04FF])[A-Za-z\u0400-\u04FF '`\u2018\u2019\u02BB\u02BC-]{2,60}$/;

/** Whether the back office's customer search reads a query (trimmed): digits, #number or name. */
export function isCustomerSearch(q: string): boolean {
  return NUMBER_SEARCH.test(q) || NAME_SEARCH.test(q);
}

/** True for the digit forms (phone digits or `#` and a number); a name otherwise. */
export function isNumberSearch(q: string): boolean {
  return NUMBER_SEARCH.test(q);
}

export const AdminCustomersQuery = z.object({
  /** Any part of the phone's digits, `#` and a customer number, or words of the passport name. */
  q: z.string().trim().refine(isCustomerSearch, 'customer_search_invalid').optional(),
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
  /** "Surname Given Patronymic" as in the passport; null before scoring asked for it. */
  full_name: z.string().nullable(),
  order_count: z.number().int(),
  credit_count: z.number().int(),
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

/** A saved delivery address; `current` marks the one the next order goes to. */
export const AdminCustomerAddress = DeliveryAddress.extend({ current: z.boolean() });
export type AdminCustomerAddress = z.infer<typeof AdminCustomerAddress>;

/** A live session of the customer's (never its token); use is not tracked for customers. */
export const AdminCustomerSession = z.object({
  id: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string().nullable(),
});
export type AdminCustomerSession = z.infer<typeof AdminCustomerSession>;

export const AdminCustomerDetail = AdminCustomerRow.extend({
  surname: z.string().nullable(),
  given_name: z.string().nullable(),
  patronymic: z.string().nullable(),
  /** The monthly income the customer declared to scoring, in sum. */
  declared_income: z.number().int().nullable(),
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
  /** Oldest chosen first; the last one is current. */
  addresses: z.array(AdminCustomerAddress),
  /** Newest first. */
  sessions: z.array(AdminCustomerSession),
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
