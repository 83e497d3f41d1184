/** An order as the customer reads it: the list and one order with its lines and payments. */
import type { Lang, OrderDetail, OrderItem, OrderSummary, PageMeta, Payment } from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/paging.ts';
import { declineOf } from '../../providers/payments/index.ts';
import { findCard, toCard } from '../cards/index.ts';
import { receiptsOfOrder } from '../fiscal/index.ts';
import { awaitsUpfront, isCancellable, isReturnable } from './lifecycle.ts';
import { orderHistory, progressName, stepName, stepOf } from './progress.ts';
import * as repo from './repository.ts';
import { latestReturnRequest } from './return-requests.ts';
import { orderStatusName, orderStatusOf } from './statuses.ts';

/** What is still to be paid up front: the total, or the prepayment, until it is paid. */
function needPayedPrice(order: repo.OrderRow): number {
  if (!awaitsUpfront(order)) return 0;
  return order.paymentType === 'full' ? order.total : order.prepayment;
}

function toSummary(
  row: repo.OrderWithCredit,
  items: repo.OrderItemRow[],
  lang: Lang,
): OrderSummary {
  const status = orderStatusOf(row.order.status);
  const images = [...new Set(items.flatMap((item) => (item.image ? [item.image] : [])))];
  return {
    id: row.order.id,
    status,
    status_name: progressName(row.order, lang) ?? orderStatusName(status, lang),
    payment_type: row.order.paymentType,
    total: row.order.total,
    prepayment: row.order.prepayment,
    credit_id: row.creditId,
    items_count: items.reduce((sum, item) => sum + item.count, 0),
    images: images.slice(0, 4),
    created_at: row.order.createdAt.toISOString(),
  };
}

/** An order line as the customer reads it, in their language. */
export function toOrderItem(item: repo.OrderItemRow, lang: Lang): OrderItem {
  return {
    product_id: item.productId,
    slug: item.slug,
    name: pick(item, 'name', lang),
    image: item.image,
    price: item.price,
    count: item.count,
  };
}

export async function listOrders(
  db: Executor,
  customerId: number,
  page: { page: number; per_page: number },
  lang: Lang,
): Promise<{ data: OrderSummary[]; meta: PageMeta }> {
  const [total, rows] = await Promise.all([
    repo.countOrders(db, customerId),
    repo.listOrders(db, customerId, page.per_page, (page.page - 1) * page.per_page),
  ]);
  const items = await repo.listOrderItems(
    db,
    rows.map((row) => row.order.id),
  );
  return {
    data: rows.map((row) =>
      toSummary(
        row,
        items.filter((item) => item.orderId === row.order.id),
        lang,
      ),
    ),
    meta: pageMeta(page.page, page.per_page, total),
  };
}

export async function orderDetail(
  db: Executor,
  customerId: number,
  orderId: number,
  lang: Lang,
): Promise<OrderDetail> {
  const row = await repo.findOrder(db, customerId, orderId);
  if (!row) throw notFound('ORDER_NOT_FOUND');
  const order = row.order;
  const [items, payments, card, returnRequest, history, receipts] = await Promise.all([
    repo.listOrderItems(db, [order.id]),
    repo.listPayments(db, order.id),
    order.cardId === null ? undefined : findCard(db, customerId, order.cardId),
    latestReturnRequest(db, order.id),
    orderHistory(db, order),
    receiptsOfOrder(db, order.id),
  ]);
  const status = orderStatusOf(order.status);
  return {
    ...toSummary(row, items, lang),
    items: items.map((item) => toOrderItem(item, lang)),
    delivery: pick(order, 'delivery', lang),
    delivery_type: order.deliveryType,
    delivery_fee: order.deliveryFee,
    delivery_promised_on: order.deliveryPromisedOn,
    tariff:
      row.creditMonths !== null && row.creditMarkup !== null
        ? { months: row.creditMonths, markup_percent: row.creditMarkup }
        : null,
    card: card ? toCard(card) : null,
    need_payed_price: needPayedPrice(order),
    can_cancel: isCancellable(status),
    can_return: isReturnable(status) && returnRequest?.status !== 'requested',
    return_request: returnRequest
      ? {
          status: returnRequest.status,
          reject_reason: returnRequest.rejectReason,
          requested_at: returnRequest.requestedAt.toISOString(),
        }
      : null,
    payments: payments.map(
      ({ payment, cardNumber }): Payment => ({
        id: payment.id,
        purpose: payment.purpose,
        state: payment.state,
        method: payment.method,
        amount: payment.amount,
        card_number: cardNumber,
        decline:
          payment.state === 'failed'
            ? (declineOf(payment.declineCode)?.customerMessage(lang) ?? null)
            : null,
        created_at: payment.createdAt.toISOString(),
      }),
    ),
    receipts,
    credit_status: row.creditStatus,
    step: stepOf(order),
    progress: history.map((h) => ({ step: h.step, name: stepName(h.step, lang), at: h.at })),
    courier_name: order.courierName,
    tracking_number: order.trackingNumber,
  };
}
