/** Branches (pick-up points and offices) in the back office (issue 23). */
import type { AdminBranch, BranchBody, BranchPatch } from '@bozor/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { branches } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { nextPosition, reorder } from './admin-order.ts';

type BranchRow = typeof branches.$inferSelect;

const toAdmin = (row: BranchRow): AdminBranch => ({
  id: row.id,
  name_uz: row.nameUz,
  name_ru: row.nameRu,
  address_uz: row.addressUz,
  address_ru: row.addressRu,
  phone: row.phone,
  working_hours: row.workingHours,
  map_url: row.mapUrl,
  latitude: row.latitude,
  longitude: row.longitude,
  position: row.position,
  is_published: row.isPublished,
});

const columnsOf = (body: BranchPatch) => ({
  nameUz: body.name_uz,
  nameRu: body.name_ru,
  addressUz: body.address_uz,
  addressRu: body.address_ru,
  phone: body.phone,
  workingHours: body.working_hours,
  mapUrl: body.map_url,
  latitude: body.latitude,
  longitude: body.longitude,
  isPublished: body.is_published,
});

export async function listBranches(db: Executor): Promise<AdminBranch[]> {
  const rows = await db.select().from(branches).orderBy(asc(branches.position), asc(branches.id));
  return rows.map(toAdmin);
}

async function lockBranch(tx: Executor, id: number): Promise<BranchRow> {
  const [row] = await tx.select().from(branches).where(eq(branches.id, id)).for('update');
  if (!row) throw notFound('BRANCH_NOT_FOUND');
  return row;
}

export function createBranch(db: Database, body: BranchBody, actor: Actor): Promise<AdminBranch> {
  return inTransaction(db, async (tx) => {
    const position = await nextPosition(tx, 'branch');
    const [row] = await tx
      .insert(branches)
      .values({ ...(columnsOf(body) as typeof branches.$inferInsert), position })
      .returning();
    const branch = toAdmin(row!);
    await recordAudit(tx, actor, {
      action: 'branch.create',
      objectType: 'branch',
      objectId: branch.id,
      after: branch,
    });
    return branch;
  });
}

export function updateBranch(
  db: Database,
  id: number,
  body: BranchPatch,
  actor: Actor,
): Promise<AdminBranch> {
  return inTransaction(db, async (tx) => {
    const before = await lockBranch(tx, id);
    const [after] = await tx
      .update(branches)
      .set(columnsOf(body))
      .where(eq(branches.id, id))
      .returning();
    const branch = toAdmin(after!);
    await recordAudit(tx, actor, {
      action: 'branch.update',
      objectType: 'branch',
      objectId: id,
      before: toAdmin(before),
      after: branch,
    });
    return branch;
  });
}

export function deleteBranch(db: Database, id: number, actor: Actor): Promise<void> {
  return inTransaction(db, async (tx) => {
    const before = await lockBranch(tx, id);
    await tx.delete(branches).where(eq(branches.id, id));
    await recordAudit(tx, actor, {
      action: 'branch.delete',
      objectType: 'branch',
      objectId: id,
      before: toAdmin(before),
    });
  });
}

export async function reorderBranches(
  db: Database,
  ids: number[],
  actor: Actor,
): Promise<AdminBranch[]> {
  await inTransaction(db, async (tx) => {
    const order = await reorder(tx, 'branch', ids);
    await recordAudit(tx, actor, {
      action: 'branch.reorder',
      objectType: 'branch',
      objectId: 'order',
      before: order.before,
      after: order.after,
    });
  });
  return listBranches(db);
}
