import type { NoticeLink, NoticeTopic } from '@bozor/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
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

/** A shopper, created on the first successful sign-in with their phone. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** 998 and nine digits. */
    phone: text('phone').notNull(),
    lang: text('lang').notNull().default('uz'),
    isIdentified: boolean('is_identified').notNull().default(false),
    isScoring: boolean('is_scoring').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Blocked by staff (fraud): cannot sign in; existing credits still collect. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
  },
  (t) => [uniqueIndex('customers_phone_key').on(t.phone)],
);

/** One sign-in attempt: the code sent by SMS, kept only as a keyed hash. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    lang: text('lang').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    sends: smallint('sends').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once the code is used, or when too many wrong codes were tried. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('otp_challenges_token_key').on(t.tokenHash),
    index('otp_challenges_phone_idx').on(t.phone, t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('sessions_token_key').on(t.tokenHash),
    index('sessions_customer_idx').on(t.customerId),
  ],
);

/** What the shop told a customer: sign-ins now, orders and payments later. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the settings group it under (`NoticeTopic`, docs/notifications.md). */
    topic: text('topic').$type<NoticeTopic>().notNull().default('account'),
    textUz: text('text_uz').notNull(),
    textRu: text('text_ru').notNull(),
    /** What the notice is about, for its link in the centre (`NoticeLink`). */
    link: jsonb('link').$type<NoticeLink>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_customer_idx').on(t.customerId, t.createdAt),
    index('notifications_unread_idx').on(t.customerId).where(sql`${t.readAt} is null`),
    check(
      'notifications_topic_check',
      sql`${t.topic} in ('account', 'orders', 'payments', 'reviews', 'alerts', 'promotions')`,
    ),
  ],
);

/**
 * The messages a change sends (DESIGN §6a), written in the transaction of the change and sent
 * after it, by the request that made it or, failing that, by the `message-outbox` job: a row is
 * pending until `sent_at` or `failed_at` is set. The text is final when written (the customer's
 * language, the shop's prefix), and so is the phone.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** `sms`, or a channel plugged into the notices' front door (`telegram`). */
    channel: text('channel').$type<'sms' | 'telegram'>().notNull().default('sms'),
    /** 998 and nine digits, as the customer's was when the message was written. */
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    /** The notice's kind (`payment_paid`…). */
    kind: text('kind').notNull(),
    notificationId: integer('notification_id').references(() => notifications.id, {
      onDelete: 'set null',
    }),
    /** Sends started, counted when claimed (so a send a crash cut short counts too). */
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by a claim: until then the message is its sender's, and nobody else sends it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the last allowed attempt failed: the message is given up. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('message_outbox_customer_idx').on(t.customerId, t.createdAt),
    index('message_outbox_notification_idx').on(t.notificationId),
    check('message_outbox_channel_check', sql`${t.channel} in ('sms', 'telegram')`),
  ],
);
