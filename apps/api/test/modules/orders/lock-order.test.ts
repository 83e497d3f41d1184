import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, staff, tariffs } from '../../../src/db/schema/index.ts';
import { changePrepayment } from '../../../src/modules/orders/checkout.ts';
import { endOrder } from '../../../src/modules/orders/ending.ts';
import { useTestApp } from '../../helpers/app.ts';
import { connectAgain } from '../../helpers/database.ts';
import { createTariffs } from '../../helpers/factories.ts';
import { within } from '../../helpers/within.ts';
import { checkoutCalls } from './buyer.ts';

// PGlite runs one transaction at a time, so two of them can never hold locks at once there
describe.runIf(process.env.TEST_DATABASE_URL)('the lock order (DESIGN §6a) on PostgreSQL', () => {
  const ctx = useTestApp();
  const shop = checkoutCalls(ctx);
  let sixMonths: number;

  beforeAll(async () => {
    await createTariffs(ctx.db);
    const [row] = await ctx.db.select().from(tariffs).where(eq(tariffs.months, 6));
    sixMonths = row!.id;
  });

  /** How many sessions of this test's database wait for a lock now. */
  const waitingForLocks = async () => {
    const result = await ctx.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('lets staff cancel an order while its customer changes the prepayment, neither waiting on the other in a circle', async () => {
    const buyer = await shop.buyer({ limit: 10_000_000 });
    const phone = await shop.product({ price: 3_000_000 });
    const placed = await shop.order(buyer, [{ id: phone.id }], {
      payment_type: 'installment',
      tariff_id: sixMonths,
      prepayment: 500_000,
    });
    const [operator] = await ctx.db
      .insert(staff)
      .values({
        email: `operator.${placed.order_id}@bozor.test`,
        name: 'Operator',
        role: 'operator',
        passwordHash: 'not-used',
      })
      .returning();

    let orderLocked: () => void = () => {};
    const cancelHoldsTheOrder = new Promise<void>((resolve) => {
      orderLocked = resolve;
    });
    const cancelling = endOrder(
      { db: ctx.db, gateway: ctx.app.cardGateway, sms: ctx.app.sms, log: ctx.app.log },
      buyer.customer.id,
      placed.order_id,
      'cancel',
      'ru',
      {
        actor: { staffId: operator!.id, ip: null },
        reason: 'Товар закончился',
        within: async (tx) => {
          orderLocked();
          // the prepayment change has taken what it locks before the order, and waits for it
          await within(2_000, async () => (await waitingForLocks()) > 0);
          // waiting on the change now would close a circle: fail at once, not after PostgreSQL's
          // deadlock check (1 s) and a silent retry of the transaction it picks
          await tx.execute(sql`set local lock_timeout = '300ms'`);
        },
      },
    );
    await cancelHoldsTheOrder;
    // the customer's request, answered by another API process
    const customerSide = connectAgain(ctx.database);
    const changing = changePrepayment(
      customerSide.db,
      buyer.customer.id,
      placed.order_id,
      800_000,
      'ru',
    );
    const [cancelled, changed] = await Promise.allSettled([cancelling, changing]);
    await customerSide.close();
    expect(cancelled).toEqual({ status: 'fulfilled', value: expect.anything() });
    expect(changed).toMatchObject({ status: 'rejected', reason: { code: 'PREPAYMENT_LOCKED' } });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(order).toMatchObject({ status: -2, prepayment: 500_000 });
  });
});
