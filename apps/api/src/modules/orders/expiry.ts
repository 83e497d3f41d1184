import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type JobHandler, scheduleJob } from '../../jobs/runner.ts';
import { releaseStock } from '../catalogue/index.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import type { OrderDeps } from './deps.ts';
import { awaitsUpfront, ORDER_MOVES } from './lifecycle.ts';
import * as repo from './repository.ts';

export const EXPIRE_ORDERS_JOB = 'expire-orders';
const HOUR_MS = 60 * 60 * 1000;
/** Orders looked at in one run; the next hour's run takes the rest. */
const BATCH = 200;

export type ExpiryDeps = Pick<OrderDeps, 'db' | 'sms' | 'log'> & {
  /** Hours an order may wait for what is paid up front (ORDER_PAYMENT_HOURS). */
  paymentHours: number;
};

/** Schedules the run of the hour that starts at or after `at`, once however many ask. */
export function scheduleOrderExpiry(db: Database, at: Date) {
  const hour = new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);
  return scheduleJob(db, EXPIRE_ORDERS_JOB, hour, {}, `expire-orders:${hour.toISOString()}`);
}

/** The hourly job: schedules the next hour's run first, then gives up on unpaid orders. */
export function orderExpiryHandler(deps: ExpiryDeps): JobHandler {
  return async (_payload, job) => {
    await scheduleOrderExpiry(deps.db, new Date(job.now.getTime() + 1));
    await expireUnpaidOrders(deps, job.now);
  };
}

const expiredNotice = (orderId: number): Notice => ({
  kind: 'order_expired',
  text: {
    uz: `№${orderId} buyurtma to'lanmagani uchun bekor qilindi. Mahsulotlarni qaytadan savatdan rasmiylashtirishingiz mumkin.`,
    ru: `Заказ №${orderId} отменён, так как не был оплачен. Товары можно оформить заново из корзины.`,
  },
  link: { type: 'order', id: orderId },
});

/**
 * Orders placed more than `paymentHours` ago whose up-front payment (the total, or the
 * prepayment; an unsigned contract counts as unpaid) never came: the shop rejects them (`expire`),
 * gives their stock back and cancels their credit. An order with a payment being checked or paid
 * is left alone, as is one whose payment waits for a person. Answers how many were rejected.
 */
export async function expireUnpaidOrders(deps: ExpiryDeps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - deps.paymentHours * HOUR_MS);
  const candidates = await repo.listUnpaidOrdersBefore(deps.db, before, BATCH);
  let expired = 0;
  for (const { id, customerId } of candidates) {
    const notice = await inTransaction(deps.db, async (tx) => {
      const locked = await lockOrderAndCredit(tx, { orderId: id, customerId });
      if (!locked || !awaitsUpfront(locked.order)) return null;
      const open = await repo.orderPaymentsIn(tx, id, ['checking', 'paid', 'needs_attention']);
      if (open.length > 0) return null;
      await releaseStock(tx, await repo.orderStockItems(tx, id));
      if (locked.credit) await repo.setCreditStatus(tx, locked.credit.id, 'cancelled');
      await repo.updateOrder(tx, id, { status: ORDER_MOVES.expire.to, cancelledAt: now });
      const told = expiredNotice(id);
      await deliverNotice(tx, customerId, told);
      return told;
    });
    if (!notice) continue;
    expired += 1;
    await sendNotice(deps, customerId, notice);
  }
  if (expired > 0) deps.log.info({ expired }, 'unpaid orders rejected');
  return expired;
}
