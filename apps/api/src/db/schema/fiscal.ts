import type { FiscalKind, FiscalLine } from '@bozor/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
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
import { orders, payments } from './orders.ts';
import { staff } from './staff.ts';

export const FISCAL_EVENTS = ['payment', 'refund', 'handover'] as const;
export type FiscalEvent = (typeof FISCAL_EVENTS)[number];
export const FISCAL_STATES = ['pending', 'registered', 'failed'] as const;
export type FiscalState = (typeof FISCAL_STATES)[number];

/**
 * A fiscal receipt to register with the OFD, or registered (DESIGN §6c). Written by triggers
 * (migration 0035) in the transaction that pays or refunds a payment (`payment`, `refund`) or
 * hands over an order bought on installments (`handover`); the `fiscal-register` job fills in
 * `kind` and `lines`, registers it and keeps what the register answered. A receipt that failed
 * past its attempts is `failed`, shown to staff until one of them registers it again.
 */
export const fiscalReceipts = pgTable(
  'fiscal_receipts',
  {
    id: serial('id').primaryKey(),
    event: text('event').$type<FiscalEvent>().notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** What the receipt is for; set when its lines are built. */
    kind: text('kind').$type<FiscalKind>(),
    /** Whole sum the receipt is for; a handover's is set when its lines are built. */
    amount: bigint('amount', { mode: 'number' }),
    paidBy: text('paid_by').$type<'card' | 'cash' | 'credit'>().notNull(),
    lines: jsonb('lines').$type<FiscalLine[]>(),
    /** The receipt this one returns (a refund) or repays (a credit's payment: its handover). */
    refersTo: integer('refers_to').references((): AnyPgColumn => fiscalReceipts.id, {
      onDelete: 'restrict',
    }),
    state: text('state').$type<FiscalState>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    terminalId: text('terminal_id'),
    receiptSeq: text('receipt_seq'),
    fiscalSign: text('fiscal_sign'),
    /** The receipt's page at the OFD, which its QR code holds. */
    qrUrl: text('qr_url'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    /** The member of staff who last sent a failed receipt again. */
    handledBy: integer('handled_by').references(() => staff.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fiscal_receipts_payment_event_key')
      .on(t.paymentId, t.event)
      .where(sql`${t.paymentId} is not null`),
    uniqueIndex('fiscal_receipts_handover_key').on(t.orderId).where(sql`${t.event} = 'handover'`),
    index('fiscal_receipts_order_idx').on(t.orderId),
    index('fiscal_receipts_due_idx').on(t.nextAt).where(sql`${t.state} = 'pending'`),
    check('fiscal_receipts_event_check', sql`${t.event} in ('payment', 'refund', 'handover')`),
    check(
      'fiscal_receipts_kind_check',
      sql`${t.kind} in ('sale', 'advance', 'credit_sale', 'credit', 'refund')`,
    ),
    check('fiscal_receipts_paid_by_check', sql`${t.paidBy} in ('card', 'cash', 'credit')`),
    check('fiscal_receipts_state_check', sql`${t.state} in ('pending', 'registered', 'failed')`),
    check(
      'fiscal_receipts_payment_check',
      sql`(${t.event} = 'handover') = (${t.paymentId} is null)`,
    ),
  ],
);
