import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, orders, payments } from '../../../src/db/schema/index.ts';
import {
  finishRefund,
  finishStaleRefunds,
  REFUND_ATTEMPTS,
  REFUND_STUCK_MS,
  STALE_REFUND_MS,
} from '../../../src/modules/payments/refunds.ts';
import type { PaymentRow } from '../../../src/modules/payments/repository.ts';
import { CardDecline, type ReceiptState } from '../../../src/providers/payments/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard } from '../../helpers/checkout.ts';
import { paymentDepsOf } from '../../helpers/payment-deps.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { CARDS, createFullOrder, payRequest } from './fixtures.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Each branch of a refund's way back (DESIGN §6a "everything has an end and an owner"), driven on
 * purpose with the gateway's answers, so that a test fails when a guard of `refunds.ts` is gone.
 */
describe('refund guards', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ cardGateway: sandbox.gateway });
  const deps = (now = new Date()) => paymentDepsOf(ctx, now);
  afterEach(() => vi.restoreAllMocks());

  const paymentOf = async (id: number) =>
    (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  /** A card payment of a cancelled order, paid at the gateway and decided to go back. */
  async function refunding(changes: Partial<PaymentRow> = {}) {
    const who = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, who.customer.id, CARDS.approved);
    const order = await createFullOrder(ctx.db, {
      customerId: who.customer.id,
      cardId: card.id,
      total: 400_000,
    });
    const paid = await payRequest(
      ctx.app,
      who.headers,
      `/api/orders/payment/${order.id}/${card.id}`,
    );
    expect(paid.json().data.state).toBe('paid');
    const id = paid.json().data.payment_id as number;
    await ctx.db.update(orders).set({ status: -2 }).where(eq(orders.id, order.id));
    const { gatewayKey } = await paymentOf(id);
    await ctx.db
      .update(payments)
      .set({
        state: 'refunding',
        refundKey: `refund:${gatewayKey}`,
        refundStartedAt: new Date(),
        ...changes,
      })
      .where(eq(payments.id, id));
    return paymentOf(id);
  }

  /** The gateway answers every receipts.check with `state` (and cancels as it would). */
  const checkAnswers = (state: ReceiptState) =>
    vi.spyOn(ctx.app.cardGateway, 'checkReceipt').mockResolvedValue(state);

  it('hands a refunding payment with no receipt to a person at once', async () => {
    const p = await refunding({ receiptId: null, gatewayPaymentId: null });
    const row = await finishRefund(deps(), p.id);
    expect(row).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'refund_no_receipt',
      attentionReason: 'a refunding payment has no receipt',
    });
  });

  it('refunds by the receipt the gateway paid when the payment kept only its payment id', async () => {
    const p = await refunding();
    await ctx.db.update(payments).set({ receiptId: null }).where(eq(payments.id, p.id));
    const row = await finishRefund(deps(), p.id);
    expect(row.state).toBe('refunded');
    const [entry] = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `refund:${p.gatewayKey}`));
    expect(entry).toMatchObject({
      kind: 'refund',
      amount: 400_000,
      gatewayPaymentId: p.gatewayPaymentId,
    });
  });

  it('records the refund under the receipt it cancelled, keyed by the payment', async () => {
    const p = await refunding({ refundKey: null });
    expect((await finishRefund(deps(), p.id)).state).toBe('refunded');
    const [entry] = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `refund:${p.gatewayKey}`));
    expect(entry).toMatchObject({ kind: 'refund', gatewayPaymentId: p.receiptId });
  });

  it('hands a refund whose receipt reads unpaid to a person, naming the state', async () => {
    const p = await refunding();
    checkAnswers('created');
    const row = await finishRefund(deps(), p.id);
    expect(row).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'refund_stuck',
      attentionReason: `receipt ${p.receiptId} of a refund is created`,
    });
  });

  it('asks again about a receipt still cancelling or being paid without counting a refusal', async () => {
    const p = await refunding();
    for (const [state, at] of [
      ['cancelling', 0],
      ['paying', 6_000],
    ] as const) {
      checkAnswers(state);
      expect((await finishRefund(deps(new Date(Date.now() + at)), p.id)).state).toBe('refunding');
      expect(await paymentOf(p.id)).toMatchObject({ state: 'refunding', refundAttempts: 0 });
    }
  });

  it('counts a refund the gateway leaves paid after the cancel as refused', async () => {
    const p = await refunding();
    checkAnswers('paid');
    vi.spyOn(ctx.app.cardGateway, 'cancelReceipt').mockResolvedValue('paid');
    expect((await finishRefund(deps(), p.id)).state).toBe('refunding');
    expect(await paymentOf(p.id)).toMatchObject({ state: 'refunding', refundAttempts: 1 });
  });

  it('counts a cancel the gateway answers with an error as refused, and never as refunded', async () => {
    const p = await refunding();
    vi.spyOn(ctx.app.cardGateway, 'cancelReceipt').mockRejectedValue(
      new CardDecline('GATEWAY_UNAVAILABLE', 'the gateway did not answer'),
    );
    expect((await finishRefund(deps(), p.id)).state).toBe('refunding');
    expect(await paymentOf(p.id)).toMatchObject({ state: 'refunding', refundAttempts: 1 });
    expect(
      await ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, `refund:${p.gatewayKey}`)),
    ).toEqual([]);
  });

  it('hands a refund over on its last refused try, not before', async () => {
    const p = await refunding({ refundAttempts: REFUND_ATTEMPTS - 2 });
    checkAnswers('paid');
    vi.spyOn(ctx.app.cardGateway, 'cancelReceipt').mockResolvedValue('paid');
    expect((await finishRefund(deps(), p.id)).state).toBe('refunding');
    const row = await finishRefund(deps(new Date(Date.now() + 6_000)), p.id);
    expect(row).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'refund_stuck',
      attentionReason: `the gateway refused or did not answer the refund ${REFUND_ATTEMPTS} times: receipt ${p.receiptId} stays paid`,
    });
  });

  it('hands a refund over once it is a day old, even while the gateway only keeps it cancelling', async () => {
    const started = new Date(Date.now() - REFUND_STUCK_MS - HOUR);
    const p = await refunding({ refundStartedAt: started });
    checkAnswers('cancelling');
    const row = await finishRefund(deps(), p.id);
    expect(row).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'refund_stuck',
      attentionReason: `the refund is not finished after 25 hours: receipt ${p.receiptId} is cancelling`,
    });
    expect((await paymentOf(p.id)).refundAttempts).toBe(0);
  });

  it('keeps a refund a moment short of a day on the job', async () => {
    const now = new Date();
    const p = await refunding({ refundStartedAt: new Date(now.getTime() - REFUND_STUCK_MS + 1) });
    checkAnswers('cancelling');
    expect((await finishRefund(deps(now), p.id)).state).toBe('refunding');
  });

  it('hands a refund over at the very millisecond it is a day old', async () => {
    const now = new Date();
    const p = await refunding({ refundStartedAt: new Date(now.getTime() - REFUND_STUCK_MS) });
    checkAnswers('cancelling');
    expect(await finishRefund(deps(now), p.id)).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'refund_stuck',
      attentionReason: `the refund is not finished after 24 hours: receipt ${p.receiptId} is cancelling`,
    });
  });

  it('tells a person once: a refund already handed over and refused again is not handed over anew', async () => {
    const started = new Date(Date.now() - REFUND_STUCK_MS - HOUR);
    const p = await refunding({
      state: 'needs_attention',
      attentionKind: 'refund_stuck',
      attentionReason: 'refused five times',
      refundAttempts: REFUND_ATTEMPTS,
      refundStartedAt: started,
    });
    checkAnswers('paid');
    vi.spyOn(ctx.app.cardGateway, 'cancelReceipt').mockResolvedValue('paid');
    const error = vi.spyOn(ctx.app.log, 'error');
    expect(await finishRefund(deps(), p.id)).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'refund_stuck',
      attentionReason: 'refused five times',
    });
    expect(await paymentOf(p.id)).toMatchObject({ refundAttempts: REFUND_ATTEMPTS + 1 });
    expect(error).not.toHaveBeenCalled();
  });

  it('still finishes a refund handed to a person once the gateway gives in', async () => {
    const p = await refunding({
      state: 'needs_attention',
      attentionKind: 'refund_stuck',
      attentionReason: 'refused',
    });
    const row = await finishRefund(deps(), p.id);
    expect(row.state).toBe('refunded');
  });

  it('leaves a payment handed to a person for another reason alone', async () => {
    const p = await refunding({
      state: 'needs_attention',
      attentionKind: 'settle_failed',
      attentionReason: 'settling failed',
    });
    const cancel = vi.spyOn(ctx.app.cardGateway, 'cancelReceipt');
    const row = await finishRefund(deps(), p.id);
    expect(row).toMatchObject({ state: 'needs_attention', attentionKind: 'settle_failed' });
    expect(cancel).not.toHaveBeenCalled();
  });

  it('asks the gateway about one refund at most every few seconds, and answers the row meanwhile', async () => {
    const p = await refunding();
    checkAnswers('cancelling');
    const now = new Date();
    expect((await finishRefund(deps(now), p.id)).state).toBe('refunding');
    const check = vi.spyOn(ctx.app.cardGateway, 'checkReceipt');
    check.mockClear();
    const again = await finishRefund(deps(new Date(now.getTime() + 1_000)), p.id);
    expect(again).toMatchObject({ id: p.id, state: 'refunding' });
    expect(check).not.toHaveBeenCalled();
    await expect(finishRefund(deps(), 987_654_321)).rejects.toThrow('payment 987654321 is gone');
  });

  it('finishes only the refunds left past their window, and counts those it refunded', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - STALE_REFUND_MS - 1_000);
    // other tests' refunds are finished or handed over: only these two are left stale
    await ctx.db.update(payments).set({ state: 'failed' }).where(eq(payments.state, 'refunding'));
    const stale = await refunding({ updatedAt: old, refundStartedAt: old });
    const fresh = await refunding({ updatedAt: now, refundStartedAt: now });
    // two the gateway keeps cancelling: finished later, not counted now
    const stuck = [
      await refunding({ updatedAt: old, refundStartedAt: old }),
      await refunding({ updatedAt: old, refundStartedAt: old }),
    ];
    const check = ctx.app.cardGateway.checkReceipt.bind(ctx.app.cardGateway);
    vi.spyOn(ctx.app.cardGateway, 'checkReceipt').mockImplementation(async (receiptId) =>
      stuck.some((p) => p.receiptId === receiptId) ? 'cancelling' : check(receiptId),
    );
    expect(await finishStaleRefunds(deps(now), now)).toBe(1);
    expect((await paymentOf(stale.id)).state).toBe('refunded');
    expect((await paymentOf(fresh.id)).state).toBe('refunding');
    for (const p of stuck) expect((await paymentOf(p.id)).state).toBe('refunding');
  });
});
