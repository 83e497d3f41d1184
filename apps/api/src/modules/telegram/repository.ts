import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  customers,
  telegramFloodWaits,
  telegramLinks,
  telegramLinkTokens,
} from '../../db/schema/index.ts';

export type LinkRow = typeof telegramLinks.$inferSelect;

/** A new deep-link token; the customer's older unused ones stop working. */
export async function insertToken(
  db: Executor,
  values: { customerId: number; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .update(telegramLinkTokens)
    .set({ usedAt: values.now })
    .where(
      and(eq(telegramLinkTokens.customerId, values.customerId), isNull(telegramLinkTokens.usedAt)),
    );
  await db.insert(telegramLinkTokens).values({
    customerId: values.customerId,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
  });
}

/**
 * Uses a token once: answers its customer when it is unused and has not expired at `now`, and
 * marks it used in the same statement, so two chats cannot both use it.
 */
export async function useToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(telegramLinkTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(telegramLinkTokens.tokenHash, tokenHash),
        isNull(telegramLinkTokens.usedAt),
        gt(telegramLinkTokens.expiresAt, now),
      ),
    )
    .returning({ customerId: telegramLinkTokens.customerId });
  return row?.customerId;
}

/** The customer a token (used or not) was made for. */
export async function tokenOwner(db: Executor, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ customerId: telegramLinkTokens.customerId })
    .from(telegramLinkTokens)
    .where(eq(telegramLinkTokens.tokenHash, tokenHash));
  return row?.customerId;
}

/** Links the chat to the customer: a chat linked to another customer before moves to this one. */
export async function link(
  db: Executor,
  values: { customerId: number; chatId: number; username: string | null; firstName: string | null },
): Promise<void> {
  await db.delete(telegramLinks).where(eq(telegramLinks.chatId, values.chatId));
  await db
    .insert(telegramLinks)
    .values(values)
    .onConflictDoUpdate({
      target: telegramLinks.customerId,
      set: {
        chatId: values.chatId,
        username: values.username,
        firstName: values.firstName,
        linkedAt: new Date(),
      },
    });
}

export async function findLink(db: Executor, customerId: number): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(telegramLinks)
    .where(eq(telegramLinks.customerId, customerId));
  return row;
}

export async function findLinkByChat(db: Executor, chatId: number): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.chatId, chatId));
  return row;
}

export async function unlinkCustomer(db: Executor, customerId: number): Promise<boolean> {
  const rows = await db
    .delete(telegramLinks)
    .where(eq(telegramLinks.customerId, customerId))
    .returning({ customerId: telegramLinks.customerId });
  return rows.length > 0;
}

/** Unlinks the chat; answers the customer it served, if any. */
export async function unlinkChat(db: Executor, chatId: number): Promise<number | undefined> {
  const [row] = await db
    .delete(telegramLinks)
    .where(eq(telegramLinks.chatId, chatId))
    .returning({ customerId: telegramLinks.customerId });
  return row?.customerId;
}

export async function findCustomer(db: Executor, customerId: number) {
  const [row] = await db
    .select({ phone: customers.phone, lang: customers.lang })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** The linked chat of the customer with this phone (the dev outbox shows its messages). */
export async function findChatOfPhone(db: Executor, phone: string): Promise<number | undefined> {
  const [row] = await db
    .select({ chatId: telegramLinks.chatId })
    .from(telegramLinks)
    .innerJoin(customers, eq(customers.id, telegramLinks.customerId))
    .where(eq(customers.phone, phone));
  return row?.chatId;
}

/** The time before which the bot sends nothing (Telegram's flood wait), if one was ever set. */
export async function findFloodWait(db: Executor, bot: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ notBefore: telegramFloodWaits.notBefore })
    .from(telegramFloodWaits)
    .where(eq(telegramFloodWaits.bot, bot));
  return row?.notBefore;
}

/**
 * Holds the bot's messages until `notBefore`, in one statement: a wait already later stays, so a
 * smaller `retry_after` answered after a larger one never shortens it.
 */
export async function holdUntil(db: Executor, bot: string, notBefore: Date): Promise<void> {
  await db
    .insert(telegramFloodWaits)
    .values({ bot, notBefore })
    .onConflictDoUpdate({
      target: telegramFloodWaits.bot,
      set: {
        notBefore: sql`greatest(${telegramFloodWaits.notBefore}, excluded.not_before)`,
      },
    });
}
