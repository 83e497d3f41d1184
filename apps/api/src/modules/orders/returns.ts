/** Returns as requests: the customer asks, staff accept (the refund workflow) or reject (DESIGN §6b). */
import type {
  AdminReturnRow,
  Lang,
  OrderDetail,
  PageMeta,
  ReturnRequestStatus,
} from '@bozor/shared';
import { orderEvents } from '../../db/schema/index.ts';
import { inTransaction, sqlStateOf } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import type { OrderDeps } from './deps.ts';
import { endOrder } from './ending.ts';
import { orderDetail } from './reads.ts';
import * as requests from './return-requests.ts';
import { orderStatusOf } from './statuses.ts';

/** Delivered and completed orders may be returned. */
const RETURNABLE = [4, 5];
const HOUR_MS = 60 * 60 * 1000;

function toRow(row: requests.ReturnQueueRow, now: Date): AdminReturnRow {
  const { request } = row;
  const until = request.decidedAt ?? now;
  const name = [row.surname, row.givenName].filter(Boolean).join(' ');
  return {
    id: request.id,
    order_id: request.orderId,
    status: request.status,
    customer_id: request.customerId,
    customer_phone: row.phone,
    customer_name: name === '' ? null : name,
    amount: row.total,
    payment_type: row.paymentType,
    reason: request.reason,
    reject_reason: request.rejectReason,
    requested_at: request.requestedAt.toISOString(),
    decided_at: request.decidedAt?.toISOString() ?? null,
    waited_hours: Math.max(
      0,
      Math.floor((until.getTime() - request.requestedAt.getTime()) / HOUR_MS),
    ),
  };
}

/**
 * The customer asks to return a delivered order: a request staff decide, nothing refunded yet.
 * One request waits at a time; a rejected one may be followed by another.
 */
export async function requestReturn(
  deps: Pick<OrderDeps, 'db'>,
  customerId: number,
  orderId: number,
  reason: string | null,
  lang: Lang,
): Promise<OrderDetail> {
  try {
    await inTransaction(deps.db, async (tx) => {
      const locked = await lockOrderAndCredit(tx, { orderId, customerId });
      if (!locked) throw notFound('ORDER_NOT_FOUND');
      if (!RETURNABLE.includes(orderStatusOf(locked.order.status))) {
        throw new AppError('ORDER_NOT_RETURNABLE', 409);
      }
      if (await requests.openReturnRequest(tx, orderId)) {
        throw new AppError('RETURN_ALREADY_REQUESTED', 409);
      }
      const at = new Date();
      await requests.insertReturnRequest(tx, { orderId, customerId, reason, requestedAt: at });
      await tx.insert(orderEvents).values({ orderId, step: 'return_requested', note: reason, at });
    });
  } catch (error) {
    // the one-open-request index, should two requests pass the check together
    if (sqlStateOf(error) === '23505') throw new AppError('RETURN_ALREADY_REQUESTED', 409);
    throw error;
  }
  return orderDetail(deps.db, customerId, orderId, lang);
}

export async function listReturns(
  db: OrderDeps['db'],
  filter: { status: ReturnRequestStatus; page: number; limit: number },
): Promise<{ data: AdminReturnRow[]; meta: PageMeta }> {
  const { rows, total } = await requests.listReturnRequests(db, filter.status, {
    limit: filter.limit,
    offset: (filter.page - 1) * filter.limit,
  });
  const now = new Date();
  return {
    data: rows.map((row) => toRow(row, now)),
    meta: pageMeta(filter.page, filter.limit, total),
  };
}

async function returnRow(db: OrderDeps['db'], id: number): Promise<AdminReturnRow> {
  const row = await requests.returnQueueRow(db, id);
  if (!row) throw notFound('RETURN_REQUEST_NOT_FOUND');
  return toRow(row, new Date());
}

async function requireOpen(db: OrderDeps['db'], id: number) {
  const request = await requests.findReturnRequest(db, id);
  if (!request) throw notFound('RETURN_REQUEST_NOT_FOUND');
  if (request.status !== 'requested') throw new AppError('RETURN_REQUEST_DECIDED', 409);
  return request;
}

/**
 * Staff accept a return: the order is returned through the refund workflow (`endOrder`), and the
 * request is marked accepted inside the same transaction, under the order's lock, so of two
 * accepts at once one returns the order and the other is told it was decided.
 */
export async function acceptReturn(
  deps: OrderDeps,
  id: number,
  note: string | null,
  lang: Lang,
  actor: Actor,
): Promise<AdminReturnRow> {
  const request = await requireOpen(deps.db, id);
  await endOrder(deps, request.customerId, request.orderId, 'return', lang, {
    actor,
    reason: note,
    within: async (tx) => {
      const now = new Date();
      const decided = await requests.decideReturnRequest(tx, id, {
        status: 'accepted',
        rejectReason: null,
        decidedBy: actor.staffId,
        decidedAt: now,
      });
      if (!decided) throw new AppError('RETURN_REQUEST_DECIDED', 409);
      await recordAudit(tx, actor, {
        action: 'return_request.accept',
        objectType: 'return_request',
        objectId: id,
        before: { status: 'requested', order_id: request.orderId },
        after: { status: 'accepted', order_id: request.orderId, note },
      });
    },
  });
  return returnRow(deps.db, id);
}

function rejectedNotice(orderId: number, reason: string): Notice {
  return {
    kind: 'return_rejected',
    text: {
      uz: `№${orderId} buyurtmani qaytarish so'rovi rad etildi. Sabab: ${reason}`,
      ru: `Запрос на возврат заказа №${orderId} отклонён. Причина: ${reason}`,
    },
    link: { type: 'order', id: orderId },
  };
}

/**
 * Staff reject a return with a reason the customer reads (a notice and an SMS); the order stays
 * as it was and may be asked about again.
 */
export async function rejectReturn(
  deps: OrderDeps,
  id: number,
  reason: string,
  actor: Actor,
): Promise<AdminReturnRow> {
  const request = await requireOpen(deps.db, id);
  const notice = rejectedNotice(request.orderId, reason);
  await inTransaction(deps.db, async (tx) => {
    // the order's lock first, as accepting takes it, so the two decisions take turns
    await lockOrderAndCredit(tx, { orderId: request.orderId });
    const now = new Date();
    const decided = await requests.decideReturnRequest(tx, id, {
      status: 'rejected',
      rejectReason: reason,
      decidedBy: actor.staffId,
      decidedAt: now,
    });
    if (!decided) throw new AppError('RETURN_REQUEST_DECIDED', 409);
    await tx.insert(orderEvents).values({
      orderId: request.orderId,
      step: 'return_rejected',
      note: reason,
      staffId: actor.staffId,
      at: now,
    });
    await recordAudit(tx, actor, {
      action: 'return_request.reject',
      objectType: 'return_request',
      objectId: id,
      before: { status: 'requested', order_id: request.orderId },
      after: { status: 'rejected', order_id: request.orderId, reason },
    });
    await deliverNotice(tx, request.customerId, notice);
  });
  await sendNotice(deps, request.customerId, notice);
  return returnRow(deps.db, id);
}
