import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
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
import { type CreditStatus, orders } from './orders.ts';
import { cards } from './scoring.ts';
import { staff } from './staff.ts';

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
 * An installment purchase: the order it pays for, the tariff's terms as they were when it was
 * placed, and what the customer owes by its schedule (`credit_installments`). Its status follows
 * the contract's life: not signed, active, overdue, closed (all paid, or the goods returned),
 * cancelled (the order was cancelled before it was shipped).
 */
export const credits = pgTable(
  'credits',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, {
      onDelete: 'restrict',
    }),
    status: text('status').$type<CreditStatus>().notNull().default('not_signed'),
    months: smallint('months').notNull().default(1),
    markupPercent: smallint('markup_percent').notNull().default(0),
    /** Order total less prepayment: the principal the limit is measured against. */
    financed: bigint('financed', { mode: 'number' }).notNull().default(0),
    monthlyPayment: bigint('monthly_payment', { mode: 'number' }).notNull().default(0),
    /** The schedule's sum: financed amount with the tariff's markup, whole sum. */
    total: bigint('total', { mode: 'number' }).notNull(),
    /** The card autopay debits. */
    cardId: integer('card_id').references((): AnyPgColumn => cards.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credits_customer_idx').on(t.customerId),
    uniqueIndex('credits_order_key').on(t.orderId),
    check('credits_total_check', sql`${t.total} > 0`),
    check(
      'credits_status_check',
      sql`${t.status} in ('not_signed', 'active', 'overdue', 'closed', 'cancelled')`,
    ),
  ],
);

/**
 * `penalty_waiver` takes back a penalty charged while the money for its installment was already
 * on its way (DESIGN §6a: penalties only on money not taken).
 */
export const LEDGER_KINDS = ['debit', 'refund', 'prepayment', 'penalty', 'penalty_waiver'] as const;
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
    /** The order it pays for. */
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, {
      onDelete: 'restrict',
    }),
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
      sql`${t.kind} in ('debit', 'refund', 'prepayment', 'penalty', 'penalty_waiver')`,
    ),
  ],
);

/** A call to a customer who is late: what came of it, and a promise to pay if there was one. */
export const creditContacts = pgTable(
  'credit_contacts',
  {
    id: serial('id').primaryKey(),
    creditId: integer('credit_id')
      .notNull()
      .references(() => credits.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    outcome: text('outcome').notNull(),
    promiseDate: date('promise_date', { mode: 'string' }),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_contacts_credit_idx').on(t.creditId, t.at),
    check(
      'credit_contacts_outcome_check',
      sql`${t.outcome} in ('reached', 'promised', 'no_answer', 'wrong_number', 'refused')`,
    ),
  ],
);
