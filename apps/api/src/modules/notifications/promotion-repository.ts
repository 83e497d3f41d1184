import type { PromotionChannels } from '@bozor/shared';
import { and, asc, count, desc, eq, gt, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  customers,
  messageOutbox,
  notificationSettings,
  promotionRecipients,
  promotions,
  telegramLinks,
} from '../../db/schema/index.ts';
import { readTogether } from '../../db/transaction.ts';

export type PromotionRow = typeof promotions.$inferSelect;

/**
 * The audience of promotions: customers whose own settings turned promotions on for at least one
 * channel (no row means the defaults, all off), and who are not blocked. Nobody else, ever.
 */
const consenting = () =>
  and(
    eq(notificationSettings.topic, 'promotions'),
    or(notificationSettings.sms, notificationSettings.telegram, notificationSettings.inShop),
    isNull(customers.blockedAt),
  );

/**
 * Customers per channel a promotion sent now would reach; Telegram counts those with a linked
 * chat (`telegram_links`, read only), and none while no Telegram sender is plugged in.
 */
export async function countAudience(
  db: Executor,
  telegramPlugged: boolean,
): Promise<PromotionChannels> {
  const linked = sql`exists (select 1 from ${telegramLinks} where ${telegramLinks.customerId} = ${notificationSettings.customerId})`;
  const [row] = await db
    .select({
      inShop: sql<number>`count(*) filter (where ${notificationSettings.inShop})`.mapWith(Number),
      sms: sql<number>`count(*) filter (where ${notificationSettings.sms})`.mapWith(Number),
      telegram:
        sql<number>`count(*) filter (where ${notificationSettings.telegram} and ${linked})`.mapWith(
          Number,
        ),
    })
    .from(notificationSettings)
    .innerJoin(customers, eq(customers.id, notificationSettings.customerId))
    .where(consenting());
  return {
    in_shop: row?.inShop ?? 0,
    sms: row?.sms ?? 0,
    telegram: telegramPlugged ? (row?.telegram ?? 0) : 0,
  };
}

/** The next consenting customers after `afterId`, by id, whom the promotion has not told yet. */
export function nextAudience(db: Executor, promotionId: number, afterId: number, limit: number) {
  return db
    .select({ customerId: notificationSettings.customerId, inShop: notificationSettings.inShop })
    .from(notificationSettings)
    .innerJoin(customers, eq(customers.id, notificationSettings.customerId))
    .where(
      and(
        consenting(),
        gt(notificationSettings.customerId, afterId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(promotionRecipients)
            .where(
              and(
                eq(promotionRecipients.promotionId, promotionId),
                eq(promotionRecipients.customerId, notificationSettings.customerId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(notificationSettings.customerId))
    .limit(limit);
}

export async function insertPromotion(
  db: Executor,
  values: typeof promotions.$inferInsert,
): Promise<PromotionRow> {
  const [row] = await db.insert(promotions).values(values).returning();
  return row!;
}

export async function findPromotion(
  db: Executor,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<PromotionRow | undefined> {
  const query = db.select().from(promotions).where(eq(promotions.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** Changes a promotion only while it is in `state`; undefined when it is not (or is none). */
export async function updatePromotionIn(
  db: Executor,
  id: number,
  state: PromotionRow['state'],
  values: Partial<typeof promotions.$inferInsert>,
): Promise<PromotionRow | undefined> {
  const [row] = await db
    .update(promotions)
    .set(values)
    .where(and(eq(promotions.id, id), eq(promotions.state, state)))
    .returning();
  return row;
}

export async function listPromotions(db: Executor, page: number, perPage: number) {
  const [rows, [counted]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(promotions)
        .orderBy(desc(promotions.createdAt), desc(promotions.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
    () => db.select({ total: count() }).from(promotions),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function insertRecipient(
  db: Executor,
  values: typeof promotionRecipients.$inferInsert,
): Promise<void> {
  await db.insert(promotionRecipients).values(values);
}

export interface PromotionTally {
  inShop: number;
  sms: { sent: number; waiting: number };
  telegram: { sent: number; waiting: number };
}

/** Per promotion: customers told in the shop, and its messages sent and waiting per channel. */
export async function tallyPromotions(
  db: Executor,
  ids: number[],
): Promise<Map<number, PromotionTally>> {
  const tallies = new Map<number, PromotionTally>(
    ids.map((id) => [
      id,
      { inShop: 0, sms: { sent: 0, waiting: 0 }, telegram: { sent: 0, waiting: 0 } },
    ]),
  );
  if (ids.length === 0) return tallies;
  const [inShop, messages] = await readTogether(db, [
    () =>
      db
        .select({ id: promotionRecipients.promotionId, n: count() })
        .from(promotionRecipients)
        .where(
          and(inArray(promotionRecipients.promotionId, ids), eq(promotionRecipients.inShop, true)),
        )
        .groupBy(promotionRecipients.promotionId),
    () =>
      db
        .select({
          id: promotionRecipients.promotionId,
          channel: messageOutbox.channel,
          sent: sql<number>`count(*) filter (where ${messageOutbox.sentAt} is not null)`.mapWith(
            Number,
          ),
          waiting:
            sql<number>`count(*) filter (where ${messageOutbox.sentAt} is null and ${messageOutbox.failedAt} is null)`.mapWith(
              Number,
            ),
        })
        .from(promotionRecipients)
        .innerJoin(
          messageOutbox,
          eq(messageOutbox.notificationId, promotionRecipients.notificationId),
        )
        .where(inArray(promotionRecipients.promotionId, ids))
        .groupBy(promotionRecipients.promotionId, messageOutbox.channel),
  ]);
  for (const row of inShop) tallies.get(row.id)!.inShop = Number(row.n);
  for (const row of messages) {
    const tally = tallies.get(row.id)!;
    tally[row.channel] = { sent: row.sent, waiting: row.waiting };
  }
  return tallies;
}
