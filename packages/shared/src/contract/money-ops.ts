import { z } from 'zod';
import { PaymentPurpose, PaymentState } from './orders.ts';

/** A Tashkent day, YYYY-MM-DD. */
export const DayParams = z.object({ day: z.iso.date() });

export const MismatchKind = z.enum([
  'receipt_without_payment',
  'payment_without_receipt',
  'amount_differs',
  'refund_not_recorded',
  'refund_not_at_gateway',
  'payment_not_settled',
  'ledger_missing',
  'money_unsettled',
]);

/** One thing the card gateway and the shop disagree on; amounts in whole sum. */
export const Mismatch = z.object({
  id: z.number().int(),
  kind: MismatchKind,
  receipt_id: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  gateway_amount: z.number().int().nullable(),
  shop_amount: z.number().int().nullable(),
  detail: z.string(),
  /** When a member of staff closed it, and what they noted; null while it waits for a person. */
  resolved_at: z.string().nullable(),
  resolution_note: z.string().nullable(),
});
export type Mismatch = z.infer<typeof Mismatch>;

/** A mismatch still waiting for a person, with the day whose comparison found it. */
export const OpenMismatch = Mismatch.extend({ day: z.iso.date() });
export type OpenMismatch = z.infer<typeof OpenMismatch>;

/** Closing a mismatch: what the person found and did (e.g. "refunded by hand in the cabinet"). */
export const ResolveMismatchBody = z.object({ note: z.string().trim().min(3).max(500) });
export type ResolveMismatchBody = z.infer<typeof ResolveMismatchBody>;

/** The daily comparison of the gateway's receipts with the shop's payments and ledger. */
export const ReconciliationReport = z.object({
  day: z.iso.date(),
  gateway: z.string(),
  receipts: z.number().int(),
  payments: z.number().int(),
  checked_at: z.string(),
  mismatches: z.array(Mismatch),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReport>;

/**
 * Why a payment was handed to a person (DESIGN §6a):
 * - `cash_return`: cash paid at a branch is to be refunded, and only a branch can hand it back;
 * - `refund_no_receipt`: a refund was decided for a payment that has no gateway receipt;
 * - `refund_stuck`: the gateway will not cancel a refund's receipt;
 * - `paid_cancelled`: an unpaid receipt was cancelled, but it had been paid a moment before;
 * - `settle_failed`: money the gateway took could not be recorded, again and again;
 * - `check_stuck`: the gateway has not said for a long while whether a debit went through (its
 *   receipt held in processing, or not found); it is still asked about and settles itself.
 */
export const AttentionKind = z.enum([
  'cash_return',
  'refund_no_receipt',
  'refund_stuck',
  'paid_cancelled',
  'settle_failed',
  'check_stuck',
]);
export type AttentionKind = z.infer<typeof AttentionKind>;

/**
 * What a person does with a payment handed to them: record it paid (after checking the gateway's
 * cabinet), record a refund made outside the shop, try the refund again now, record cash handed
 * back at a branch, or mark it handled (its state then follows the ledger). Each needs a note.
 */
export const AttentionAction = z.enum([
  'record_paid',
  'record_refund',
  'retry_refund',
  'cash_returned',
  'mark_handled',
]);
export type AttentionAction = z.infer<typeof AttentionAction>;

export const ResolveAttentionBody = z.object({
  action: AttentionAction,
  note: z.string().trim().min(3).max(500),
});
export type ResolveAttentionBody = z.infer<typeof ResolveAttentionBody>;

/** A payment whose money could not be settled: a person decides what to do with it. */
export const AttentionPayment = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  order_id: z.number().int(),
  credit_id: z.number().int().nullable(),
  purpose: PaymentPurpose,
  amount: z.number().int(),
  receipt_id: z.string().nullable(),
  attention_kind: AttentionKind,
  /** The system's own words about it, for the detail (English). */
  reason: z.string().nullable(),
  /** What a person may do with it. */
  actions: z.array(AttentionAction),
  customer_phone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AttentionPayment = z.infer<typeof AttentionPayment>;

/** A payment after a person acted on it. */
export const ResolvedPayment = z.object({
  id: z.number().int(),
  state: PaymentState,
  attention_kind: AttentionKind.nullable(),
});
export type ResolvedPayment = z.infer<typeof ResolvedPayment>;
