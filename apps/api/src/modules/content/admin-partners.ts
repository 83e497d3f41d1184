/** The inbox of become-a-partner applications: new first, handled by staff (issue 23). */
import {
  type AdminPartner,
  type AdminPartnerRow,
  PARTNER_NEXT,
  type PageMeta,
  type PartnerCounts,
  type PartnerPatch,
  type PartnerStatus,
} from '@bozor/shared';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { partnerApplications, staff } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { type Actor, recordAudit } from '../audit/index.ts';

type ApplicationRow = typeof partnerApplications.$inferSelect;

const toRow = (row: ApplicationRow): AdminPartnerRow => ({
  id: row.id,
  full_name: row.fullName,
  phone: row.phone,
  store_name: row.storeName,
  stir: row.stir,
  lang: row.lang,
  status: row.status as PartnerStatus,
  created_at: row.createdAt.toISOString(),
  handled_at: row.handledAt?.toISOString() ?? null,
});

/** `%`, `_` and the escape character itself stand for themselves in a LIKE pattern. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Digits (a phone typed with spaces or +, a STIR) find the phone and the STIR; words find the
 * store's and the applicant's name.
 */
function searchOf(q: string): SQL | undefined {
  if (/^[+\d\s()-]+$/.test(q)) {
    const digits = q.replace(/\D/g, '');
    if (digits === '') return sql`false`;
    return or(
      ilike(partnerApplications.phone, likeContains(digits)),
      ilike(partnerApplications.stir, likeContains(digits)),
    );
  }
  return or(
    ilike(partnerApplications.storeName, likeContains(q)),
    ilike(partnerApplications.fullName, likeContains(q)),
  );
}

export interface PartnersFilter {
  status?: PartnerStatus | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
}

/** New applications first, then the newest. */
export async function listApplications(
  db: Executor,
  filter: PartnersFilter,
): Promise<{ data: AdminPartnerRow[]; meta: PageMeta }> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(partnerApplications.status, filter.status));
  const search = filter.q ? searchOf(filter.q) : undefined;
  if (search) where.push(search);
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(partnerApplications)
      .where(condition)
      .orderBy(
        desc(sql`${partnerApplications.status} = 'new'`),
        desc(partnerApplications.createdAt),
        desc(partnerApplications.id),
      )
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(partnerApplications).where(condition),
  ]);
  return {
    data: rows.map(toRow),
    meta: pageMeta(filter.page, filter.limit, totals?.total ?? 0),
  };
}

export async function countApplications(db: Executor): Promise<PartnerCounts> {
  const [row] = await db
    .select({ total: count() })
    .from(partnerApplications)
    .where(eq(partnerApplications.status, 'new'));
  return { new: row?.total ?? 0 };
}

export async function getApplication(db: Executor, id: number): Promise<AdminPartner> {
  const [row] = await db
    .select({ application: partnerApplications, handlerName: staff.name })
    .from(partnerApplications)
    .leftJoin(staff, eq(staff.id, partnerApplications.handledBy))
    .where(eq(partnerApplications.id, id));
  if (!row) throw notFound('PARTNER_APPLICATION_NOT_FOUND');
  const { application, handlerName } = row;
  return {
    ...toRow(application),
    note: application.note,
    handled_by:
      application.handledBy !== null
        ? { id: application.handledBy, name: handlerName ?? '' }
        : null,
  };
}

/**
 * Moves an application on (new → contacted → accepted or rejected; never back) and keeps the
 * note; the member of staff and the moment are recorded on it and in the audit log.
 */
export async function updateApplication(
  db: Database,
  id: number,
  change: PartnerPatch,
  actor: Actor,
): Promise<AdminPartner> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, id))
      .for('update');
    if (!before) throw notFound('PARTNER_APPLICATION_NOT_FOUND');
    const from = before.status as PartnerStatus;
    const status = change.status ?? from;
    if (status !== from && !PARTNER_NEXT[from].includes(status)) {
      throw new AppError('PARTNER_STATUS_FINAL', 409);
    }
    const note = change.note ?? before.note;
    await tx
      .update(partnerApplications)
      .set({ status, note, handledBy: actor.staffId, handledAt: new Date() })
      .where(eq(partnerApplications.id, id));
    await recordAudit(tx, actor, {
      action: 'partner_application.update',
      objectType: 'partner_application',
      objectId: id,
      before: { status: from, note: before.note },
      after: { status, note },
    });
  });
  return getApplication(db, id);
}
