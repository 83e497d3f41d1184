import { type AuditEntry, addDays, startOfTashkentDay } from '@bozor/shared';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, staff } from '../../db/schema/index.ts';

/** Who did it: the member of staff and the address the request came from. */
export interface Actor {
  staffId: number;
  ip: string | null;
}

/** Whose entry it is: a failed sign-in with an email no account has is nobody's. */
export interface AuditSubject {
  staffId: number | null;
  ip: string | null;
}

export interface AuditRecord {
  action: string;
  objectType: string;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends a staff write to the audit log. Call it inside the transaction that makes the change,
 * so the entry exists exactly when the change does.
 */
export async function recordAudit(
  db: Executor,
  actor: Actor | AuditSubject,
  record: AuditRecord,
): Promise<void> {
  await recordAudits(db, actor, [record]);
}

/** Appends several entries of one actor in one statement (an import's changed products). */
export async function recordAudits(
  db: Executor,
  actor: Actor | AuditSubject,
  records: readonly AuditRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await db.insert(auditLog).values(
    records.map((record) => ({
      staffId: actor.staffId,
      action: record.action,
      objectType: record.objectType,
      objectId: String(record.objectId),
      before: record.before ?? null,
      after: record.after ?? null,
      ip: actor.ip,
    })),
  );
}

export interface AuditFilter {
  staffId?: number | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  /** Tashkent days, YYYY-MM-DD, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

export async function listAudit(
  db: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where: SQL[] = [];
  if (filter.staffId !== undefined) where.push(eq(auditLog.staffId, filter.staffId));
  if (filter.objectType !== undefined) where.push(eq(auditLog.objectType, filter.objectType));
  if (filter.objectId !== undefined) where.push(eq(auditLog.objectId, filter.objectId));
  if (filter.from !== undefined) where.push(gte(auditLog.at, startOfTashkentDay(filter.from)));
  if (filter.to !== undefined) {
    const next = startOfTashkentDay(addDays(filter.to, 1));
    where.push(lt(auditLog.at, next));
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ entry: auditLog, email: staff.email })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditLog).where(condition),
  ]);
  return {
    total: totals?.total ?? 0,
    rows: rows.map(({ entry, email }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      staff_id: entry.staffId,
      staff_email: email,
      action: entry.action,
      object_type: entry.objectType,
      object_id: entry.objectId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: entry.ip,
    })),
  };
}
