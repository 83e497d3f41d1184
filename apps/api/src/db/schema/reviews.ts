import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { products } from './catalogue.ts';
import { orderItems, orders } from './orders.ts';
import { staff } from './staff.ts';

/**
 * A buyer's review of one item of a delivered order (issue 38): one per order item, changed by
 * its author until `edit_until`. `pending` waits for a content manager, `published` shows on the
 * product page and counts in the product's sums, `rejected` tells its author `reject_reason`.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    pros: text('pros').notNull().default(''),
    cons: text('cons').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** `/media/u/<hash>` paths of its photos, at most 5. */
    photos: text('photos').array().notNull().default([]),
    status: text('status').$type<'pending' | 'published' | 'rejected'>().notNull(),
    rejectReason: text('reject_reason'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => staff.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => staff.id, { onDelete: 'set null' }),
    helpfulCount: integer('helpful_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when its author may change it (REVIEW_EDIT_DAYS after it was written). */
    editUntil: timestamp('edit_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('product_reviews_order_item_key').on(t.orderItemId),
    index('product_reviews_product_idx').on(t.productId, t.status, t.createdAt),
    index('product_reviews_customer_idx').on(t.customerId, t.createdAt),
    index('product_reviews_status_idx').on(t.status, t.createdAt),
    check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('product_reviews_photos_check', sql`cardinality(${t.photos}) <= 5`),
    check('product_reviews_status_check', sql`${t.status} in ('pending', 'published', 'rejected')`),
    check(
      'product_reviews_reason_check',
      sql`(${t.status} = 'rejected') = (${t.rejectReason} is not null)`,
    ),
  ],
);

/** A signed-in customer found a review helpful: once each. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.customerId] })],
);

/** Orders whose buyer was asked for a review (the notice goes once per order). */
export const reviewRequests = pgTable('review_requests', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The shop's review settings: one row. Without it, reviews wait for moderation. */
export const reviewSettings = pgTable(
  'review_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Publish a review as soon as it is written, without waiting for a content manager. */
    publishAtOnce: boolean('publish_at_once').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('review_settings_one_row', sql`${t.id} = 1`)],
);
