import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  jobs,
  payments,
  reconciliationMismatches,
  reconciliationReports,
  staff,
} from '../../../src/db/schema/index.ts';
import type { AppError } from '../../../src/lib/errors.ts';
import {
  RECONCILIATION_JOB,
  reconcileDay,
  reconciliationHandler,
  resolveMismatch,
} from '../../../src/modules/payments/reconciliation.ts';
import type { CardGateway, GatewayReceipt } from '../../../src/providers/payments/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { CARDS, payNewFullOrder } from './fixtures.ts';

type PaymentRow = typeof payments.$inferSelect;
/** The first instant of a Tashkent day. */
const startOf = (day: string) => new Date(`${day}T00:00:00+05:00`);

/**
 * The daily reconciliation's branches that only an old receipt, an edge of the day or a second
 * run reaches (`reconciliation.ts`, DESIGN §6a), each driven with the gateway's answers set by the
 * test, so that a test fails when a line of it goes.
 */
describe('reconciliation guards', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ cardGateway: sandbox.gateway });
  afterEach(() => vi.restoreAllMocks());

  /** The app's gateway with its list and its answers about single receipts set by the test. */
  function gatewayAnswering(listed: GatewayReceipt[], states: Record<string, string | Error> = {}) {
    const real = ctx.app.cardGateway;
    const checkReceipt = vi.fn(async (id: string) => {
      const state = states[id];
      if (state === undefined || state instanceof Error) throw state ?? new Error('not found');
      return state;
    });
    const gateway = Object.assign(Object.create(real) as CardGateway, {
      listReceipts: vi.fn(async () => listed),
      checkReceipt,
    });
    return { deps: { db: ctx.db, gateway, log: ctx.app.log }, checkReceipt };
  }

  /** A customer's paid full-price payment, moved to 10:00 of `day` in Tashkent. */
  async function paidOn(day: string, changes: Partial<PaymentRow> = {}) {
    const { paymentId } = await payNewFullOrder(ctx, CARDS.approved, 90_000);
    const at = new Date(`${day}T10:00:00+05:00`);
    const [row] = await ctx.db
      .update(payments)
      .set({ createdAt: at, updatedAt: at, ...changes })
      .where(eq(payments.id, paymentId))
      .returning();
    return row!;
  }

  const receipt = (id: string, changes: Partial<GatewayReceipt>): GatewayReceipt => ({
    id,
    state: 'paid',
    amount: 70_000,
    reference: `ref-${id}`,
    createdAt: new Date('2000-01-01T00:00:00Z'),
    paidAt: null,
    cancelledAt: null,
    ...changes,
  });

  it('asks the gateway about a day’s payment whose receipt is older than the window, and names each disagreement', async () => {
    const day = '2030-05-10';
    const agreed = await paidOn(day);
    const cancelled = await paidOn(day);
    const cancelling = await paidOn(day);
    const unknown = await paidOn(day);
    const byPaymentId = await paidOn(day);
    await ctx.db
      .update(payments)
      .set({ receiptId: null, gatewayPaymentId: `gp-${byPaymentId.id}` })
      .where(eq(payments.id, byPaymentId.id));
    const refundedYetPaid = await paidOn(day, { state: 'refunded', refundedAt: new Date() });
    const refundedBoth = await paidOn(day, { state: 'refunded', refundedAt: new Date() });
    const checking = await paidOn(day, { state: 'checking' });
    const failed = await paidOn(day, { state: 'failed' });
    const { deps, checkReceipt } = gatewayAnswering([], {
      [agreed.receiptId!]: 'paid',
      [cancelled.receiptId!]: 'cancelled',
      [cancelling.receiptId!]: 'cancelling',
      [unknown.receiptId!]: new Error('time-out'),
      [`gp-${byPaymentId.id}`]: 'created',
      [refundedYetPaid.receiptId!]: 'paid',
      [refundedBoth.receiptId!]: 'cancelled',
    });
    const report = await reconcileDay(deps, day);
    const found = report.mismatches
      .filter((m) => m.kind !== 'ledger_missing')
      .map((m) => ({
        kind: m.kind,
        paymentId: m.paymentId,
        receiptId: m.receiptId,
        detail: m.detail,
      }));
    expect(found).toEqual([
      {
        kind: 'refund_not_recorded',
        paymentId: cancelled.id,
        receiptId: cancelled.receiptId,
        detail: `payment ${cancelled.id} is paid; its receipt ${cancelled.receiptId} is cancelled`,
      },
      {
        kind: 'refund_not_recorded',
        paymentId: cancelling.id,
        receiptId: cancelling.receiptId,
        detail: `payment ${cancelling.id} is paid; its receipt ${cancelling.receiptId} is cancelling`,
      },
      {
        kind: 'payment_without_receipt',
        paymentId: unknown.id,
        receiptId: unknown.receiptId,
        detail: `payment ${unknown.id} is paid; its receipt ${unknown.receiptId} is unknown to the gateway`,
      },
      {
        kind: 'payment_without_receipt',
        paymentId: byPaymentId.id,
        receiptId: `gp-${byPaymentId.id}`,
        detail: `payment ${byPaymentId.id} is paid; its receipt gp-${byPaymentId.id} is created`,
      },
      {
        kind: 'refund_not_at_gateway',
        paymentId: refundedYetPaid.id,
        receiptId: refundedYetPaid.receiptId,
        detail: `payment ${refundedYetPaid.id} is refunded; its receipt ${refundedYetPaid.receiptId} is still paid`,
      },
      expect.objectContaining({ kind: 'payment_not_settled', paymentId: checking.id }),
    ]);
    const asked = checkReceipt.mock.calls.map(([id]) => id);
    expect(asked).not.toContain(checking.receiptId);
    expect(asked).not.toContain(failed.receiptId);
    expect(report).toMatchObject({ day, receipts: 0, payments: 9 });
  });

  it('takes the receipts created, paid or cancelled within the day, from its first instant to before the next', async () => {
    const day = '2030-06-20';
    const from = startOf(day);
    const to = startOf('2030-06-21');
    const earlier = new Date(from.getTime() - 86_400_000);
    const { deps } = gatewayAnswering([
      receipt('r-first-instant', { createdAt: from, reference: null }),
      receipt('r-next-day', { createdAt: to }),
      receipt('r-paid-today', { createdAt: earlier, paidAt: new Date(to.getTime() - 1) }),
      receipt('r-cancelled-today', {
        state: 'cancelled',
        createdAt: earlier,
        paidAt: earlier,
        cancelledAt: from,
      }),
      receipt('r-cancelling-today', {
        state: 'cancelling',
        createdAt: from,
        paidAt: from,
      }),
      receipt('r-unpaid-today', { state: 'created', createdAt: from }),
      receipt('r-paid-earlier', { createdAt: earlier, paidAt: earlier }),
    ]);
    const report = await reconcileDay(deps, day);
    expect(report.receipts).toBe(5);
    expect(report.mismatches.map((m) => [m.kind, m.receiptId, m.gatewayAmount])).toEqual([
      ['receipt_without_payment', 'r-first-instant', 70_000],
      ['receipt_without_payment', 'r-paid-today', 70_000],
    ]);
    expect(report.mismatches[0]!.detail).toBe(
      "receipt r-first-instant (no reference) is paid; no payment of the shop's holds it",
    );
    expect(report.mismatches[1]!.detail).toBe(
      "receipt r-paid-today (ref-r-paid-today) is paid; no payment of the shop's holds it",
    );
  });

  it('closes a mismatch once with an audit entry, and keeps who closed it when the day is run again', async () => {
    const day = '2030-07-05';
    const { deps } = gatewayAnswering([receipt('r-lost', { createdAt: startOf(day) })]);
    const [mismatch] = (await reconcileDay(deps, day)).mismatches;
    const [person] = await ctx.db
      .insert(staff)
      .values({
        email: `owner.${randomUUID()}@bozor.test`,
        name: 'Owner',
        role: 'owner',
        passwordHash: 'not-used',
      })
      .returning();
    const actor = { staffId: person!.id, ip: '10.0.0.9' };
    const closed = await resolveMismatch(ctx.db, mismatch!.id, 'refunded by Payme support', actor);
    expect(closed).toMatchObject({ resolutionNote: 'refunded by Payme support' });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.objectType, 'reconciliation_mismatch'),
          eq(auditLog.objectId, String(mismatch!.id)),
        ),
      );
    expect(entry).toMatchObject({
      staffId: person!.id,
      action: 'reconciliation.resolve',
      before: { kind: 'receipt_without_payment', receipt_id: 'r-lost', payment_id: null },
      after: { resolved: true, note: 'refunded by Payme support' },
    });
    const refusal = async (promise: Promise<unknown>) => {
      const error = (await promise.catch((e: unknown) => e)) as AppError;
      return { code: error.code, status: error.status };
    };
    expect(await refusal(resolveMismatch(ctx.db, mismatch!.id, 'again', actor))).toEqual({
      code: 'MISMATCH_RESOLVED',
      status: 409,
    });
    expect(await refusal(resolveMismatch(ctx.db, 2_000_000_000, 'none', actor))).toEqual({
      code: 'NOT_FOUND',
      status: 404,
    });

    const [again] = (await reconcileDay(deps, day)).mismatches;
    expect(again).toMatchObject({
      kind: 'receipt_without_payment',
      receiptId: 'r-lost',
      resolvedAt: expect.any(Date),
      resolutionNote: 'refunded by Payme support',
    });
    const [stored] = await ctx.db
      .select()
      .from(reconciliationMismatches)
      .where(eq(reconciliationMismatches.id, again!.id));
    expect(stored!.resolvedBy).toBe(person!.id);
  });

  it('runs as a daily job: the next day’s comparison scheduled first, then its own day, by default yesterday', async () => {
    const { deps } = gatewayAnswering([]);
    const handler = reconciliationHandler(deps);
    const job = (now: Date) => ({ id: 1, kind: RECONCILIATION_JOB, attempts: 1, now });
    await handler({ day: '2030-08-01' }, job(new Date('2030-09-30T12:00:00Z')));
    // 10:00 in Tashkent on 15 August: yesterday there was the 14th
    await handler({}, job(new Date('2030-08-15T05:00:00Z')));
    const scheduled = await ctx.db
      .select({ key: jobs.dedupeKey, runAt: jobs.runAt, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, RECONCILIATION_JOB))
      .orderBy(jobs.id);
    expect(scheduled).toEqual([
      {
        key: 'reconciliation:2030-08-02',
        runAt: new Date('2030-08-03T01:00:00Z'),
        payload: { day: '2030-08-02' },
      },
      {
        key: 'reconciliation:2030-08-15',
        runAt: new Date('2030-08-16T01:00:00Z'),
        payload: { day: '2030-08-15' },
      },
    ]);
    const days = (await ctx.db.select().from(reconciliationReports)).map((r) => r.day).sort();
    expect(days).toEqual(expect.arrayContaining(['2030-08-01', '2030-08-14']));
    expect(days).not.toContain('2030-09-29');
  });
});
