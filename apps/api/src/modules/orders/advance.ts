/** Moving an order along its statuses by hand, until the back office does it. */
import type { Lang, OrderDetail, OrderStatusId } from '@bozor/shared';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import { recordInShopNotice } from '../notifications/index.ts';
import { ORDER, ORDER_MOVES } from './lifecycle.ts';
import { orderDetail } from './reads.ts';
import * as repo from './repository.ts';
import { orderStatusName } from './statuses.ts';

/**
 * Moves an order to its next status, as the back office will: confirmed → shipped → delivered →
 * completed (only once fully paid: paid in full, or its credit closed).
 */
export async function advanceOrder(
  db: Database,
  orderId: number,
  lang: Lang,
): Promise<OrderDetail> {
  const customerId = await repo.orderOwner(db, orderId);
  if (customerId === undefined) throw notFound('ORDER_NOT_FOUND');
  await inTransaction(db, async (tx) => {
    // completing an order reads its credit: both locked, order first
    const row = (await lockOrderAndCredit(tx, { orderId, customerId }))
      ? await repo.findOrder(tx, customerId, orderId)
      : undefined;
    if (!row) throw notFound('ORDER_NOT_FOUND');
    const now = new Date();
    let next: OrderStatusId;
    switch (row.order.status) {
      case ORDER.new:
        throw new AppError('ORDER_NOT_PAID', 409);
      case ORDER.confirmed:
        next = ORDER_MOVES.ship.to;
        await repo.updateOrder(tx, orderId, { status: next, shippedAt: now });
        break;
      case ORDER.shipped:
        next = ORDER_MOVES.deliver.to;
        await repo.updateOrder(tx, orderId, { status: next, deliveredAt: now });
        break;
      case ORDER.delivered:
        if (row.order.paymentType !== 'full' && row.creditStatus !== 'closed') {
          throw new AppError('NOT_FULLY_PAID', 409);
        }
        next = ORDER_MOVES.complete.to;
        await repo.updateOrder(tx, orderId, { status: next });
        break;
      default:
        throw new AppError('ORDER_STATUS_FINAL', 409);
    }
    await recordInShopNotice(tx, customerId, {
      kind: 'order_status',
      text: {
        uz: `№${orderId} buyurtma: ${orderStatusName(next, 'uz')}`,
        ru: `Заказ №${orderId}: ${orderStatusName(next, 'ru')}`,
      },
      link: { type: 'order', id: orderId },
    });
  });
  return orderDetail(db, customerId, orderId, lang);
}
