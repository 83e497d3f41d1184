import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, otpChallenges, sessions } from '../../db/schema/index.ts';

export type ChallengeRow = typeof otpChallenges.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

export async function insertChallenge(db: Executor, values: typeof otpChallenges.$inferInsert) {
  const [row] = await db.insert(otpChallenges).values(values).returning();
  return row!;
}

export async function findChallenge(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** A new code for an open challenge; the wrong tries start over with it. */
export async function replaceCode(
  db: Executor,
  id: number,
  values: { codeHash: string; sentAt: Date; expiresAt: Date },
) {
  const [row] = await db
    .update(otpChallenges)
    .set({ ...values, attempts: 0, sends: sql`${otpChallenges.sends} + 1` })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.closedAt)))
    .returning();
  return row;
}

/**
 * Counts a try against an open, unexpired challenge with tries left, in one statement, and only
 * then hands back the stored hash to compare with. Parallel guesses each take a row lock in turn,
 * so no more than `maxAttempts` of them ever reach a comparison.
 */
export async function claimAttempt(db: Executor, tokenHash: string, maxAttempts: number) {
  const [row] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(
      and(
        eq(otpChallenges.tokenHash, tokenHash),
        isNull(otpChallenges.closedAt),
        lt(otpChallenges.attempts, maxAttempts),
        gt(otpChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({
      id: otpChallenges.id,
      phone: otpChallenges.phone,
      codeHash: otpChallenges.codeHash,
      attempts: otpChallenges.attempts,
    });
  return row;
}

/** Closes the challenge for good; false when another request already used it. */
export async function closeChallenge(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(otpChallenges)
    .set({ closedAt: sql`now()` })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.closedAt)))
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}

export async function upsertCustomer(db: Executor, phone: string, lang: string) {
  const [row] = await db
    .insert(customers)
    .values({ phone, lang, lastSignInAt: sql`now()` })
    .onConflictDoUpdate({
      target: customers.phone,
      set: { lang, lastSignInAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function findCustomer(db: Executor, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function revokeSession(db: Executor, id: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}
