import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { creditInstallments } from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import {
  allocatePayment,
  waivePenaltiesChargedSince,
} from '../../../src/modules/credits/repository.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { openTestDatabase } from '../../helpers/database.ts';
import { createCredit } from '../../helpers/factories.ts';

/**
 * The schedule's guards below the ledger, each with a case that fails when the guard is deleted
 * (found by mutation testing, docs/testing.md).
 */
describe("a credit's schedule", () => {
  let database: DatabaseHandle;
  let customerId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    customerId = (await createCustomerSession(database.db)).customer.id;
  });
  afterAll(() => database.close());

  /** A credit of three installments of 100,000, due a month apart. */
  const threeMonths = async (
    extra: Partial<typeof creditInstallments.$inferInsert> = {},
  ): Promise<number> => {
    const credit = await createCredit(database.db, customerId, 300_000);
    await database.db.insert(creditInstallments).values(
      [1, 2, 3].map((number) => ({
        creditId: credit.id,
        number,
        dueDate: `2026-0${number + 2}-01`,
        amount: 100_000,
        ...extra,
      })),
    );
    return credit.id;
  };
  const schedule = (creditId: number) =>
    database.db
      .select()
      .from(creditInstallments)
      .where(eq(creditInstallments.creditId, creditId))
      .orderBy(asc(creditInstallments.number));

  it('keeps the day an installment was paid when a later payment pays the next one', async () => {
    const creditId = await threeMonths();
    const march = new Date('2026-03-01T10:00:00Z');
    const april = new Date('2026-04-01T10:00:00Z');
    await inTransaction(database.db, (tx) => allocatePayment(tx, creditId, 100_000, march));
    await inTransaction(database.db, (tx) => allocatePayment(tx, creditId, 100_000, april));
    expect((await schedule(creditId)).map((row) => row.paidAt)).toEqual([march, april, null]);
  });

  it('refuses to put more on the schedule than it still owes', async () => {
    const creditId = await threeMonths();
    await expect(
      inTransaction(database.db, (tx) => allocatePayment(tx, creditId, 300_001, new Date())),
    ).rejects.toThrow(RangeError);
    expect((await schedule(creditId)).map((row) => row.paid)).toEqual([0, 0, 0]);
  });

  it('waives nothing of a penalty that was already paid', async () => {
    const since = new Date('2026-03-05T00:00:00Z');
    const creditId = await threeMonths({ penalty: 1_000, overdueAt: since });
    const [first] = await schedule(creditId);
    await database.db
      .update(creditInstallments)
      .set({ paid: 101_000 })
      .where(eq(creditInstallments.id, first!.id));
    const waived = await inTransaction(database.db, (tx) =>
      waivePenaltiesChargedSince(tx, creditId, since),
    );
    expect(waived.map((w) => w.amount)).toEqual([1_000, 1_000]);
  });
});
