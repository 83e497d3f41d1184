import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  json,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

/**
 * The `Idempotency-Key` of a request that pays or creates an order (`plugins/idempotency.ts`):
 * 'pending' while the first request runs, then 'done' with the answer a repeat gets back. Kept
 * 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Method and route pattern: `POST /api/orders`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state').$type<'pending' | 'done'>().notNull().default('pending'),
    statusCode: smallint('status_code'),
    /** The answer as it was sent (`json` keeps its text as it was, unlike `jsonb`). */
    response: json('response'),
    /** When the key was taken: its 24 hours, and a pending key's lease, count from here. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_customer_route_key').on(t.customerId, t.route, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_state_check', sql`${t.state} in ('pending', 'done')`),
    check(
      'idempotency_keys_answer_check',
      sql`${t.state} = 'pending' or (${t.statusCode} is not null and ${t.response} is not null)`,
    ),
  ],
);

/**
 * An installment purchase, as far as the ledger needs one: whose it is and what the customer
 * owes by its schedule. Checkout (issue 11) adds the order, tariff, schedule and status.
 */
export const credits = pgTable(
  'credits',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The schedule's sum: financed amount with the tariff's markup, whole sum. */
    total: bigint('total', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credits_customer_idx').on(t.customerId),
    check('credits_total_check', sql`${t.total} > 0`),
  ],
);

export const LEDGER_KINDS = ['debit', 'refund', 'prepayment', 'penalty'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Every movement of a customer's money, appended and never changed: a balance is a sum over
 * these rows (`modules/ledger/repository.ts`), never a column kept beside them.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    creditId: integer('credit_id').references(() => credits.id, { onDelete: 'restrict' }),
    /** The order it pays for; orders come with checkout (issue 11), which adds the reference. */
    orderId: integer('order_id'),
    kind: text('kind').$type<LedgerKind>().notNull(),
    /** Whole sum, always positive: the kind says which way it moves. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The card processor's id of the debit or refund. */
    gatewayPaymentId: text('gateway_payment_id'),
    /** One movement per key and customer: a retried payment is recorded once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_customer_idx').on(t.customerId),
    index('ledger_entries_credit_idx').on(t.creditId),
    index('ledger_entries_order_idx').on(t.orderId),
    uniqueIndex('ledger_entries_customer_key').on(t.customerId, t.idempotencyKey),
    check('ledger_entries_amount_check', sql`${t.amount} > 0`),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('debit', 'refund', 'prepayment', 'penalty')`,
    ),
  ],
);
