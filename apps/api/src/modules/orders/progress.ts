/**
 * Where an order is on its way to the customer, and the steps it took: one reading for the
 * customer's order page and the back office's history (DESIGN §6b).
 */
import type { FulfilmentStep, HistoryMilestone, Lang, OrderHistoryStep } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderEvents, type orders, staff } from '../../db/schema/index.ts';
import { ORDER } from './lifecycle.ts';

type OrderRow = typeof orders.$inferSelect;

/** Where an order is, from its status and the steps taken within it. */
export function stepOf(order: OrderRow): FulfilmentStep {
  switch (order.status) {
    case ORDER.cancelled:
      return 'cancelled';
    case ORDER.rejected:
      return 'rejected';
    case ORDER.new:
      return 'awaiting_payment';
    case ORDER.confirmed:
      if (order.readyAt) return 'ready_for_pickup';
      return order.packedAt ? 'packed' : 'confirmed';
    case ORDER.shipped:
      return 'with_courier';
    case ORDER.delivered:
      return order.deliveryType === 'pickup' ? 'picked_up' : 'delivered';
    case ORDER.completed:
      return 'completed';
    default:
      return 'returned';
  }
}

/** Each step as the customer and the notices name it. */
export const STEP_NAMES: Record<FulfilmentStep, Record<Lang, string>> = {
  awaiting_payment: { uz: "To'lov kutilmoqda", ru: 'Ожидает оплаты' },
  confirmed: { uz: 'Tasdiqlandi', ru: 'Подтверждён' },
  packed: { uz: "Qadoqlandi va jo'natishga tayyor", ru: 'Упакован и готов к отправке' },
  with_courier: { uz: 'Kuryerga topshirildi', ru: 'Передан курьеру' },
  delivered: { uz: 'Yetkazib berildi', ru: 'Доставлен' },
  ready_for_pickup: { uz: 'Filialda olib ketishga tayyor', ru: 'Готов к выдаче в пункте' },
  picked_up: { uz: 'Olib ketildi', ru: 'Получен' },
  completed: { uz: 'Yakunlandi', ru: 'Завершён' },
  cancelled: { uz: 'Bekor qilindi', ru: 'Отменён' },
  rejected: { uz: 'Rad etildi', ru: 'Отклонён' },
  returned: { uz: 'Qaytarildi', ru: 'Возвращён' },
};

/** A step an order took: placed and paid, each one staff took, and how it ended. */
export interface HistoryStep {
  step: OrderHistoryStep;
  note: string | null;
  /** The member of staff who took it; null for the customer's own and automatic ones. */
  staffEmail: string | null;
  at: string;
}

/** Placed, paid, then every step staff took, oldest first, with its ending. */
export async function orderHistory(db: Executor, order: OrderRow): Promise<HistoryStep[]> {
  const events = await db
    .select({ event: orderEvents, email: staff.email })
    .from(orderEvents)
    .leftJoin(staff, eq(staff.id, orderEvents.staffId))
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(orderEvents.at, orderEvents.id);
  const history: HistoryStep[] = [
    { step: 'placed', note: null, staffEmail: null, at: order.createdAt.toISOString() },
    ...(order.paidAt
      ? [{ step: 'paid' as const, note: null, staffEmail: null, at: order.paidAt.toISOString() }]
      : []),
    ...events.map(({ event, email }) => ({
      step: event.step,
      note: event.note,
      staffEmail: email,
      at: event.at.toISOString(),
    })),
  ];
  // an ending by the customer (or the expiry job) has no event of its own: its time stands in
  const ended: [FulfilmentStep, Date | null][] = [
    ['cancelled', order.status === ORDER.rejected ? null : order.cancelledAt],
    ['rejected', order.status === ORDER.rejected ? order.cancelledAt : null],
    ['returned', order.returnedAt],
  ];
  for (const [step, at] of ended) {
    if (at && !history.some((h) => h.step === step)) {
      history.push({ step, note: null, staffEmail: null, at: at.toISOString() });
    }
  }
  return history;
}

/** The history's other steps as the customer reads them on the order's page. */
const MILESTONES: Record<HistoryMilestone, Record<Lang, string>> = {
  placed: { uz: 'Buyurtma berildi', ru: 'Заказ оформлен' },
  paid: { uz: "To'landi", ru: 'Оплачен' },
  return_requested: { uz: "Qaytarish so'raldi", ru: 'Возврат запрошен' },
  return_rejected: { uz: 'Qaytarish rad etildi', ru: 'Возврат отклонён' },
};

/** A step of the history in the customer's language; one this build does not know, as it came. */
export function stepName(step: string, lang: Lang): string {
  const names = MILESTONES[step as HistoryMilestone] ?? STEP_NAMES[step as FulfilmentStep];
  return names ? names[lang] : step;
}

/** The status as the customer reads it, naming the step within "confirmed" and "shipped". */
export function progressName(order: OrderRow, lang: Lang): string | undefined {
  const step = stepOf(order);
  return step === 'packed' || step === 'ready_for_pickup' || step === 'with_courier'
    ? STEP_NAMES[step][lang]
    : undefined;
}
