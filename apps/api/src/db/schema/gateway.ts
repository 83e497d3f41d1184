import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** `ReceiptState`: created, paid, cancelled. */
    state: text('state').notNull().default('created'),
    /** The card token it was paid with. */
    token: text('token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('sandbox_receipts_created_idx').on(t.createdAt),
    check('sandbox_receipts_state_check', sql`${t.state} in ('created', 'paid', 'cancelled')`),
    check('sandbox_receipts_amount_check', sql`${t.amount} > 0`),
  ],
);
