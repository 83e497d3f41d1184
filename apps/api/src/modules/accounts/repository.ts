import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, notifications, otpChallenges, sessions } from '../../db/schema/index.ts';

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

/** Counts a wrong code and closes the challenge at the limit; answers the tries so far. */
export async function countWrongCode(db: Executor, id: number, maxAttempts: number) {
  const [row] = await db
    .update(otpChallenges)
    .set({
      attempts: sql`${otpChallenges.attempts} + 1`,
      closedAt: sql`case when ${otpChallenges.attempts} + 1 >= ${maxAttempts} then now() else null end`,
    })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.closedAt)))
    .returning({ attempts: otpChallenges.attempts });
  return row?.attempts ?? maxAttempts;
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

export async function insertNotification(db: Executor, values: typeof notifications.$inferInsert) {
  await db.insert(notifications).values(values);
}

export async function listNotifications(
  db: Executor,
  customerId: number,
  page: number,
  perPage: number,
) {
  const where = eq(notifications.customerId, customerId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
