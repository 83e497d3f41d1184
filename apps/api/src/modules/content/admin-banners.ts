/** Home banners in the back office: the list, writes and the schedule's state (issue 23). */
import type { AdminBanner, BannerBody, BannerPatch, BannerState, Lang } from '@bozor/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { banners } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fieldMessage, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { nextPosition, reorder } from './admin-order.ts';

type BannerRow = typeof banners.$inferSelect;

/** Shown now, waiting for its start, past its end, or switched off. */
export function bannerState(row: BannerRow, now: Date): BannerState {
  if (!row.isActive) return 'hidden';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  return 'shown';
}

function stored(row: BannerRow): Omit<AdminBanner, 'state'> {
  return {
    id: row.id,
    title_uz: row.titleUz,
    title_ru: row.titleRu,
    subtitle_uz: row.subtitleUz,
    subtitle_ru: row.subtitleRu,
    image: row.image,
    image_mobile: row.imageMobile,
    link: row.link,
    color: row.color,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    position: row.position,
    is_active: row.isActive,
  };
}

const toAdmin = (row: BannerRow, now: Date): AdminBanner => ({
  ...stored(row),
  state: bannerState(row, now),
});

const dateOf = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

function columnsOf(body: BannerPatch): Partial<typeof banners.$inferInsert> {
  return {
    titleUz: body.title_uz,
    titleRu: body.title_ru,
    subtitleUz: body.subtitle_uz,
    subtitleRu: body.subtitle_ru,
    image: body.image,
    imageMobile: body.image_mobile,
    link: body.link,
    color: body.color,
    startsAt: dateOf(body.starts_at),
    endsAt: dateOf(body.ends_at),
    isActive: body.is_active,
  };
}

export async function listBanners(db: Executor, now: Date): Promise<AdminBanner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
  return rows.map((row) => toAdmin(row, now));
}

async function lockBanner(tx: Executor, id: number): Promise<BannerRow> {
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  if (!row) throw notFound('BANNER_NOT_FOUND');
  return row;
}

export function createBanner(
  db: Database,
  body: BannerBody,
  actor: Actor,
  now: Date,
): Promise<AdminBanner> {
  return inTransaction(db, async (tx) => {
    const position = await nextPosition(tx, 'banner');
    const [row] = await tx
      .insert(banners)
      .values({
        ...(columnsOf(body) as typeof banners.$inferInsert),
        position,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'banner.create',
      objectType: 'banner',
      objectId: row!.id,
      after: stored(row!),
    });
    return toAdmin(row!, now);
  });
}

export function updateBanner(
  db: Database,
  id: number,
  body: BannerPatch,
  actor: Actor,
  context: { now: Date; lang: Lang },
): Promise<AdminBanner> {
  return inTransaction(db, async (tx) => {
    const before = await lockBanner(tx, id);
    const startsAt = body.starts_at === undefined ? before.startsAt : dateOf(body.starts_at);
    const endsAt = body.ends_at === undefined ? before.endsAt : dateOf(body.ends_at);
    if (startsAt && endsAt && endsAt <= startsAt) {
      throw new AppError('VALIDATION_ERROR', 400, {
        ends_at: [fieldMessage('show_range_order', context.lang)],
      });
    }
    const [after] = await tx
      .update(banners)
      .set(columnsOf(body))
      .where(eq(banners.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'banner.update',
      objectType: 'banner',
      objectId: id,
      before: stored(before),
      after: stored(after!),
    });
    return toAdmin(after!, context.now);
  });
}

export function deleteBanner(db: Database, id: number, actor: Actor): Promise<void> {
  return inTransaction(db, async (tx) => {
    const before = await lockBanner(tx, id);
    await tx.delete(banners).where(eq(banners.id, id));
    await recordAudit(tx, actor, {
      action: 'banner.delete',
      objectType: 'banner',
      objectId: id,
      before: stored(before),
    });
  });
}

export async function reorderBanners(
  db: Database,
  ids: number[],
  actor: Actor,
  now: Date,
): Promise<AdminBanner[]> {
  await inTransaction(db, async (tx) => {
    const order = await reorder(tx, 'banner', ids);
    await recordAudit(tx, actor, {
      action: 'banner.reorder',
      objectType: 'banner',
      objectId: 'order',
      before: order.before,
      after: order.after,
    });
  });
  return listBanners(db, now);
}
