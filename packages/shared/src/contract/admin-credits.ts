import { z } from 'zod';
import { MAX_PAGE, typedText } from './common.ts';
import { CreditDetail, CreditStatus, Payment, PaymentPurpose, PositiveMoney } from './orders.ts';

/** Days past due of a credit's oldest unpaid installment, in the buckets collections work by. */
export const AgingBucket = z.enum(['1-30', '31-60', '61-90', '90+']);
export type AgingBucket = z.infer<typeof AgingBucket>;

export const Portfolio = z.object({
  /** Credits by status: not_signed, active, overdue, closed, cancelled. */
  counts: z.record(z.string(), z.number().int()),
  /** Still owed on active and overdue credits, whole sum. */
  outstanding: z.number().int(),
  /** Owed on installments past their due date. */
  overdue: z.number().int(),
  buckets: z.array(
    z.object({
      bucket: AgingBucket,
      credits: z.number().int(),
      /** Owed on past-due installments of the credits in the bucket. */
      overdue: z.number().int(),
      /** Everything still owed on those credits. */
      outstanding: z.number().int(),
    }),
  ),
  /** Share of the outstanding sum on credits more than 30 days late, 0 to 1. */
  par30: z.number(),
});
export type Portfolio = z.infer<typeof Portfolio>;

export const CollectionsQuery = z.object({
  bucket: AgingBucket.optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const ContactOutcome = z.enum([
  'reached',
  'promised',
  'no_answer',
  'wrong_number',
  'refused',
]);

/** A late credit to call: most days late first. */
export const CollectionRow = z.object({
  credit_id: z.number().int(),
  /** The contract's number, `BZ-2026-000123`: what the customer and the branch call the credit. */
  code: z.string(),
  order_id: z.number().int().nullable(),
  customer_id: z.number().int(),
  customer_phone: z.string(),
  days_late: z.number().int(),
  bucket: AgingBucket,
  /** Owed on past-due installments, penalties included. */
  overdue: z.number().int(),
  outstanding: z.number().int(),
  /** Due date of the oldest unpaid installment, YYYY-MM-DD. */
  oldest_due_date: z.string(),
  /** Due date of the next unpaid installment not late yet (today or later); null when none is left. */
  next_due_date: z.string().nullable(),
  last_contact: z
    .object({
      outcome: ContactOutcome,
      promise_date: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type CollectionRow = z.infer<typeof CollectionRow>;

export const ContactBody = z
  .object({
    outcome: ContactOutcome,
    /** The day the customer promised to pay, YYYY-MM-DD (with `promised`). */
    promise_date: z.iso.date().optional(),
    note: z.string().trim().max(1000, 'field_too_long').default(''),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === 'promised' && !body.promise_date) {
      ctx.addIssue({ code: 'custom', path: ['promise_date'], message: 'field_required' });
    }
  });

export const CreditContact = z.object({
  id: z.number().int(),
  outcome: ContactOutcome,
  promise_date: z.string().nullable(),
  note: z.string(),
  staff_email: z.string(),
  at: z.string(),
});
export type CreditContact = z.infer<typeof CreditContact>;

export const LedgerLine = z.object({
  id: z.number().int(),
  kind: z.string(),
  amount: z.number().int(),
  order_id: z.number().int().nullable(),
  receipt_id: z.string().nullable(),
  at: z.string(),
});

/**
 * A payment as staff see it: the customer's view, and for cash the branch's paper receipt number
 * and the member of staff who took the money.
 */
export const StaffPayment = Payment.extend({
  receipt_number: z.string().nullable(),
  taken_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});
export type StaffPayment = z.infer<typeof StaffPayment>;

/** A credit as staff see it: the customer's view, whose it is, the ledger and the calls. */
export const AdminCreditDetail = z.object({
  credit: CreditDetail.extend({ payments: z.array(StaffPayment) }),
  customer: z.object({ id: z.number().int(), phone: z.string() }),
  ledger: z.array(LedgerLine),
  contacts: z.array(CreditContact),
});
export type AdminCreditDetail = z.infer<typeof AdminCreditDetail>;

/**
 * `POST /admin/credits/:id/cash-payments`: cash a customer paid at a branch, with the number of
 * the paper receipt the branch gave (once in the shop). Takes an `Idempotency-Key`. The number is
 * read as staff copy it off paper: inner spaces collapsed to one and upper-cased, so `ab  1796`
 * and `AB 1796` are one receipt.
 */
export const CashPaymentBody = z.object({
  amount: PositiveMoney,
  receipt_number: typedText()
    .overwrite((v) => v.replace(/\s+/g, ' '))
    .toUpperCase()
    .min(1, 'field_required')
    .max(40, 'field_too_long')
    .regex(/^[\p{L}\d][\p{L}\d /-]*$/u, 'text_invalid'),
});

/** What a cash payment did: the payment, and where the credit stands after it. */
export const CashPayment = z.object({
  payment_id: z.number().int(),
  credit_id: z.number().int(),
  order_id: z.number().int(),
  amount: z.number().int(),
  receipt_number: z.string(),
  /** `installment`, or `early` when it paid the whole rest. */
  purpose: PaymentPurpose,
  credit_status: CreditStatus,
  /** What remains to be paid on the credit. */
  remaining: z.number().int(),
  paid_at: z.string(),
});
export type CashPayment = z.infer<typeof CashPayment>;
