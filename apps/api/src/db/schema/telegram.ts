import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

/**
 * A customer's private chat with the shop's bot, made by the bot's `/start <token>` and ended by
 * `/stop`, by the profile, or by the bot being blocked. One chat serves one customer.
 */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Telegram's chat id: up to 52 bits, beyond a 32-bit integer. */
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    username: text('username'),
    firstName: text('first_name'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('telegram_links_chat_key').on(t.chatId)],
);

/** The one-time token of a deep link (`t.me/<bot>?start=<token>`), kept as its hash. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when a chat used it (or a newer token replaced it): it links nothing again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('telegram_link_tokens_hash_key').on(t.tokenHash),
    index('telegram_link_tokens_customer_idx').on(t.customerId),
  ],
);

/**
 * Telegram's flood wait (a 429's `retry_after`), one row per bot: the limit is the bot's, so
 * every API process and machine reads it before a send. Keyed by a name, never by the token.
 */
export const telegramFloodWaits = pgTable('telegram_flood_waits', {
  bot: text('bot').primaryKey(),
  /** No message goes to Telegram before this; only ever moved later. */
  notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
});
