import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { payments } from './orders.ts';

/**
 * The sandbox card gateway's own books (`providers/payments/sandbox.ts`): the receipts it issued,
 * as a card processor keeps them, so a receipt outlives the process that created it and any API
 * process can ask about it. The shop's tables never refer to these rows.
 */
export const sandboxReceipts = pgTable(
  'sandbox_receipts',
  {
    id: text('id').primaryKey(),
    /** Whole sum. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The shop's reference for the receipt (its payment key). */
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    /** `ReceiptState`: created, paying, paid, cancelling, cancelled. */
    state: text('state').notNull().default('created'),
    /** A receipt held 'paying' (a test card's) becomes paid at this time. */
    settlesAt: timestamp('settles_at', { withTimezone: true }),
    /** The card token it was paid with. */
    token: text('token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('sandbox_receipts_created_idx').on(t.createdAt),
    check(
      'sandbox_receipts_state_check',
      sql`${t.state} in ('created', 'paying', 'paid', 'cancelling', 'cancelled')`,
    ),
    check('sandbox_receipts_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The Click adapter's own books (`providers/payments/click.ts`). Click pays a card token in one
 * call and keeps no receipt before it, so the adapter keeps each receipt Bozor creates: its
 * amount, its fiscal lines and the merchant_trans_id of its current attempt to pay, by which
 * Click is asked about a payment whose answer was lost. The shop's tables never refer to these
 * rows.
 */
export const clickReceipts = pgTable(
  'click_receipts',
  {
    id: text('id').primaryKey(),
    /** Whole sum. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The shop's reference for the receipt (its payment key). */
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    /** What the receipt is for, line by line (`{ kind, lines }`), sent to Click's OFD once paid. */
    fiscal: jsonb('fiscal'),
    /** created (no payment at Click, or its last one failed), paying, paid, cancelled. */
    state: text('state').notNull().default('created'),
    /** Attempts to pay so far; each has its own merchant_trans_id, `<id>-<attempt>`. */
    attempt: smallint('attempt').notNull().default(0),
    /** When the last attempt was sent: Click is asked about it by its day. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /** Click's payment_id of the last attempt, once known. */
    paymentId: text('payment_id'),
    /** When the fiscal lines were accepted by Click, and the last refusal meanwhile. */
    fiscalSubmittedAt: timestamp('fiscal_submitted_at', { withTimezone: true }),
    fiscalError: text('fiscal_error'),
    fiscalAttempts: smallint('fiscal_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('click_receipts_created_idx').on(t.createdAt),
    check(
      'click_receipts_state_check',
      sql`${t.state} in ('created', 'paying', 'paid', 'cancelled')`,
    ),
    check('click_receipts_amount_check', sql`${t.amount} > 0`),
  ],
);

export const MISMATCH_KINDS = [
  'receipt_without_payment',
  'payment_without_receipt',
  'amount_differs',
  'refund_not_recorded',
  'refund_not_at_gateway',
  'payment_not_settled',
  'ledger_missing',
  'money_unsettled',
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

/**
 * The daily comparison of a card gateway's receipts with the shop's payments and ledger
 * (DESIGN §6a), one per Tashkent day and gateway: run again for a day, it is written anew.
 */
export const reconciliationReports = pgTable(
  'reconciliation_reports',
  {
    id: serial('id').primaryKey(),
    /** The Tashkent day whose receipts and payments were compared. */
    day: date('day', { mode: 'string' }).notNull(),
    gateway: text('gateway').notNull(),
    receipts: integer('receipts').notNull(),
    payments: integer('payments').notNull(),
    mismatches: integer('mismatches').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reconciliation_reports_day_gateway_key').on(t.day, t.gateway)],
);

/** One thing the gateway and the shop disagree on, with both sides' amounts (whole sum). */
export const reconciliationMismatches = pgTable(
  'reconciliation_mismatches',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reconciliationReports.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MismatchKind>().notNull(),
    receiptId: text('receipt_id'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    gatewayAmount: bigint('gateway_amount', { mode: 'number' }),
    shopAmount: bigint('shop_amount', { mode: 'number' }),
    detail: text('detail').notNull(),
    /** When a member of staff closed it, who, and what they noted. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by'),
    resolutionNote: text('resolution_note'),
  },
  (t) => [index('reconciliation_mismatches_report_idx').on(t.reportId)],
);
