import type { AlertKind, PromotionState, SettingTopic } from '@bozor/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, notifications } from './accounts.ts';
import { products } from './catalogue.ts';
import { staff } from './staff.ts';

/**
 * A customer's choice of channels for a topic (docs/notifications.md); a topic without a row
 * takes `DEFAULT_TOPIC_SETTINGS`. Notices are stored in the centre whatever `in_shop` says: off,
 * they are stored as read and count in no badge.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    topic: text('topic').$type<SettingTopic>().notNull(),
    sms: boolean('sms').notNull(),
    telegram: boolean('telegram').notNull(),
    inShop: boolean('in_shop').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.topic] }),
    check(
      'notification_settings_topic_check',
      sql`${t.topic} in ('orders', 'payments', 'reviews', 'alerts', 'promotions')`,
    ),
  ],
);

/**
 * A customer waiting for a product to come back or to get cheaper. Waiting while neither
 * `fired_at` nor `cancelled_at` is set; a change of the product schedules the `product-alerts`
 * job (trigger of migration 0039), which tells the customer once and ends the subscription.
 */
export const productAlerts = pgTable(
  'product_alerts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlertKind>().notNull(),
    /** The price when the customer subscribed: "cheaper" means below it. */
    priceSeen: bigint('price_seen', { mode: 'number' }).notNull(),
    /** "Cheaper than this": the alert waits for a price at or below it. */
    belowPrice: bigint('below_price', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('product_alerts_waiting_key')
      .on(t.customerId, t.productId, t.kind)
      .where(sql`${t.firedAt} is null and ${t.cancelledAt} is null`),
    index('product_alerts_product_idx')
      .on(t.productId)
      .where(sql`${t.firedAt} is null and ${t.cancelledAt} is null`),
    check('product_alerts_kind_check', sql`${t.kind} in ('back_in_stock', 'price_drop')`),
    check('product_alerts_below_price_check', sql`${t.belowPrice} is null or ${t.belowPrice} > 0`),
  ],
);

/** The products a signed-in customer opened last (20 kept), merged from the browser at sign-in. */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    index('recently_viewed_customer_idx').on(t.customerId, t.viewedAt),
  ],
);

/**
 * A promotion staff write in the back office (docs/notifications.md "Promotions"): a draft until
 * sent, then `sending` while the `promotion-send` job tells its audience in batches (customers by
 * id after `last_customer_id`), held by the sending hours until `waiting_until`, and `sent`.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    titleUz: text('title_uz').notNull(),
    titleRu: text('title_ru').notNull(),
    textUz: text('text_uz').notNull(),
    textRu: text('text_ru').notNull(),
    /** A page of the shop (`/category/smartfonlar`). */
    link: text('link'),
    state: text('state').$type<PromotionState>().notNull().default('draft'),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    sentBy: integer('sent_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sendRequestedAt: timestamp('send_requested_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last customer (by id) a batch went through. */
    lastCustomerId: integer('last_customer_id').notNull().default(0),
    waitingUntil: timestamp('waiting_until', { withTimezone: true }),
  },
  (t) => [
    index('promotions_created_idx').on(t.createdAt),
    check('promotions_state_check', sql`${t.state} in ('draft', 'sending', 'sent')`),
  ],
);

/** Who a promotion told, once each, and the notice it wrote (its messages hang from it). */
export const promotionRecipients = pgTable(
  'promotion_recipients',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').references(() => notifications.id, {
      onDelete: 'set null',
    }),
    /** The customer had promotions on in the shop: the notice came unread. */
    inShop: boolean('in_shop').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.customerId] }),
    index('promotion_recipients_notification_idx').on(t.notificationId),
  ],
);
