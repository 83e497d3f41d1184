import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { credits, orders } from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { lockOrderAndCredit } from '../../../src/modules/money/locks.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { openTestDatabase } from '../../helpers/database.ts';
import { createCredit, createTariffs } from '../../helpers/factories.ts';

describe('locking an order and its credit', () => {
  let database: DatabaseHandle;
  let customerId: number;
  let tariffId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    customerId = (await createCustomerSession(database.db)).customer.id;
    tariffId = (await createTariffs(database.db))[0]!.id;
  });
  afterAll(() => database.close());

  const lock = (target: Parameters<typeof lockOrderAndCredit>[1]) =>
    inTransaction(database.db, (tx) => lockOrderAndCredit(tx, target));

  const installmentOrder = async () => {
    const [order] = await database.db
      .insert(orders)
      .values({
        customerId,
        paymentType: 'installment',
        tariffId,
        total: 3_000_000,
        deliveryUz: '-',
        deliveryRu: '-',
      })
      .returning();
    const [credit] = await database.db
      .insert(credits)
      .values({ customerId, orderId: order!.id, total: 3_000_000 })
      .returning();
    return { order: order!, credit: credit! };
  };

  it('finds the order by its credit and locks both', async () => {
    const { order, credit } = await installmentOrder();
    expect(await lock({ creditId: credit.id, customerId })).toMatchObject({
      order: { id: order.id },
      credit: { id: credit.id },
    });
  });

  it('answers nothing for a credit that does not exist', async () => {
    expect(await lock({ creditId: 2_000_000_000 })).toBeUndefined();
  });

  it('answers nothing for a credit with no order', async () => {
    const credit = await createCredit(database.db, customerId);
    expect(await lock({ creditId: credit.id })).toBeUndefined();
  });

  it("answers nothing for another customer's credit", async () => {
    const { credit } = await installmentOrder();
    const other = (await createCustomerSession(database.db)).customer.id;
    expect(await lock({ creditId: credit.id, customerId: other })).toBeUndefined();
  });
});
