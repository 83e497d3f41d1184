import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cards, credits } from '../../db/schema/index.ts';

export type CardRow = typeof cards.$inferSelect;

const live = (customerId: number) => and(eq(cards.customerId, customerId), isNull(cards.deletedAt));

/** Confirmed cards of a customer, oldest first. */
export function listCards(db: Executor, customerId: number) {
  return db
    .select()
    .from(cards)
    .where(and(live(customerId), isNotNull(cards.verifiedAt)))
    .orderBy(asc(cards.id));
}

export async function findCard(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(live(customerId), eq(cards.id, id)));
  return row;
}

/** A customer's confirmed card that is not deleted: one a payment or scoring may use. */
export async function findConfirmedCard(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(live(customerId), eq(cards.id, id), isNotNull(cards.verifiedAt)));
  return row;
}

/** A card by its id alone while it is not deleted: the card a credit's autopay debits. */
export async function findLiveCardById(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, id), isNull(cards.deletedAt)));
  return row;
}

/**
 * A card as it was bound, deleted or not: a contract names the card it was signed with, and a
 * payment asks the gateway with its card's token after the card is deleted.
 */
export async function findCardById(db: Executor, id: number) {
  const [row] = await db.select().from(cards).where(eq(cards.id, id));
  return row;
}

/** The customer's live card with any of the fingerprints (one per secret of the key ring). */
export async function findByFingerprint(db: Executor, customerId: number, fingerprints: string[]) {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(live(customerId), inArray(cards.fingerprint, fingerprints)));
  return row;
}

export async function insertCard(db: Executor, values: typeof cards.$inferInsert) {
  const [row] = await db.insert(cards).values(values).returning();
  return row!;
}

/**
 * Counts a try at a pending card's code in one statement, before the gateway compares it: parallel
 * guesses cannot outnumber the tries.
 */
export async function claimCodeAttempt(
  db: Executor,
  customerId: number,
  id: number,
  maxAttempts: number,
) {
  const [row] = await db
    .update(cards)
    .set({ codeAttempts: sql`${cards.codeAttempts} + 1` })
    .where(
      and(
        live(customerId),
        eq(cards.id, id),
        isNull(cards.verifiedAt),
        lt(cards.codeAttempts, maxAttempts),
        gt(cards.codeExpiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function markVerified(db: Executor, id: number) {
  const [row] = await db
    .update(cards)
    .set({ verifiedAt: sql`now()` })
    .where(eq(cards.id, id))
    .returning();
  return row!;
}

export async function replaceCode(
  db: Executor,
  id: number,
  values: { holderPhone: string; codeSentAt: Date; codeExpiresAt: Date },
) {
  await db
    .update(cards)
    .set({ ...values, codeAttempts: 0, codeSends: sql`${cards.codeSends} + 1` })
    .where(eq(cards.id, id));
}

/**
 * Deletes a card unless an open credit (not signed, active or overdue) pays from it by autopay:
 * one statement, so the check and the deletion see the same credits.
 */
export async function softDelete(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .update(cards)
    .set({ deletedAt: sql`now()` })
    .where(
      and(
        live(customerId),
        eq(cards.id, id),
        sql`not exists (select 1 from ${credits} where ${credits.cardId} = ${cards.id} and ${credits.status} in ('not_signed', 'active', 'overdue'))`,
      ),
    )
    .returning();
  return row;
}
