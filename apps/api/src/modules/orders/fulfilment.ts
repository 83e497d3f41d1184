/** Orders on their way to the door, as staff move them (DESIGN §6b): one state machine. */
import {
  type AdminOrderDetail,
  type AdminOrderRow,
  addDays,
  type FulfilmentAction,
  type FulfilmentStep,
  type Lang,
  type PageMeta,
  startOfTashkentDay,
  tashkentDay,
} from '@bozor/shared';
import {
  and,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, deliveryAddresses, orderEvents, orders } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import type { OrderDeps } from './deps.ts';
import { isLate, ORDER_MOVES } from './lifecycle.ts';
import { orderHistory, STEP_NAMES, stepOf } from './progress.ts';
import { orderDetail } from './reads.ts';
import { orderStatusOf } from './statuses.ts';

type OrderRow = typeof orders.$inferSelect;

/** The one move from each step, by how the order reaches the customer. */
const NEXT: Partial<Record<FulfilmentStep, Record<OrderRow['deliveryType'], FulfilmentAction>>> = {
  confirmed: { address: 'pack', pickup: 'pack' },
  packed: { address: 'hand_to_courier', pickup: 'ready_for_pickup' },
  with_courier: { address: 'deliver', pickup: 'deliver' },
  ready_for_pickup: { address: 'pick_up', pickup: 'pick_up' },
};

export function nextActions(order: OrderRow): FulfilmentAction[] {
  const next = NEXT[stepOf(order)]?.[order.deliveryType];
  return next ? [next] : [];
}

function stepNotice(order: OrderRow, step: FulfilmentStep): Notice {
  const courier =
    step === 'with_courier'
      ? {
          uz: ` Kuryer: ${order.courierName}, kuzatuv raqami ${order.trackingNumber}.`,
          ru: ` Курьер: ${order.courierName}, номер для отслеживания ${order.trackingNumber}.`,
        }
      : { uz: '', ru: '' };
  return {
    kind: 'order_status',
    text: {
      uz: `№${order.id} buyurtma: ${STEP_NAMES[step].uz}.${courier.uz}`,
      ru: `Заказ №${order.id}: ${STEP_NAMES[step].ru}.${courier.ru}`,
    },
    link: { type: 'order', id: order.id },
  };
}

export interface ActionInput {
  action: FulfilmentAction;
  courier_name?: string | undefined;
  tracking_number?: string | undefined;
}

/** The columns an action sets on an order. */
function changeOf(input: ActionInput, now: Date): Partial<OrderRow> {
  switch (input.action) {
    case 'pack':
      return { packedAt: now };
    case 'hand_to_courier':
      return {
        status: ORDER_MOVES.ship.to,
        shippedAt: now,
        courierName: input.courier_name ?? null,
        trackingNumber: input.tracking_number ?? null,
      };
    case 'ready_for_pickup':
      return { readyAt: now };
    case 'deliver':
    case 'pick_up':
      return { status: ORDER_MOVES.deliver.to, deliveredAt: now };
  }
}

/**
 * Moves an order one step on, if `action` is its next move (a 409 otherwise): the order and its
 * credit are locked, the step is recorded in its history and the audit log, and the customer gets
 * a notice and an SMS.
 */
export async function takeAction(
  deps: OrderDeps,
  orderId: number,
  input: ActionInput,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  const done = await inTransaction(deps.db, async (tx) => {
    const locked = await lockOrderAndCredit(tx, { orderId });
    if (!locked) throw notFound('ORDER_NOT_FOUND');
    const before = locked.order;
    if (!nextActions(before).includes(input.action)) {
      throw new AppError('ORDER_STEP_INVALID', 409, undefined, {
        data: { step: stepOf(before), next_actions: nextActions(before) },
      });
    }
    const [after] = await tx
      .update(orders)
      .set({ ...changeOf(input, now), updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    if (!after) throw notFound('ORDER_NOT_FOUND');
    const step = stepOf(after);
    const note =
      input.action === 'hand_to_courier' ? `${after.courierName} · ${after.trackingNumber}` : null;
    await tx.insert(orderEvents).values({ orderId, step, note, staffId: actor.staffId, at: now });
    await recordAudit(tx, actor, {
      action: `order.${input.action}`,
      objectType: 'order',
      objectId: orderId,
      before: { status: before.status, step: stepOf(before) },
      after: { status: after.status, step, ...(note ? { courier: note } : {}) },
    });
    const notice = stepNotice(after, step);
    await deliverNotice(tx, after.customerId, notice);
    return { customerId: after.customerId, notice };
  });
  await sendNotice(deps, done.customerId, done.notice);
}

export interface AdminOrdersFilter {
  status?: number | undefined;
  payment_type?: 'installment' | 'full' | undefined;
  delivery_type?: 'address' | 'pickup' | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  region_id?: number | undefined;
  late?: boolean | undefined;
  page: number;
  limit: number;
}

/** The late orders of `today` in SQL: the same rule as `isLate`. */
function lateOn(today: string): SQL {
  return and(
    lt(orders.deliveryPromisedOn, today),
    inArray(orders.status, [...ORDER_MOVES.deliver.from]),
    or(eq(orders.deliveryType, 'address'), isNull(orders.readyAt)),
  ) as SQL;
}

/**
 * The queue: newest first, by status, payment, delivery, Tashkent days placed, region, lateness
 * on `today` (Tashkent, YYYY-MM-DD), and an order number or phone.
 */
export async function listAdminOrders(
  db: Executor,
  filter: AdminOrdersFilter,
  lang: Lang,
  today: string,
): Promise<{ data: AdminOrderRow[]; meta: PageMeta }> {
  const where: SQL[] = [];
  if (filter.late === true) where.push(lateOn(today));
  if (filter.status !== undefined) where.push(eq(orders.status, filter.status));
  if (filter.payment_type) where.push(eq(orders.paymentType, filter.payment_type));
  if (filter.delivery_type) where.push(eq(orders.deliveryType, filter.delivery_type));
  if (filter.from) where.push(gte(orders.createdAt, startOfTashkentDay(filter.from)));
  if (filter.to) where.push(lt(orders.createdAt, startOfTashkentDay(addDays(filter.to, 1))));
  if (filter.region_id !== undefined) {
    where.push(
      exists(
        db
          .select({ id: deliveryAddresses.id })
          .from(deliveryAddresses)
          .where(
            and(
              eq(deliveryAddresses.id, orders.addressId),
              eq(deliveryAddresses.regionId, filter.region_id),
            ),
          ),
      ),
    );
  }
  if (filter.q) {
    const digits = filter.q.replace('#', '');
    const byPhone = ilike(customers.phone, `%${digits}%`);
    const id = Number(digits);
    where.push(
      digits.length <= 9 && id <= 2_147_483_647 ? (or(eq(orders.id, id), byPhone) as SQL) : byPhone,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ order: orders, phone: customers.phone })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ total: count() })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(condition),
  ]);
  return {
    data: rows.map(({ order, phone }) => ({
      id: order.id,
      status: orderStatusOf(order.status),
      step: stepOf(order),
      payment_type: order.paymentType,
      delivery_type: order.deliveryType,
      total: order.total,
      customer_id: order.customerId,
      customer_phone: phone,
      delivery: lang === 'ru' ? order.deliveryRu : order.deliveryUz,
      delivery_promised_on: order.deliveryPromisedOn,
      late: isLate(order, today),
      created_at: order.createdAt.toISOString(),
      next_actions: nextActions(order),
    })),
    meta: pageMeta(filter.page, filter.limit, totals?.total ?? 0),
  };
}

/**
 * One order as staff see it: the customer's view, who they are, every step so far, and whether
 * it is late on `today` (Tashkent).
 */
export async function adminOrderDetail(
  db: Executor,
  orderId: number,
  lang: Lang,
  today = tashkentDay(new Date()),
): Promise<AdminOrderDetail> {
  const [row] = await db
    .select({ order: orders, phone: customers.phone })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('ORDER_NOT_FOUND');
  const { order } = row;
  const history = await orderHistory(db, order);
  return {
    order: await orderDetail(db, order.customerId, orderId, lang),
    step: stepOf(order),
    customer: { id: order.customerId, phone: row.phone },
    courier_name: order.courierName,
    tracking_number: order.trackingNumber,
    next_actions: nextActions(order),
    late: isLate(order, today),
    history: history.map((h) => ({
      step: h.step,
      note: h.note,
      staff_email: h.staffEmail,
      at: h.at,
    })),
  };
}
