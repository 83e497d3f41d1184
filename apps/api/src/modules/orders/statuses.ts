import type { Lang, OrderStatusId } from '@bozor/shared';

/** Order status names as the profile shows them (DESIGN §4 ids). */
const ORDER_STATUS_NAMES: Record<OrderStatusId, Record<Lang, string>> = {
  [-2]: { uz: 'Bekor qilindi', ru: 'Отменён' },
  [-1]: { uz: 'Rad etildi', ru: 'Отклонён' },
  1: { uz: "Yangi — to'lov kutilmoqda", ru: 'Новый — ожидает оплаты' },
  2: { uz: 'Tasdiqlandi', ru: 'Подтверждён' },
  3: { uz: "Jo'natildi", ru: 'Отправлен' },
  4: { uz: 'Yetkazib berildi', ru: 'Доставлен' },
  5: { uz: 'Yakunlandi', ru: 'Завершён' },
  10: { uz: 'Qaytarildi', ru: 'Возвращён' },
};

const STATUS_IDS = new Set<number>(Object.keys(ORDER_STATUS_NAMES).map(Number));

export function isOrderStatus(value: number): value is OrderStatusId {
  return STATUS_IDS.has(value);
}

/** A stored status as the contract's id; the table's check keeps it one of them. */
export function orderStatusOf(value: number): OrderStatusId {
  if (!isOrderStatus(value)) throw new Error(`unknown order status ${value}`);
  return value;
}

export function orderStatusName(status: OrderStatusId, lang: Lang): string {
  return ORDER_STATUS_NAMES[status][lang];
}
