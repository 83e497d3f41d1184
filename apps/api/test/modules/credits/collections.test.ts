import { tashkentDay } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staff } from '../../../src/db/schema/index.ts';
import { bucketOf } from '../../../src/modules/credits/collections.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe('aging buckets', () => {
  it('put days late in the buckets collections work by', () => {
    expect([1, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });
});

describe('the portfolio and collections', () => {
  const ctx = useTestApp();

  async function creditPlaced(daysBefore: number, phone: string) {
    const { customer } = await createCustomerSession(ctx.db, { phone });
    const card = await bindCard(ctx.app, customer.id);
    return createInstallmentOrder(ctx.db, {
      customerId: customer.id,
      cardId: card.id,
      total: 1_200_000,
      months: 6,
      placedAt: daysAgo(daysBefore),
    });
  }

  it('finds late credits in their buckets, most days late first, and logs the calls', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    // first installments due about 70 and 15 days ago; the third is not due yet
    const long = await creditPlaced(100, '998901000001');
    const recent = await creditPlaced(45, '998901000002');
    await creditPlaced(5, '998901000003');

    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/collections',
      headers: as(officer),
    });
    expect(queue.statusCode).toBe(200);
    const rows = queue.json().data as { credit_id: number; bucket: string; days_late: number }[];
    expect(rows.map((r) => r.credit_id)).toEqual([long.credit.id, recent.credit.id]);
    expect(rows[0]?.bucket).toBe('61-90');
    expect(rows[1]?.bucket).toBe('1-30');
    const firstLate = long.installments.filter((i) => i.dueDate < new Date().toISOString());
    expect(firstLate.length).toBeGreaterThanOrEqual(2);
    // each row names the contract and both dates a caller talks about: the oldest unpaid, the next
    const today = tashkentDay(new Date());
    expect(queue.json().data[0]).toMatchObject({
      code: expect.stringMatching(new RegExp(`^BZ-\\d{4}-0*${long.credit.id}$`)),
      oldest_due_date: long.installments[0]!.dueDate,
      next_due_date: long.installments.find((i) => i.dueDate >= today)!.dueDate,
    });

    const bucket = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/collections?bucket=1-30',
      headers: as(officer),
    });
    expect(bucket.json().data.map((r: { credit_id: number }) => r.credit_id)).toEqual([
      recent.credit.id,
    ]);

    const portfolio = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/credits/portfolio',
        headers: as(officer),
      })
    ).json().data;
    expect(portfolio.counts.active).toBe(3);
    const byBucket = Object.fromEntries(
      portfolio.buckets.map((b: { bucket: string; credits: number }) => [b.bucket, b.credits]),
    );
    expect(byBucket).toEqual({ '1-30': 1, '31-60': 0, '61-90': 1, '90+': 0 });
    // PAR30: what is owed on the credit more than 30 days late, over all that is owed
    const longOwed = long.installments.reduce((sum, i) => sum + i.amount, 0);
    expect(portfolio.par30).toBeCloseTo(longOwed / portfolio.outstanding, 3);

    const promise = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/credits/${long.credit.id}/contacts`,
      headers: as(officer),
      payload: { outcome: 'promised', note: 'Will pay on Friday' },
    });
    expect(promise.statusCode).toBe(400);
    expect(Object.keys(promise.json().errors)).toEqual(['promise_date']);
    const logged = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/credits/${long.credit.id}/contacts`,
      headers: as(officer),
      payload: { outcome: 'promised', promise_date: '2026-12-04', note: 'Will pay on Friday' },
    });
    expect(logged.statusCode).toBe(200);
    expect(logged.json().message).toBe("Qo'ng'iroq yozib qo'yildi");
    expect(logged.json().data[0]).toMatchObject({
      outcome: 'promised',
      promise_date: '2026-12-04',
      note: 'Will pay on Friday',
    });
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/collections',
      headers: as(officer),
    });
    expect(again.json().data[0].last_contact).toMatchObject({
      outcome: 'promised',
      promise_date: '2026-12-04',
    });

    // an operator reads the queue but does not log calls
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/credits/${long.credit.id}/contacts`,
      headers: as(operator),
      payload: { outcome: 'no_answer' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lists the calls about a credit, newest first, to whoever reads credits', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const placed = await creditPlaced(40, '998901000005');
    const url = `/api/admin/credits/${placed.credit.id}/contacts`;
    for (const payload of [{ outcome: 'no_answer' }, { outcome: 'wrong_number', note: 'A shop' }]) {
      const logged = await ctx.app.inject({ method: 'POST', url, headers: as(officer), payload });
      expect(logged.statusCode, logged.body).toBe(200);
    }
    const res = await ctx.app.inject({ url, headers: as(viewer) });
    expect(res.statusCode, res.body).toBe(200);
    const [email] = (
      await ctx.db.select({ email: staff.email }).from(staff).where(eq(staff.id, officer.staffId))
    ).map((s) => s.email);
    expect(res.json().data).toEqual([
      expect.objectContaining({ outcome: 'wrong_number', note: 'A shop', staff_email: email }),
      expect.objectContaining({ outcome: 'no_answer', promise_date: null, staff_email: email }),
    ]);
  });

  it('shows one credit with its schedule, its owner, its ledger and the calls about it', async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const placed = await creditPlaced(10, '998901000004');
    const read = (id: number) =>
      ctx.app.inject({ method: 'GET', url: `/api/admin/credits/${id}`, headers: as(viewer) });
    const res = await read(placed.credit.id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.customer.phone).toBe('998901000004');
    expect(data.credit.schedule).toHaveLength(6);
    expect(data.ledger).toEqual([]);
    expect(data.contacts).toEqual([]);
    expect((await read(2_000_000_000)).statusCode).toBe(404);
  });
});

describe('ageing a credit outside production', () => {
  const ctx = useTestApp();

  it('moves its schedule back, so it is late in the bucket of that many days', async () => {
    const { customer } = await createCustomerSession(ctx.db, { phone: '998901000101' });
    const card = await bindCard(ctx.app, customer.id);
    const { credit } = await createInstallmentOrder(ctx.db, {
      customerId: customer.id,
      cardId: card.id,
      total: 1_200_000,
      months: 6,
    });
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const late = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/admin/collections', headers: as(officer) })
      ).json().data as { credit_id: number; bucket: string }[];
    expect((await late()).map((r) => r.credit_id)).not.toContain(credit.id);

    const aged = await ctx.app.inject({
      method: 'POST',
      url: `/api/dev/credits/${credit.id}/age`,
      headers: { lang: 'ru' },
      payload: { days: 75 },
    });
    expect(aged.statusCode).toBe(200);
    // the first installment fell due about 45 days ago
    expect((await late()).find((r) => r.credit_id === credit.id)?.bucket).toBe('31-60');

    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/credits/2000000000/age',
      payload: { days: 5 },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/dev/credits/${credit.id}/age`,
      payload: { days: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
