import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, messageOutbox, notifications } from '../../db/schema/index.ts';

export type OutboxMessage = typeof messageOutbox.$inferSelect;

export async function findRecipient(db: Executor, customerId: number) {
  const [customer] = await db
    .select({ phone: customers.phone, lang: customers.lang })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer;
}

export async function insertNotification(
  db: Executor,
  values: typeof notifications.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return row!.id;
}

export async function insertMessage(
  db: Executor,
  values: Pick<
    typeof messageOutbox.$inferInsert,
    'customerId' | 'phone' | 'text' | 'kind' | 'notificationId'
  >,
): Promise<number> {
  const [row] = await db
    .insert(messageOutbox)
    .values({ ...values, channel: 'sms' })
    .returning({ id: messageOutbox.id });
  return row!.id;
}

const pending = () => and(isNull(messageOutbox.sentAt), isNull(messageOutbox.failedAt));
const unclaimedAt = (at: Date) =>
  or(isNull(messageOutbox.claimedUntil), lt(messageOutbox.claimedUntil, at));
const claim = (until: Date) => ({
  claimedUntil: until,
  attempts: sql`${messageOutbox.attempts} + 1`,
});

/**
 * Claims, until `until`, the customer's messages of a notice that no one has claimed yet
 * (`texts`: the notice in each language; `attempts` counts claims). The conditions are checked
 * again on a row another sender has just claimed, so two claims cannot both win it.
 */
export function claimNew(
  db: Executor,
  notice: { customerId: number; kind: string; texts: string[] },
  until: Date,
): Promise<OutboxMessage[]> {
  return db
    .update(messageOutbox)
    .set(claim(until))
    .where(
      and(
        eq(messageOutbox.customerId, notice.customerId),
        eq(messageOutbox.kind, notice.kind),
        inArray(messageOutbox.text, notice.texts),
        eq(messageOutbox.attempts, 0),
        pending(),
      ),
    )
    .returning();
}

/**
 * Claims, until `until`, the pending message due first whose claim has passed; undefined when
 * none is. One at a time: a claim taken for a batch would pass while its last messages still wait.
 */
export async function claimDue(
  db: Executor,
  at: Date,
  until: Date,
): Promise<OutboxMessage | undefined> {
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(pending(), lte(messageOutbox.nextAttemptAt, at), unclaimedAt(at)))
    .orderBy(asc(messageOutbox.nextAttemptAt), asc(messageOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(messageOutbox)
    .set(claim(until))
    .where(inArray(messageOutbox.id, due))
    .returning();
  return claimed;
}

/** Sent, whoever holds the claim now: a message known sent is never sent again. */
export async function markSent(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ sentAt: at, claimedUntil: null, lastError: null })
    .where(and(eq(messageOutbox.id, id), isNull(messageOutbox.sentAt)));
}

/**
 * A failed send of the claim `message` holds: tried again at `retryAt`, or given up when that is
 * null. Nothing changes when the message has been claimed again since (its attempts moved on).
 */
export async function recordFailure(
  db: Executor,
  message: Pick<OutboxMessage, 'id' | 'attempts'>,
  failure: { at: Date; error: string; retryAt: Date | null },
): Promise<void> {
  await db
    .update(messageOutbox)
    .set({
      claimedUntil: null,
      lastError: failure.error,
      ...(failure.retryAt ? { nextAttemptAt: failure.retryAt } : { failedAt: failure.at }),
    })
    .where(
      and(
        eq(messageOutbox.id, message.id),
        eq(messageOutbox.attempts, message.attempts),
        pending(),
      ),
    );
}
