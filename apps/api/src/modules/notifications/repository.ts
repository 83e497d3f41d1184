import type { SettingTopic } from '@bozor/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  credits,
  customers,
  messageOutbox,
  notificationSettings,
  notifications,
} from '../../db/schema/index.ts';

export type OutboxMessage = typeof messageOutbox.$inferSelect;

export async function findRecipient(db: Executor, customerId: number) {
  const [customer] = await db
    .select({ phone: customers.phone, lang: customers.lang })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer;
}

export async function findSetting(db: Executor, customerId: number, topic: SettingTopic) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(
      and(eq(notificationSettings.customerId, customerId), eq(notificationSettings.topic, topic)),
    );
  return row;
}

export function listSettings(db: Executor, customerId: number) {
  return db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.customerId, customerId));
}

export async function saveSettings(
  db: Executor,
  rows: (typeof notificationSettings.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationSettings.customerId, notificationSettings.topic],
      set: {
        sms: sql`excluded.sms`,
        telegram: sql`excluded.telegram`,
        inShop: sql`excluded.in_shop`,
        updatedAt: sql`now()`,
      },
    });
}

/** A credit still collecting: signed and not closed (active or overdue). */
export async function hasOpenCredit(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: credits.id })
    .from(credits)
    .where(and(eq(credits.customerId, customerId), inArray(credits.status, ['active', 'overdue'])))
    .limit(1);
  return row !== undefined;
}

/** The customer's notices, unread first, then newest first. */
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
      .orderBy(
        sql`${notifications.readAt} is null desc`,
        desc(notifications.createdAt),
        desc(notifications.id),
      )
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function countUnread(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.customerId, customerId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the customer's notice read; false when they have no such notice. */
export async function markRead(db: Executor, customerId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.customerId, customerId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, customerId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.customerId, customerId), isNull(notifications.readAt)));
}

export async function findNoticeLink(db: Executor, notificationId: number | null) {
  if (notificationId === null) return null;
  const [row] = await db
    .select({ link: notifications.link })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  return row?.link ?? null;
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
    'customerId' | 'phone' | 'text' | 'kind' | 'notificationId' | 'channel'
  >,
): Promise<number> {
  const [row] = await db.insert(messageOutbox).values(values).returning({ id: messageOutbox.id });
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
 * Claims, until `until`, the pending message due first whose claim has passed, leaving those of
 * the kinds `held` (promotions outside their sending hours); undefined when none is. One at a
 * time: a claim taken for a batch would pass while its last messages still wait.
 */
export async function claimDue(
  db: Executor,
  at: Date,
  until: Date,
  held: readonly string[] = [],
): Promise<OutboxMessage | undefined> {
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(
      and(
        pending(),
        lte(messageOutbox.nextAttemptAt, at),
        unclaimedAt(at),
        held.length > 0 ? notInArray(messageOutbox.kind, [...held]) : undefined,
      ),
    )
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
