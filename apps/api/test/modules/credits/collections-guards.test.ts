import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, credits } from '../../../src/db/schema/index.ts';
import {
  listCollections,
  readPortfolio,
  recordContact,
} from '../../../src/modules/credits/collections.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { signedInStaff } from '../../helpers/staff.ts';

/**
 * The portfolio's sums and the collections queue at exact days late: each credit is placed on a
 * day of 2026 so that, read on 12 March 2026, its first installment is as late as the test says.
 */
const TODAY = new Date('2026-03-12T05:00:00Z');

describe('the portfolio and the collections queue, to the day and the sum', () => {
  const ctx = useTestApp();

  /** A 6-month credit of 1,200,000 sum whose first installment fell due on `firstDue`. */
  async function creditDue(firstDue: string, phone: string, total = 1_200_000) {
    const { customer } = await createCustomerSession(ctx.db, { phone });
    const card = await bindCard(ctx.app, customer.id);
    const [y, m, d] = firstDue.split('-').map(Number) as [number, number, number];
    const placedAt = new Date(Date.UTC(y, m - 2, d, 6));
    return createInstallmentOrder(ctx.db, {
      customerId: customer.id,
      cardId: card.id,
      total,
      months: 6,
      placedAt,
    });
  }
  const owedBefore = (placed: Awaited<ReturnType<typeof creditDue>>, day: string) =>
    placed.installments.filter((i) => i.dueDate < day).reduce((sum, i) => sum + i.amount, 0);
  const owedAll = (placed: Awaited<ReturnType<typeof creditDue>>) =>
    placed.installments.reduce((sum, i) => sum + i.amount, 0);

  it('sums what is late and owed in each bucket, counts an overdue credit, and PAR30 only past 30 days', async () => {
    // 30 days late exactly (in 1-30, not in PAR30), 31 days late (31-60 and PAR30), and one
    // in status overdue, 10 days late
    const thirty = await creditDue('2026-02-10', '998902000001');
    const thirtyOne = await creditDue('2026-02-09', '998902000002', 2_400_000);
    const marked = await creditDue('2026-03-02', '998902000003', 600_000);
    await ctx.db.update(credits).set({ status: 'overdue' }).where(eq(credits.id, marked.credit.id));
    // a closed credit owes nothing the portfolio counts
    const closed = await creditDue('2026-01-05', '998902000004');
    await ctx.db.update(credits).set({ status: 'closed' }).where(eq(credits.id, closed.credit.id));

    const portfolio = await readPortfolio(ctx.db, TODAY);
    expect(portfolio.counts).toMatchObject({ active: 2, overdue: 1, closed: 1 });
    const outstanding = owedAll(thirty) + owedAll(thirtyOne) + owedAll(marked);
    expect(portfolio.outstanding).toBe(outstanding);
    const lateThirty = owedBefore(thirty, '2026-03-12');
    const lateThirtyOne = owedBefore(thirtyOne, '2026-03-12');
    const lateMarked = owedBefore(marked, '2026-03-12');
    expect(portfolio.overdue).toBe(lateThirty + lateThirtyOne + lateMarked);
    expect(portfolio.buckets).toEqual([
      {
        bucket: '1-30',
        credits: 2,
        overdue: lateThirty + lateMarked,
        outstanding: owedAll(thirty) + owedAll(marked),
      },
      { bucket: '31-60', credits: 1, overdue: lateThirtyOne, outstanding: owedAll(thirtyOne) },
      { bucket: '61-90', credits: 0, overdue: 0, outstanding: 0 },
      { bucket: '90+', credits: 0, overdue: 0, outstanding: 0 },
    ]);
    expect(portfolio.par30).toBe(Math.round((owedAll(thirtyOne) / outstanding) * 10_000) / 10_000);
  });

  it('lists the late by days late, then by what is overdue, filtered by bucket and paged', async () => {
    const page = (p: { bucket?: '1-30' | '31-60'; page: number; limit: number }) =>
      listCollections(ctx.db, p, TODAY);
    const all = await page({ page: 1, limit: 20 });
    // the test before left three late credits: 31, 30 and 10 days late; two more 30 days late,
    // one owing more than the other, sort after the first of the same days by what is overdue
    const bigger = await creditDue('2026-02-10', '998902000005', 6_000_000);
    const smaller = await creditDue('2026-02-10', '998902000006', 600_000);
    const rows = (await page({ page: 1, limit: 20 })).data;
    expect(rows.map((r) => r.days_late)).toEqual([31, 30, 30, 30, 10]);
    const thirties = rows.filter((r) => r.days_late === 30);
    expect(thirties[0]!.credit_id).toBe(bigger.credit.id);
    expect(thirties[2]!.credit_id).toBe(smaller.credit.id);
    expect(all.meta.total).toBe(3);

    const second = await page({ page: 2, limit: 2 });
    expect(second.data.map((r) => r.credit_id)).toEqual(rows.slice(2, 4).map((r) => r.credit_id));
    expect(second.meta).toMatchObject({ total: 5 });
    const onlyLater = await page({ bucket: '31-60', page: 1, limit: 20 });
    expect(onlyLater.data.map((r) => r.days_late)).toEqual([31]);
    expect(onlyLater.meta.total).toBe(1);
  });

  it('records a call: a promise date only with a promise, audited, and a credit that does not exist is a 404', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const placed = await creditDue('2026-02-20', '998902000007');
    const actor = { staffId: officer.staffId, ip: '127.0.0.1' };
    const [noAnswer] = await recordContact(
      ctx.db,
      placed.credit.id,
      { outcome: 'no_answer', promise_date: '2026-03-20', note: 'Did not pick up' },
      actor,
    );
    expect(noAnswer).toMatchObject({ outcome: 'no_answer', promise_date: null });
    const [promised] = await recordContact(
      ctx.db,
      placed.credit.id,
      { outcome: 'promised', promise_date: '2026-03-20', note: 'Friday' },
      actor,
    );
    expect(promised).toMatchObject({ outcome: 'promised', promise_date: '2026-03-20' });
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'credit.contact'), eq(auditLog.objectId, String(placed.credit.id))),
      )
      .orderBy(auditLog.id);
    expect(audited.map((a) => [a.objectType, a.after])).toEqual([
      ['credit', { contact_id: noAnswer!.id, outcome: 'no_answer', promise_date: null }],
      ['credit', { contact_id: promised!.id, outcome: 'promised', promise_date: '2026-03-20' }],
    ]);
    await expect(
      recordContact(ctx.db, 2_000_000_000, { outcome: 'no_answer', note: '' }, actor),
    ).rejects.toMatchObject({ code: 'CREDIT_NOT_FOUND', status: 404 });
  });
});
