import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { createCustomerSession } from '../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../helpers/checkout.ts';
import { signedInStaff } from '../helpers/staff.ts';

const MIGRATION = fileURLToPath(
  new URL('../../src/db/migrations/0030_cash_receipt_numbers.sql', import.meta.url),
);

describe('migration 0030: cash receipt numbers', () => {
  const ctx = useTestApp();

  it('upper-cases the numbers entered before, keeps both of two that collide, and indexes upper()', async () => {
    // the payments table as 0029 left it: a plain unique index, numbers as typed
    await ctx.db.execute(sql.raw('DROP INDEX "payments_receipt_number_key"'));
    await ctx.db.execute(
      sql.raw('CREATE UNIQUE INDEX "payments_receipt_number_key" ON "payments" ("receipt_number")'),
    );
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id);
    const { credit } = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
    });
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const tail = randomUUID().slice(0, 6).toUpperCase();
    const typed = [`AB-${tail}`, `ab-${tail}`, ` Ab-${tail}`, `k  ${tail}`];
    const rows = [];
    for (const [i, receiptNumber] of typed.entries()) {
      const [row] = await ctx.db
        .insert(payments)
        .values({
          customerId: session.customer.id,
          orderId: credit.orderId!,
          creditId: credit.id,
          purpose: 'installment',
          method: 'cash',
          amount: 1_000,
          gatewayKey: `before-0030:${randomUUID()}`,
          state: 'paid',
          receiptNumber,
          staffId: officer.staffId,
          createdAt: new Date(Date.UTC(2026, 0, 10 + i)),
        })
        .returning();
      rows.push(row!);
    }

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await ctx.db.execute(sql.raw(statement));
    }

    const after = await ctx.db
      .select({ id: payments.id, receiptNumber: payments.receiptNumber })
      .from(payments)
      .where(eq(payments.creditId, credit.id))
      .orderBy(asc(payments.id));
    expect(after.map((r) => r.receiptNumber)).toEqual([
      `AB-${tail}`,
      `AB-${tail} #${rows[1]!.id}`,
      `AB-${tail} #${rows[2]!.id}`,
      `K ${tail}`,
    ]);
    const index = (await ctx.db.execute(
      sql.raw(`SELECT indexdef FROM pg_indexes WHERE indexname = 'payments_receipt_number_key'`),
    )) as unknown as { rows: { indexdef: string }[] };
    expect(index.rows[0]!.indexdef).toMatch(/UNIQUE INDEX .* \(upper\(receipt_number\)\)/);
  });
});
