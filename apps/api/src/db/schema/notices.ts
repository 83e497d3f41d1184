import type { AlertKind, SettingTopic } from '@bozor/shared';
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
import { customers } from './accounts.ts';
import { products } from './catalogue.ts';

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
