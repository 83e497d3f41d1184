import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  credits,
  jobs,
  notifications,
  orders,
  payments,
  products,
} from '../../../src/db/schema/index.ts';
import { createJobRunner } from '../../../src/jobs/runner.ts';
import {
  EXPIRE_ORDERS_JOB,
  type ExpiryDeps,
  expireUnpaidOrders,
  orderExpiryHandler,
  scheduleOrderExpiry,
} from '../../../src/modules/orders/expiry.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';

const NOW = new Date('2027-03-01T10:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

describe('rejecting orders whose up-front payment never came', () => {
  const ctx = useTestApp();
  const deps = (): ExpiryDeps => ({
    db: ctx.db,
    sms: ctx.app.sms,
    log: ctx.app.log,
    paymentHours: 24,
  });

  beforeEach(async () => {
    // each test looks at its own orders: the others' count as paid
    await ctx.db.update(orders).set({ paidAt: NOW }).where(eq(orders.status, 1));
    await ctx.db.delete(jobs);
  });

  async function unpaidOrder(placedAt: Date) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id);
    const made = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      prepayment: 300_000,
      orderStatus: 1,
      creditStatus: 'not_signed',
      placedAt,
    });
    return { ...session, card, ...made };
  }
  const orderOf = async (id: number) =>
    (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const stockOf = async (id: number) =>
    (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!.stock;

  it('rejects an order left unpaid past the hours, gives its stock back and cancels its credit', async () => {
    const late = await unpaidOrder(hoursAgo(25));
    const fresh = await unpaidOrder(hoursAgo(23));
    const stockBefore = await stockOf(late.product.id);

    expect(await expireUnpaidOrders(deps(), NOW)).toBe(1);

    expect(await orderOf(late.order.id)).toMatchObject({ status: -1, cancelledAt: NOW });
    expect(await stockOf(late.product.id)).toBe(stockBefore + 1);
    const [credit] = await ctx.db.select().from(credits).where(eq(credits.id, late.credit.id));
    expect(credit!.status).toBe('cancelled');
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, late.customer.id));
    expect(told.map((n) => n.kind)).toEqual(['order_expired']);
    expect(told[0]!.textRu).toBe(
      `Заказ №${late.order.id} отменён, так как не был оплачен. Товары можно оформить заново из корзины.`,
    );
    expect((await orderOf(fresh.order.id)).status).toBe(1);

    // a second run finds nothing more to do
    expect(await expireUnpaidOrders(deps(), NOW)).toBe(0);
  });

  it('leaves an order whose payment is being checked or was paid', async () => {
    const checking = await unpaidOrder(hoursAgo(30));
    await ctx.db.insert(payments).values({
      customerId: checking.customer.id,
      orderId: checking.order.id,
      creditId: checking.credit.id,
      cardId: checking.card.id,
      purpose: 'first',
      amount: 300_000,
      gatewayKey: `test-checking-${checking.order.id}`,
      state: 'checking',
    });
    expect(await expireUnpaidOrders(deps(), NOW)).toBe(0);
    expect((await orderOf(checking.order.id)).status).toBe(1);
  });

  it('runs every hour by the job runner, each run scheduling the next', async () => {
    const late = await unpaidOrder(hoursAgo(48));
    let clock = NOW;
    const runner = createJobRunner({
      db: ctx.db,
      handlers: { [EXPIRE_ORDERS_JOB]: orderExpiryHandler(deps()) },
      now: () => clock,
    });
    await scheduleOrderExpiry(ctx.db, NOW);
    expect(await runner.runDue()).toBe(1);
    expect((await orderOf(late.order.id)).status).toBe(-1);
    const next = await ctx.db.select().from(jobs).where(eq(jobs.kind, EXPIRE_ORDERS_JOB));
    expect(next.map((j) => j.runAt)).toContainEqual(new Date('2027-03-01T11:00:00Z'));
    clock = new Date('2027-03-01T10:30:00Z');
    expect(await runner.runDue()).toBe(0);
  });
});
