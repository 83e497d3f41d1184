import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { type LedgerKind, ledgerEntries, orders } from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import {
  balanceOf,
  LedgerError,
  type Movement,
  recordMovement,
} from '../../../src/modules/ledger/repository.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { itRaces, openTestDatabase } from '../../helpers/database.ts';
import { createCredit } from '../../helpers/factories.ts';

describe('the ledger', () => {
  let database: DatabaseHandle;
  let customerId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    customerId = (await createCustomerSession(database.db)).customer.id;
  });
  afterAll(() => database.close());

  /** An order paid in full, for movements with no credit. */
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
  const record = (movement: Omit<Movement, 'customerId'> & { customerId?: number }) =>
    inTransaction(database.db, (tx) => recordMovement(tx, { customerId, ...movement }));
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LedgerError);
    return (error as LedgerError).reason;
  };

  it('starts a credit with nothing paid and its schedule sum remaining', async () => {
    const credit = await createCredit(database.db, customerId, 4_800_000);
    expect(await balanceOf(database.db, credit.id)).toEqual({
      paid: 0,
      remaining: 4_800_000,
      total: 4_800_000,
    });
  });

  it('counts payments and prepayments as paid, refunds back, and penalties into the total', async () => {
    const credit = await createCredit(database.db, customerId, 3_000_000);
    await record({ creditId: credit.id, kind: 'prepayment', amount: 500_000 });
    await record({ creditId: credit.id, kind: 'debit', amount: 1_000_000, gatewayPaymentId: 'p1' });
    await record({ creditId: credit.id, kind: 'refund', amount: 200_000 });
    await record({ creditId: credit.id, kind: 'penalty', amount: 30_000 });
    expect(await balanceOf(database.db, credit.id)).toEqual({
      paid: 1_300_000,
      remaining: 1_730_000,
      total: 3_030_000,
    });
  });

  it('refuses a payment above what remains and a refund above what was paid', async () => {
    const credit = await createCredit(database.db, customerId, 1_000_000);
    expect(await refusal(record({ creditId: credit.id, kind: 'refund', amount: 1 }))).toBe(
      'REFUND_EXCEEDS_PAID',
    );
    await record({ creditId: credit.id, kind: 'debit', amount: 999_999 });
    expect(await refusal(record({ creditId: credit.id, kind: 'debit', amount: 2 }))).toBe(
      'OVERPAYMENT',
    );
    await record({ creditId: credit.id, kind: 'debit', amount: 1 });
    expect(await balanceOf(database.db, credit.id)).toMatchObject({ remaining: 0 });
  });

  it("refuses another customer's credit and one that does not exist", async () => {
    const other = (await createCustomerSession(database.db)).customer.id;
    const credit = await createCredit(database.db, other);
    expect(await refusal(record({ creditId: credit.id, kind: 'debit', amount: 1_000 }))).toBe(
      'CREDIT_NOT_FOUND',
    );
    expect(await refusal(balanceOf(database.db, 2_000_000_000))).toBe('CREDIT_NOT_FOUND');
  });

  it('refuses an amount that is not a whole number of sum above 0, as does the table', async () => {
    const credit = await createCredit(database.db, customerId);
    for (const amount of [0, -1, 1.5, Number.NaN, 2 ** 53]) {
      await expect(record({ creditId: credit.id, kind: 'debit', amount })).rejects.toThrow(
        RangeError,
      );
    }
    await expect(
      database.db.insert(ledgerEntries).values({ customerId, kind: 'debit', amount: 0 }),
    ).rejects.toThrow();
    await expect(
      database.db
        .insert(ledgerEntries)
        .values({ customerId, kind: 'gift' as LedgerKind, amount: 1 }),
    ).rejects.toThrow();
  });

  it('records a movement once under its key, and refuses the key for another movement', async () => {
    const credit = await createCredit(database.db, customerId, 2_000_000);
    const payment = {
      creditId: credit.id,
      kind: 'debit' as const,
      amount: 400_000,
      idempotencyKey: 'autopay:1:2026-03',
    };
    const first = await record(payment);
    const again = await record(payment);
    expect(again).toEqual(first);
    expect(await balanceOf(database.db, credit.id)).toMatchObject({ paid: 400_000 });
    expect(
      await refusal(record({ ...payment, amount: 500_000 })),
      'the same key with another sum',
    ).toBe('KEY_REUSED');

    // a key without a credit (an order paid in full) is kept once too
    const orderId = await fullOrder();
    const order = { orderId, kind: 'debit' as const, amount: 70_000, idempotencyKey: 'o-42' };
    expect(await record(order)).toEqual(await record(order));
    const rows = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, 'o-42'));
    expect(rows).toHaveLength(1);
  });

  it('keeps paid + remaining = total over any payments and refunds, and loses no sum', async () => {
    const operation = fc.record({
      kind: fc.constantFrom<LedgerKind>('debit', 'prepayment', 'refund', 'penalty'),
      // now and then more than the whole credit, to be refused
      amount: fc.integer({ min: 1, max: 12_000_000 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(operation, { maxLength: 12 }),
        async (creditTotal, operations) => {
          const credit = await createCredit(database.db, customerId, creditTotal);
          // the rules worked by hand, beside the database
          let paid = 0;
          let penalties = 0;
          const accepted: { kind: LedgerKind; amount: number }[] = [];
          for (const op of operations) {
            const total = creditTotal + penalties;
            const expected =
              (op.kind === 'debit' || op.kind === 'prepayment') && op.amount > total - paid
                ? 'OVERPAYMENT'
                : op.kind === 'refund' && op.amount > paid
                  ? 'REFUND_EXCEEDS_PAID'
                  : null;
            const result = await record({ creditId: credit.id, ...op }).then(
              () => null,
              (e: unknown) => (e instanceof LedgerError ? e.reason : Promise.reject(e)),
            );
            expect(result).toBe(expected);
            if (result !== null) continue;
            accepted.push(op);
            if (op.kind === 'penalty') penalties += op.amount;
            else if (op.kind === 'refund') paid -= op.amount;
            else paid += op.amount;

            const balance = await balanceOf(database.db, credit.id);
            expect(balance.paid + balance.remaining).toBe(balance.total);
            expect(balance).toEqual({
              paid,
              remaining: creditTotal + penalties - paid,
              total: creditTotal + penalties,
            });
            expect(balance.paid).toBeGreaterThanOrEqual(0);
            expect(balance.remaining).toBeGreaterThanOrEqual(0);
          }
          // every accepted sum is in the ledger, once, and nothing else is
          const rows = await database.db
            .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.creditId, credit.id))
            .orderBy(ledgerEntries.id);
          expect(rows).toEqual(accepted);
        },
      ),
      { numRuns: 60 },
    );
  });

  itRaces('takes no more than remains from ten payments made at once', async () => {
    const credit = await createCredit(database.db, customerId, 500_000);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        record({ creditId: credit.id, kind: 'debit', amount: 100_000 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const refused of results.filter((r) => r.status === 'rejected')) {
      expect(refused.reason).toMatchObject({ reason: 'OVERPAYMENT' });
    }
    expect(await balanceOf(database.db, credit.id)).toEqual({
      paid: 500_000,
      remaining: 0,
      total: 500_000,
    });
  });

  itRaces('records one entry for one key sent five times at once', async () => {
    const credit = await createCredit(database.db, customerId, 900_000);
    const onCredit = { creditId: credit.id, kind: 'debit' as const, amount: 300_000 };
    const orderId = await fullOrder();
    const onOrder = { orderId, kind: 'debit' as const, amount: 300_000 };
    for (const [movement, where] of [
      [{ ...onCredit, idempotencyKey: 'double-click-1' }, eq(ledgerEntries.creditId, credit.id)],
      [{ ...onOrder, idempotencyKey: 'double-click-2' }, eq(ledgerEntries.orderId, orderId)],
    ] as const) {
      const entries = await Promise.all(Array.from({ length: 5 }, () => record(movement)));
      expect(new Set(entries.map((e) => e.id)).size).toBe(1);
      expect(await database.db.select().from(ledgerEntries).where(where)).toHaveLength(1);
    }
  });
});
