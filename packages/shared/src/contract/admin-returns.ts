import { z } from 'zod';
import { MAX_PAGE } from './common.ts';
import { PaymentType, ReturnRequestStatus } from './orders.ts';

export const AdminReturnsQuery = z.object({
  /** Waiting ones (`requested`) by default: the queue staff work through. */
  status: ReturnRequestStatus.default('requested'),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** A return request in the back office's queue: the longest waiting first. */
export const AdminReturnRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  status: ReturnRequestStatus,
  customer_id: z.number().int(),
  customer_phone: z.string(),
  /** Surname and given name from the passport; null before scoring asked them. */
  customer_name: z.string().nullable(),
  /** The order's total, whole sum. */
  amount: z.number().int(),
  payment_type: PaymentType,
  /** The customer's own words; null when none were given. */
  reason: z.string().nullable(),
  reject_reason: z.string().nullable(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  /** Whole hours it waited for a decision (until now while it waits). */
  waited_hours: z.number().int(),
});
export type AdminReturnRow = z.infer<typeof AdminReturnRow>;

/** Accepting needs no words; a note, when given, goes to the order's history and the audit log. */
export const AcceptReturnBody = z
  .object({ note: z.string().trim().min(3, 'field_required').max(500, 'field_too_long') })
  .partial()
  .nullish();

/** Why staff reject a return: the customer reads it in the notice, the SMS and the order page. */
export const RejectReturnBody = z.object({
  reason: z.string().trim().min(3, 'field_required').max(500, 'field_too_long'),
});
