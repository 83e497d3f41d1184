import { describe, expect, it } from 'vitest';
import { fiscalReceipts, orders } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';

describe('the dashboard and fiscal receipts', () => {
  const ctx = useTestApp();

  it('counts the receipts the register refused past their retries as waiting for a person', async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const read = async () =>
      (await ctx.app.inject({ url: '/api/admin/dashboard', headers: as(viewer) })).json().data;
    expect((await read()).fiscal_failed).toBe(0);

    const { customer } = await createCustomerSession(ctx.db);
    const made = await ctx.db
      .insert(orders)
      .values(
        [1, 2, 3].map(() => ({
          customerId: customer.id,
          status: 4,
          paymentType: 'full' as const,
          total: 100_000,
          deliveryUz: 'Toshkent',
          deliveryRu: 'Ташкент',
        })),
      )
      .returning({ id: orders.id });
    await ctx.db.insert(fiscalReceipts).values([
      { event: 'handover', orderId: made[0]!.id, paidBy: 'credit', state: 'failed' },
      { event: 'handover', orderId: made[1]!.id, paidBy: 'credit', state: 'failed' },
      { event: 'handover', orderId: made[2]!.id, paidBy: 'credit', state: 'pending' },
    ]);
    expect((await read()).fiscal_failed).toBe(2);
  });
});
