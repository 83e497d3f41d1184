import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  customers,
  orders,
  type ReturnRequestStatus,
  returnRequests,
  scoringProfiles,
} from '../../db/schema/index.ts';

export type ReturnRequestRow = typeof returnRequests.$inferSelect;

/** The order's latest return request, whatever came of it. */
export async function latestReturnRequest(db: Executor, orderId: number) {
  const [row] = await db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(desc(returnRequests.requestedAt), desc(returnRequests.id))
    .limit(1);
  return row;
}

/** The request still waiting for staff, if any (one at a time per order). */
export async function openReturnRequest(db: Executor, orderId: number) {
  const [row] = await db
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.orderId, orderId), eq(returnRequests.status, 'requested')));
  return row;
}

export async function insertReturnRequest(
  tx: Transaction,
  values: { orderId: number; customerId: number; reason: string | null; requestedAt: Date },
) {
  const [row] = await tx.insert(returnRequests).values(values).returning();
  return row!;
}

export async function findReturnRequest(db: Executor, id: number) {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return row;
}

export async function decideReturnRequest(
  tx: Transaction,
  id: number,
  decision: {
    status: Exclude<ReturnRequestStatus, 'requested'>;
    rejectReason: string | null;
    decidedBy: number;
    decidedAt: Date;
  },
) {
  const [row] = await tx
    .update(returnRequests)
    .set(decision)
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'requested')))
    .returning();
  return row;
}

const queueColumns = {
  request: returnRequests,
  phone: customers.phone,
  surname: scoringProfiles.surname,
  givenName: scoringProfiles.givenName,
  total: orders.total,
  paymentType: orders.paymentType,
};

export type ReturnQueueRow = {
  request: ReturnRequestRow;
  phone: string;
  surname: string | null;
  givenName: string | null;
  total: number;
  paymentType: 'installment' | 'full';
};

function queue(db: Executor) {
  return db
    .select(queueColumns)
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(customers, eq(customers.id, returnRequests.customerId))
    .leftJoin(scoringProfiles, eq(scoringProfiles.customerId, returnRequests.customerId));
}

/** Waiting requests the longest waiting first; decided ones the latest decided first. */
export async function listReturnRequests(
  db: Executor,
  status: ReturnRequestStatus,
  page: { limit: number; offset: number },
): Promise<{ rows: ReturnQueueRow[]; total: number }> {
  const order =
    status === 'requested'
      ? [asc(returnRequests.requestedAt), asc(returnRequests.id)]
      : [desc(returnRequests.decidedAt), desc(returnRequests.id)];
  const [rows, [totals]] = await Promise.all([
    queue(db)
      .where(eq(returnRequests.status, status))
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(returnRequests).where(eq(returnRequests.status, status)),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function returnQueueRow(
  db: Executor,
  id: number,
): Promise<ReturnQueueRow | undefined> {
  const [row] = await queue(db).where(eq(returnRequests.id, id));
  return row;
}
