import { and, eq, inArray, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import { jobs, orders, payments } from '../../../src/db/schema/index.ts';
import { CHECK_STUCK_MS } from '../../../src/modules/payments/debit.ts';
import {
  PAYMENT_RECOVERY_JOB,
  paymentRecoveryHandler,
  recoverPayments,
  schedulePaymentRecovery,
} from '../../../src/modules/payments/recovery.ts';
import { STALE_REFUND_MS } from '../../../src/modules/payments/refunds.ts';
import { useTestApp } from '../../helpers/app.ts';
import { paymentDepsOf } from '../../helpers/payment-deps.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { CARDS, payNewFullOrder } from './fixtures.ts';

const MINUTE = 60 * 1000;
/** How late a payment's answer is before the job asks about it (recovery.ts). */
const STALE_CHECKING_MS = 2 * MINUTE;

/**
 * The payment recovery job (DESIGN §6a): which open payments it asks about and when, what it
 * counts, and how it keeps itself scheduled — each driven so that a test fails when its line goes.
 */
describe('payment recovery', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ cardGateway: sandbox.gateway });
  afterEach(() => vi.restoreAllMocks());
  // each test counts what the job settles: nothing another test left open may be counted
  beforeEach(async () => {
    await ctx.db
      .update(payments)
      .set({ state: 'failed', attentionKind: null })
      .where(inArray(payments.state, ['checking', 'refunding', 'needs_attention']));
  });

  const paymentOf = async (id: number) =>
    (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  /** A full-price order paid with the card whose answer the sandbox loses: left 'checking'. */
  async function lostAnswer() {
    const { res, paymentId } = await payNewFullOrder(ctx, CARDS.lostAnswer, 250_000);
    expect(res.json().data.state).toBe('checking');
    // past the sandbox's 10 seconds of processing: the receipt reads paid
    sandbox.pass();
    return paymentOf(paymentId);
  }

  /** A paid card payment of a cancelled order on its way back, started `agoMs` before now. */
  async function refunding(agoMs: number) {
    const { order, paymentId: id } = await payNewFullOrder(ctx, CARDS.approved, 180_000);
    await ctx.db.update(orders).set({ status: -2 }).where(eq(orders.id, order.id));
    const { gatewayKey } = await paymentOf(id);
    await ctx.db
      .update(payments)
      .set({
        state: 'refunding',
        refundKey: `refund:${gatewayKey}`,
        refundStartedAt: new Date(Date.now() - agoMs),
        updatedAt: new Date(Date.now() - agoMs),
      })
      .where(eq(payments.id, id));
    return paymentOf(id);
  }

  const recoverAt = (at: Date, deps = paymentDepsOf(ctx, at)) => recoverPayments(deps, at);
  const after = (from: Date, ms: number) => new Date(from.getTime() + ms);

  it('leaves a payment whose answer is not yet two minutes late, then settles it and counts it', async () => {
    const payment = await lostAnswer();
    expect(await recoverAt(after(payment.createdAt, STALE_CHECKING_MS))).toEqual({
      checked: 0,
      refunded: 0,
    });
    expect((await paymentOf(payment.id)).state).toBe('checking');
    expect(await recoverAt(after(payment.createdAt, STALE_CHECKING_MS + 1))).toEqual({
      checked: 1,
      refunded: 0,
    });
    expect((await paymentOf(payment.id)).state).toBe('paid');
  });

  it('does not count a payment it asked about that is still checking', async () => {
    const payment = await lostAnswer();
    const check = vi
      .spyOn(ctx.app.cardGateway, 'checkReceipt')
      .mockRejectedValue(new Error('gateway time-out'));
    expect(await recoverAt(after(payment.createdAt, 3 * MINUTE))).toEqual({
      checked: 0,
      refunded: 0,
    });
    expect(check).toHaveBeenCalledTimes(1);
    expect((await paymentOf(payment.id)).state).toBe('checking');
  });

  it('asks again about a payment already handed to a person as stuck, and settles it', async () => {
    const payment = await lostAnswer();
    await ctx.db
      .update(payments)
      .set({ state: 'needs_attention', attentionKind: 'check_stuck' })
      .where(eq(payments.id, payment.id));
    expect(await recoverAt(after(payment.createdAt, CHECK_STUCK_MS + MINUTE))).toMatchObject({
      checked: 1,
    });
    expect((await paymentOf(payment.id)).state).toBe('paid');
  });

  it('goes on to the next payment when one cannot be re-checked, and logs the one that failed', async () => {
    const first = await lostAnswer();
    const second = await lostAnswer();
    // the first is asked about first: never asked before
    await ctx.db.update(payments).set({ checkedAt: null }).where(eq(payments.id, first.id));
    await ctx.db
      .update(payments)
      .set({ checkedAt: second.createdAt })
      .where(eq(payments.id, second.id));
    let broken = true;
    const db = new Proxy(ctx.db, {
      get(target, prop) {
        if (prop === 'update' && broken) {
          broken = false;
          return () => {
            throw new Error('connection reset');
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Database;
    const at = after(second.createdAt, 3 * MINUTE);
    const deps = { ...paymentDepsOf(ctx, at), db };
    const error = vi.spyOn(deps.log, 'error');
    expect(await recoverAt(at, deps)).toEqual({ checked: 1, refunded: 0 });
    expect((await paymentOf(first.id)).state).toBe('checking');
    expect((await paymentOf(second.id)).state).toBe('paid');
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ paymentId: first.id }),
      'a payment could not be re-checked',
    );
  });

  it('finishes the refunds left open past their window and counts them', async () => {
    const stale = await refunding(STALE_REFUND_MS + MINUTE);
    const fresh = await refunding(0);
    expect(await recoverAt(new Date())).toEqual({ checked: 0, refunded: 1 });
    expect((await paymentOf(stale.id)).state).toBe('refunded');
    expect((await paymentOf(fresh.id)).state).toBe('refunding');
  });

  describe('its schedule', () => {
    const scheduled = async (year: number) =>
      ctx.db
        .select({ runAt: jobs.runAt, dedupeKey: jobs.dedupeKey, kind: jobs.kind })
        .from(jobs)
        .where(and(eq(jobs.kind, PAYMENT_RECOVERY_JOB), like(jobs.dedupeKey, `%:${year}-%`)));

    it('runs at the start of the next five minutes, once however many ask', async () => {
      await schedulePaymentRecovery(ctx.db, new Date('2031-03-04T10:02:30.000Z'));
      await schedulePaymentRecovery(ctx.db, new Date('2031-03-04T10:04:59.999Z'));
      await schedulePaymentRecovery(ctx.db, new Date('2031-03-04T10:05:00.000Z'));
      expect(await scheduled(2031)).toEqual([
        {
          kind: PAYMENT_RECOVERY_JOB,
          runAt: new Date('2031-03-04T10:05:00.000Z'),
          dedupeKey: 'payment-recovery:2031-03-04T10:05:00.000Z',
        },
      ]);
      await schedulePaymentRecovery(ctx.db, new Date('2031-03-04T10:05:00.001Z'));
      expect((await scheduled(2031)).map((j) => j.runAt)).toEqual([
        new Date('2031-03-04T10:05:00.000Z'),
        new Date('2031-03-04T10:10:00.000Z'),
      ]);
    });

    it('schedules its next run first, then settles by the job’s own clock', async () => {
      const deps = paymentDepsOf(ctx, new Date());
      const info = vi.spyOn(deps.log, 'info');
      const run = (now: Date) =>
        paymentRecoveryHandler(deps)({}, { id: 1, kind: PAYMENT_RECOVERY_JOB, attempts: 1, now });
      await run(new Date('2032-06-01T09:00:00.000Z'));
      expect((await scheduled(2032)).map((j) => j.runAt)).toEqual([
        new Date('2032-06-01T09:05:00.000Z'),
      ]);
      expect(info).not.toHaveBeenCalledWith(expect.anything(), 'open payments settled');

      // a receipt that cannot be read is handed to a person once it is old by the job's clock,
      // not by the clock the job was made with
      const payment = await lostAnswer();
      const check = vi
        .spyOn(ctx.app.cardGateway, 'checkReceipt')
        .mockRejectedValue(new Error('time-out'));
      const late = after(payment.createdAt, CHECK_STUCK_MS + MINUTE);
      await run(late);
      expect(await paymentOf(payment.id)).toMatchObject({
        state: 'needs_attention',
        attentionKind: 'check_stuck',
      });
      expect(info).toHaveBeenCalledWith({ checked: 1, refunded: 0 }, 'open payments settled');
      check.mockRestore();
      await run(after(late, MINUTE));
      expect((await paymentOf(payment.id)).state).toBe('paid');
    });
  });
});
