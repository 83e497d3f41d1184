import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { orders } from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import {
  balanceOf,
  LedgerError,
  type Movement,
  recordMovement,
} from '../../../src/modules/ledger/repository.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { openTestDatabase } from '../../helpers/database.ts';
import { createCredit } from '../../helpers/factories.ts';

/**
 * The ledger's idempotency guards, each with a case that fails when the guard is deleted (found
 * by mutation testing, docs/testing.md).
 */
describe('the ledger under a reused key', () => {
  let database: DatabaseHandle;
  let customerId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    customerId = (await createCustomerSession(database.db)).customer.id;
  });
  afterAll(() => database.close());

  const record = (movement: Omit<Movement, 'customerId'>) =>
    inTransaction(database.db, (tx) => recordMovement(tx, { customerId, ...movement }));
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'recorded',
      (e: unknown) => (e instanceof LedgerError ? e.reason : Promise.reject(e)),
    );
  const fullOrder = async () => {
    const [row] = await database.db
      .insert(orders)
      .values({
        customerId,
        paymentType: 'full',
        total: 1_000_000,
        deliveryUz: '-',
        deliveryRu: '-',
      })
      .returning({ id: orders.id });
    return row!.id;
  };

  it('answers a retried payment that paid the credit off with its first entry, not an overpayment', async () => {
    const credit = await createCredit(database.db, customerId, 400_000);
    const payment = {
      creditId: credit.id,
      kind: 'debit' as const,
      amount: 400_000,
      idempotencyKey: 'autopay:paid-off',
    };
    const first = await record(payment);
    expect(await record(payment)).toEqual(first);
    expect(await balanceOf(database.db, credit.id)).toEqual({
      paid: 400_000,
      remaining: 0,
      total: 400_000,
    });
  });

  it("refuses a payment's key for a refund of the same sum", async () => {
    const credit = await createCredit(database.db, customerId, 1_000_000);
    const debit = { creditId: credit.id, amount: 300_000, idempotencyKey: 'pay-then-refund' };
    await record({ ...debit, kind: 'debit' });
    expect(await refusal(record({ ...debit, kind: 'refund' }))).toBe('KEY_REUSED');
    expect(await balanceOf(database.db, credit.id)).toMatchObject({ paid: 300_000 });
  });

  it("refuses one credit's payment key for the same payment on another credit", async () => {
    const first = await createCredit(database.db, customerId, 1_000_000);
    const second = await createCredit(database.db, customerId, 1_000_000);
    const payment = {
      kind: 'debit' as const,
      amount: 250_000,
      idempotencyKey: 'one-key-two-credits',
    };
    await record({ ...payment, creditId: first.id });
    expect(await refusal(record({ ...payment, creditId: second.id }))).toBe('KEY_REUSED');
    expect(await balanceOf(database.db, second.id)).toMatchObject({ paid: 0 });
  });

  it("refuses one order's payment key for the same payment of another order", async () => {
    const payment = {
      kind: 'debit' as const,
      amount: 90_000,
      idempotencyKey: 'one-key-two-orders',
    };
    await record({ ...payment, orderId: await fullOrder() });
    expect(await refusal(record({ ...payment, orderId: await fullOrder() }))).toBe('KEY_REUSED');
  });

  it('names its refusals, as the logs and attention reasons show them', () => {
    expect(String(new LedgerError('KEY_REUSED'))).toBe('LedgerError: KEY_REUSED');
  });
});
