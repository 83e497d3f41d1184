import { z } from 'zod';
import { FISCAL_KINDS } from '../fiscal.ts';
import { pageQueryOf } from './common.ts';

export const FiscalKindSchema = z.enum(FISCAL_KINDS);
export const FiscalState = z.enum(['pending', 'registered', 'failed']);
export type FiscalState = z.infer<typeof FiscalState>;

/**
 * A fiscal receipt as the customer sees it in an order's or a credit's history: what it was for,
 * its sum and, once registered, its fiscal sign and the link its QR code holds.
 */
export const FiscalReceiptView = z.object({
  id: z.number().int(),
  /** null until its lines are built (moments after the payment). */
  kind: FiscalKindSchema.nullable(),
  /** The payment it is for; null for the handover of goods bought on installments. */
  payment_id: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  state: FiscalState,
  url: z.string().nullable(),
  fiscal_sign: z.string().nullable(),
  terminal_id: z.string().nullable(),
  receipt_seq: z.string().nullable(),
  registered_at: z.string().nullable(),
  created_at: z.string(),
});
export type FiscalReceiptView = z.infer<typeof FiscalReceiptView>;

export const FiscalLineView = z.object({
  title: z.string(),
  ikpu: z.string(),
  package_code: z.string(),
  units: z.number().int().nullable(),
  count: z.number().int(),
  unit_price: z.number().int(),
  sum: z.number().int(),
  vat_percent: z.number().int(),
  /** tiyin */
  vat: z.number().int(),
  delivery: z.boolean(),
});

/** A receipt as staff see it: its lines, its tries and why the last one failed. */
export const AdminFiscalReceipt = FiscalReceiptView.extend({
  order_id: z.number().int(),
  customer_id: z.number().int(),
  event: z.enum(['payment', 'refund', 'handover']),
  paid_by: z.enum(['card', 'cash', 'credit']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  lines: z.array(FiscalLineView).nullable(),
});
export type AdminFiscalReceipt = z.infer<typeof AdminFiscalReceipt>;

export const AdminFiscalQuery = pageQueryOf({ max: 100, fallback: 20 }).extend({
  state: FiscalState.optional(),
  order_id: z.coerce.number().int().positive().optional(),
});
