import { ORDER_STATUS, type OrderHistoryStep } from '@bozor/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { deliveryAddresses } from './addresses.ts';
import { products, tariffs } from './catalogue.ts';
import { branches } from './content.ts';
import { credits } from './money.ts';
import { cards } from './scoring.ts';
import { staff } from './staff.ts';

/**
 * The basket lines a customer took to checkout (`POST /api/baskets/add-to-order`), with the count
 * at that moment. Placing the order turns them into order lines and removes them from the basket.
 */
export const checkoutItems = pgTable(
  'checkout_items',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    count: smallint('count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    check('checkout_items_count_check', sql`${t.count} between 1 and 99`),
  ],
);

/**
 * An order (DESIGN §4 status ids): -2 cancelled by the customer, -1 rejected, 1 new (awaiting
 * payment), 2 confirmed, 3 shipped, 4 delivered, 5 completed (fully paid), 10 returned.
 * Paid in full, `total` is debited at once; on installments the customer pays `prepayment` now
 * and the rest through the order's credit.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    status: smallint('status').notNull().default(1),
    paymentType: text('payment_type').$type<'installment' | 'full'>().notNull(),
    /**
     * What the order costs, whole sum: its lines at the prices of the moment it was placed, and
     * its delivery fee. Paid in full it is what is debited; on installments, what is financed
     * less the prepayment.
     */
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Paid now on an installment order; 0 when nothing is paid up front. */
    prepayment: bigint('prepayment', { mode: 'number' }).notNull().default(0),
    tariffId: integer('tariff_id').references(() => tariffs.id, { onDelete: 'restrict' }),
    /** The card chosen at checkout: the installments' autopay card. */
    cardId: integer('card_id').references(() => cards.id, { onDelete: 'set null' }),
    addressId: integer('address_id').references(() => deliveryAddresses.id, {
      onDelete: 'set null',
    }),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    /** Brought to an address, or picked up at a branch. */
    deliveryType: text('delivery_type').$type<'address' | 'pickup'>().notNull().default('address'),
    /** Where it goes, as it read when the order was placed (the address may change later). */
    deliveryUz: text('delivery_uz').notNull(),
    deliveryRu: text('delivery_ru').notNull(),
    /**
     * Part of `total`: what delivery costs, whole sum, kept apart for the receipt's delivery line;
     * 0 when free (and on orders placed before delivery had a price).
     */
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    /** The Tashkent day delivery (or pick-up) was promised for; null on older orders. */
    deliveryPromisedOn: date('delivery_promised_on', { mode: 'string' }),
    /** When what had to be paid up front (total, or prepayment) was paid. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Packed and waiting for the courier or the customer (the order stays confirmed). */
    packedAt: timestamp('packed_at', { withTimezone: true }),
    /** A pick-up order waiting at its branch. */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    courierName: text('courier_name'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // the queue's late orders: promised, not reached the customer yet
    index('orders_promised_idx')
      .on(t.deliveryPromisedOn)
      .where(sql`${t.deliveryPromisedOn} is not null and ${t.deliveredAt} is null`),
    check(
      'orders_status_check',
      sql`${t.status} in (${sql.raw(Object.values(ORDER_STATUS).join(', '))})`,
    ),
    check('orders_payment_type_check', sql`${t.paymentType} in ('installment', 'full')`),
    check('orders_delivery_type_check', sql`${t.deliveryType} in ('address', 'pickup')`),
    check('orders_total_check', sql`${t.total} > 0`),
    check(
      'orders_delivery_fee_check',
      sql`${t.deliveryFee} >= 0 and ${t.deliveryFee} < ${t.total}`,
    ),
    check('orders_prepayment_check', sql`${t.prepayment} >= 0 and ${t.prepayment} <= ${t.total}`),
    check(
      'orders_tariff_check',
      sql`(${t.paymentType} = 'installment') = (${t.tariffId} is not null)`,
    ),
  ],
);

/** What was bought, as it was named and priced when the order was placed. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    nameUz: text('name_uz').notNull(),
    nameRu: text('name_ru').notNull(),
    image: text('image'),
    price: bigint('price', { mode: 'number' }).notNull(),
    count: smallint('count').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_count_check', sql`${t.count} between 1 and 99`),
    check('order_items_price_check', sql`${t.price} > 0`),
  ],
);

export const CREDIT_STATUSES = ['not_signed', 'active', 'overdue', 'closed', 'cancelled'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/**
 * One payment of a credit's schedule. `paid` grows as money arrives (a payment may cover several
 * installments, or part of one); an installment is settled when `paid = amount + penalty`.
 */
export const creditInstallments = pgTable(
  'credit_installments',
  {
    id: serial('id').primaryKey(),
    creditId: integer('credit_id')
      .notNull()
      .references(() => credits.id, { onDelete: 'cascade' }),
    /** 1 for the first month. */
    number: smallint('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    /** The one late-payment penalty (DESIGN §4), never compounded; 0 until charged. */
    penalty: bigint('penalty', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set when the grace period passed with the installment unpaid. */
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    /** Autopay's failed debits of this installment, and the last one's decline code. */
    failedDebits: smallint('failed_debits').notNull().default(0),
    lastDecline: text('last_decline'),
  },
  (t) => [
    uniqueIndex('credit_installments_credit_number_key').on(t.creditId, t.number),
    index('credit_installments_due_idx').on(t.dueDate),
    check('credit_installments_amount_check', sql`${t.amount} > 0`),
    check(
      'credit_installments_paid_check',
      sql`${t.paid} >= 0 and ${t.paid} <= ${t.amount} + ${t.penalty}`,
    ),
    check('credit_installments_penalty_check', sql`${t.penalty} >= 0`),
  ],
);

/**
 * The contract of a credit, in both languages, as the customer read it. Once signed (with an SMS
 * code) its text and hash never change.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    creditId: integer('credit_id')
      .notNull()
      .references(() => credits.id, { onDelete: 'cascade' }),
    /** Contract number shown to the customer: `BZ-2026-000123`. */
    number: text('number').notNull(),
    /** The document as structured text (`@bozor/shared` ContractDocument), JSON in each language. */
    bodyUz: text('body_uz').notNull(),
    bodyRu: text('body_ru').notNull(),
    /** SHA-256 of the two bodies as signed. */
    hash: text('hash'),
    /** Keyed hash of the signing code sent by SMS. */
    codeHash: text('code_hash'),
    codeAttempts: smallint('code_attempts').notNull().default(0),
    codeSends: smallint('code_sends').notNull().default(0),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_credit_key').on(t.creditId),
    uniqueIndex('contracts_number_key').on(t.number),
  ],
);

/**
 * checking: asked of the gateway, outcome not known yet; paid; failed (no money moved);
 * refunding: the money is owed back and the gateway is being asked to return it; refunded;
 * needs_attention: money moved but could not be settled, left for a person (DESIGN §6a).
 */
export const PAYMENT_STATES = [
  'checking',
  'paid',
  'failed',
  'refunding',
  'refunded',
  'needs_attention',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_PURPOSES = ['full', 'first', 'installment', 'early', 'autopay'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
/** How the money came: debited from a card through the gateway, or paid in cash at a branch. */
export const PAYMENT_METHODS = ['card', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Why a payment was handed to a person: the back office tells each case apart by it. */
export const ATTENTION_KINDS = [
  'cash_return',
  'refund_no_receipt',
  'refund_stuck',
  'paid_cancelled',
  'settle_failed',
  'check_stuck',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];
/**
 * The kinds a 'checking' payment is handed over with: its money may be with the shop, so it
 * holds its order's or credit's turn as 'checking' does (the partial unique indexes below).
 */
export const HELD_ATTENTION_KINDS = ['check_stuck', 'settle_failed', 'paid_cancelled'] as const;

/**
 * One debit asked of the card gateway (DESIGN §6a). It is written 'checking' before the gateway
 * is called; the gateway's receipt is stored in a transaction of its own as soon as it exists,
 * before it is paid; the answer settles the row. A payment whose answer was lost is settled by
 * asking the gateway about its stored receipt, never by paying again. The money it moved is in
 * the ledger; this row is the attempt.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    creditId: integer('credit_id').references(() => credits.id, { onDelete: 'restrict' }),
    cardId: integer('card_id').references(() => cards.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    method: text('method').$type<PaymentMethod>().notNull().default('card'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The key the gateway debit is made under (and the ledger entry recorded under). */
    gatewayKey: text('gateway_key').notNull(),
    state: text('state').$type<PaymentState>().notNull().default('checking'),
    /** The receipt the money moved under, once paid (the same as `receiptId`). */
    gatewayPaymentId: text('gateway_payment_id'),
    declineCode: text('decline_code'),
    /** The gateway's receipt, stored before it is paid: a re-check asks about this one. */
    receiptId: text('receipt_id'),
    /** The receipt's state as the gateway last told it (`ReceiptState`). */
    receiptState: text('receipt_state'),
    /** When the gateway was last asked about the receipt: asked at most every few seconds. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The ledger key of the refund, set when the payment is marked refunding. */
    refundKey: text('refund_key'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Settles of the paid money that failed; past a few, the payment needs attention. */
    settleFailures: smallint('settle_failures').notNull().default(0),
    /** When the refund was decided: a refund not finished within a limit goes to a person. */
    refundStartedAt: timestamp('refund_started_at', { withTimezone: true }),
    /** Tries of the refund the gateway refused or did not answer. */
    refundAttempts: smallint('refund_attempts').notNull().default(0),
    /** Why a person has to look at it (`needs_attention`), for the back office. */
    attentionReason: text('attention_reason'),
    attentionKind: text('attention_kind').$type<AttentionKind>(),
    /** The number of the paper receipt a branch gave for cash; cash only, once in the shop. */
    receiptNumber: text('receipt_number'),
    /** The member of staff who took the cash. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    /**
     * What the customer chose for a credit payment beyond what is due (`planPayment`): applied
     * when the payment settles, however late its answer comes; null pays oldest first.
     */
    earlyMode: text('early_mode').$type<'shorter_term' | 'smaller_installments'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_gateway_key').on(t.gatewayKey),
    uniqueIndex('payments_receipt_key').on(t.receiptId),
    index('payments_refunding_idx').on(t.updatedAt).where(sql`${t.state} = 'refunding'`),
    index('payments_attention_idx').on(t.updatedAt).where(sql`${t.state} = 'needs_attention'`),
    index('payments_order_idx').on(t.orderId),
    index('payments_credit_idx').on(t.creditId),
    index('payments_checking_idx').on(t.createdAt).where(sql`${t.state} = 'checking'`),
    // what an order asks up front is paid once: one attempt at a time, none after it is paid,
    // and none while one whose money may be with the shop waits for a person
    uniqueIndex('payments_order_upfront_key')
      .on(t.orderId)
      .where(
        sql`${t.purpose} in ('full', 'first') and (${t.state} in ('checking', 'paid') or (${t.state} = 'needs_attention' and ${t.attentionKind} in ('check_stuck', 'settle_failed', 'paid_cancelled')))`,
      ),
    // a credit's debits take turns: a second one waits until the first is settled (or a person
    // has settled it)
    uniqueIndex('payments_credit_checking_key')
      .on(t.creditId)
      .where(
        sql`${t.creditId} is not null and (${t.state} = 'checking' or (${t.state} = 'needs_attention' and ${t.attentionKind} in ('check_stuck', 'settle_failed', 'paid_cancelled')))`,
      ),
    // a paper receipt is one number whatever its case (migration 0030)
    uniqueIndex('payments_receipt_number_key').on(sql`upper(${t.receiptNumber})`),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_method_check', sql`${t.method} in ('card', 'cash')`),
    check(
      'payments_early_mode_check',
      sql`${t.earlyMode} in ('shorter_term', 'smaller_installments')`,
    ),
    // a payment handed to a person always says which case it is
    check(
      'payments_attention_kind_check',
      sql`${t.attentionKind} in ('cash_return', 'refund_no_receipt', 'refund_stuck', 'paid_cancelled', 'settle_failed', 'check_stuck') and (${t.state} <> 'needs_attention' or ${t.attentionKind} is not null)`,
    ),
    // cash has no gateway receipt: a paper receipt number and the staff who took it instead
    check(
      'payments_cash_check',
      sql`${t.method} = 'card' or (${t.receiptNumber} is not null and ${t.staffId} is not null and ${t.receiptId} is null)`,
    ),
    check(
      'payments_state_check',
      sql`${t.state} in ('checking', 'paid', 'failed', 'refunding', 'refunded', 'needs_attention')`,
    ),
    check(
      'payments_purpose_check',
      sql`${t.purpose} in ('full', 'first', 'installment', 'early', 'autopay')`,
    ),
  ],
);

/** A step of an order taken by staff (packed, handed to the courier…), for its history. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The step reached (`packed`, `with_courier`, `delivered`…) or a return asked or refused. */
    step: text('step').$type<OrderHistoryStep>().notNull(),
    note: text('note'),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

export const RETURN_REQUEST_STATUSES = ['requested', 'accepted', 'rejected'] as const;
export type ReturnRequestStatus = (typeof RETURN_REQUEST_STATUSES)[number];

/**
 * A customer's wish to return a delivered order. Staff accept it (the order goes through the
 * refund workflow) or reject it with a reason; one request at a time per order, and a rejected
 * one may be followed by a new one.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The customer's own words, when the storefront sends them. */
    reason: text('reason'),
    status: text('status').$type<ReturnRequestStatus>().notNull().default('requested'),
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by').references(() => staff.id, { onDelete: 'restrict' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('return_requests_open_key').on(t.orderId).where(sql`${t.status} = 'requested'`),
    index('return_requests_order_idx').on(t.orderId, t.requestedAt),
    index('return_requests_status_idx').on(t.status, t.requestedAt),
    check(
      'return_requests_status_check',
      sql`${t.status} in ('requested', 'accepted', 'rejected')`,
    ),
    check(
      'return_requests_decision_check',
      sql`(${t.status} = 'requested') = (${t.decidedAt} is null) and (${t.status} = 'rejected') = (${t.rejectReason} is not null)`,
    ),
  ],
);
