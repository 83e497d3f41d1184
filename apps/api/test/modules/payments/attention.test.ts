import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditLog, ledgerEntries, orders, payments, staff } from '../../../src/db/schema/index.ts';
import type { AppError } from '../../../src/lib/errors.ts';
import type { Actor } from '../../../src/modules/audit/index.ts';
import { resolveAttention } from '../../../src/modules/payments/attention.ts';
import type { PaymentRow } from '../../../src/modules/payments/repository.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { paymentDepsOf } from '../../helpers/payment-deps.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { CARDS, payNewFullOrder, payRequest } from './fixtures.ts';

/** Its receipt is processed for 10 s of the sandbox's clock: the payment stays checking. */
const PROCESSING = '8600888888888885';

/**
 * What a person does with a payment handed to them (`attention.ts`, DESIGN §6a): each action on
 * each shape of case, what the ledger, the payment and the order hold after, and the audit entry,
 * so that a test fails when a line of it goes.
 */
describe('resolving a payment that needs a person', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ cardGateway: sandbox.gateway });
  const deps = () => paymentDepsOf(ctx, new Date());
  afterEach(() => vi.restoreAllMocks());

  let actor: Actor;
  const officer = async () => {
    if (actor) return actor;
    const [row] = await ctx.db
      .insert(staff)
      .values({
        email: `officer.${randomUUID()}@bozor.test`,
        name: 'Officer',
        role: 'credit_officer',
        passwordHash: 'not-used',
      })
      .returning();
    actor = { staffId: row!.id, ip: '10.0.0.5' };
    return actor;
  };
  const resolve = async (id: number, action: Parameters<typeof resolveAttention>[2]['action']) =>
    resolveAttention(deps(), id, { action, note: `${action} by the officer` }, await officer());
  const refusal = async (promise: Promise<unknown>) => {
    const error = (await promise.then(
      () => null,
      (e: unknown) => e,
    )) as AppError | null;
    return error && { code: error.code, status: error.status };
  };

  const paymentOf = async (id: number) =>
    (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const ledgerOf = async (customerId: number) =>
    (
      await ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.customerId, customerId))
        .orderBy(ledgerEntries.id)
    ).map((e) => ({
      kind: e.kind,
      amount: e.amount,
      key: e.idempotencyKey,
      receipt: e.gatewayPaymentId,
      creditId: e.creditId,
    }));
  const auditOf = async (id: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'payment'), eq(auditLog.objectId, String(id))));

  /**
   * A full-price order's payment whose money the gateway took but the shop never recorded (its
   * answer lost), handed to a person as `kind`.
   */
  async function unrecorded(kind: PaymentRow['attentionKind'], changes: Partial<PaymentRow> = {}) {
    const paid = await payNewFullOrder(ctx, CARDS.lostAnswer, 320_000);
    expect(paid.res.json().data.state).toBe('checking');
    sandbox.pass();
    return handOver(paid, kind, changes);
  }

  /** A paid and recorded full-price payment, handed to a person as `kind` afterwards. */
  async function recorded(kind: PaymentRow['attentionKind']) {
    const paid = await payNewFullOrder(ctx, CARDS.approved, 150_000);
    expect(paid.res.json().data.state).toBe('paid');
    return handOver(paid, kind);
  }

  async function handOver(
    paid: Awaited<ReturnType<typeof payNewFullOrder>>,
    kind: PaymentRow['attentionKind'],
    changes: Partial<PaymentRow> = {},
  ) {
    await ctx.db
      .update(payments)
      .set({ state: 'needs_attention', attentionKind: kind, attentionReason: 'why', ...changes })
      .where(eq(payments.id, paid.paymentId));
    return {
      customerId: paid.customer.id,
      order: paid.order,
      payment: await paymentOf(paid.paymentId),
    };
  }

  it('records paid money the gateway took, confirms the order and audits before and after', async () => {
    const { payment, order, customerId } = await unrecorded('check_stuck');
    const after = await resolve(payment.id, 'record_paid');
    expect(after).toMatchObject({ state: 'paid', gatewayPaymentId: payment.receiptId });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe(2);
    expect(await ledgerOf(customerId)).toEqual([
      {
        kind: 'debit',
        amount: 320_000,
        key: payment.gatewayKey,
        receipt: payment.receiptId,
        creditId: null,
      },
    ]);
    expect(await auditOf(payment.id)).toEqual([
      expect.objectContaining({
        staffId: actor.staffId,
        ip: '10.0.0.5',
        action: 'payment.record_paid',
        before: {
          state: 'needs_attention',
          attention_kind: 'check_stuck',
          receipt_id: payment.receiptId,
          amount: 320_000,
        },
        after: {
          state: 'paid',
          attention_kind: 'check_stuck',
          receipt_id: payment.receiptId,
          amount: 320_000,
          note: 'record_paid by the officer',
        },
      }),
    ]);
  });

  it('records paid by the gateway’s payment id when no receipt was kept, and refuses with neither', async () => {
    const kept = await unrecorded('check_stuck');
    await ctx.db
      .update(payments)
      .set({ receiptId: null, gatewayPaymentId: kept.payment.receiptId })
      .where(eq(payments.id, kept.payment.id));
    expect(await resolve(kept.payment.id, 'record_paid')).toMatchObject({
      state: 'paid',
      gatewayPaymentId: kept.payment.receiptId,
    });
    const none = await unrecorded('check_stuck', { receiptId: null, gatewayPaymentId: null });
    expect(await refusal(resolve(none.payment.id, 'record_paid'))).toEqual({
      code: 'ATTENTION_ACTION_REFUSED',
      status: 409,
    });
    expect((await paymentOf(none.payment.id)).state).toBe('needs_attention');
  });

  it('sends back money recorded paid for an order cancelled meanwhile', async () => {
    const { payment, order, customerId } = await unrecorded('check_stuck');
    await ctx.db.update(orders).set({ status: -1 }).where(eq(orders.id, order.id));
    expect((await resolve(payment.id, 'record_paid')).state).toBe('refunded');
    expect((await ledgerOf(customerId)).map((e) => [e.kind, e.amount])).toEqual([
      ['debit', 320_000],
      ['refund', 320_000],
    ]);
  });

  it('records a refund made outside the shop, recording first the money never recorded', async () => {
    const { payment, customerId } = await unrecorded('check_stuck');
    expect(await resolve(payment.id, 'record_refund')).toMatchObject({ state: 'refunded' });
    expect(await ledgerOf(customerId)).toEqual([
      {
        kind: 'debit',
        amount: 320_000,
        key: payment.gatewayKey,
        receipt: payment.receiptId,
        creditId: null,
      },
      {
        kind: 'refund',
        amount: 320_000,
        key: `refund:${payment.gatewayKey}`,
        receipt: payment.receiptId,
        creditId: null,
      },
    ]);
    expect((await auditOf(payment.id)).map((a) => a.action)).toEqual(['payment.record_refund']);
  });

  it('records a prepayment refunded outside the shop as a prepayment taken and given back', async () => {
    const who = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, who.customer.id, PROCESSING);
    const made = await createInstallmentOrder(ctx.db, {
      customerId: who.customer.id,
      cardId: card.id,
      prepayment: 450_000,
      orderStatus: 1,
    });
    const res = await payRequest(
      ctx.app,
      who.headers,
      `/api/credits/first-payment/${made.credit.id}/${card.id}`,
    );
    const id = res.json().data.payment_id as number;
    await ctx.db
      .update(payments)
      .set({ state: 'needs_attention', attentionKind: 'check_stuck', attentionReason: 'why' })
      .where(eq(payments.id, id));
    expect((await resolve(id, 'record_refund')).state).toBe('refunded');
    expect((await ledgerOf(who.customer.id)).map((e) => [e.kind, e.amount])).toEqual([
      ['prepayment', 450_000],
      ['refund', 450_000],
    ]);
  });

  it('records a refund of money already recorded without recording it twice', async () => {
    const { payment, customerId } = await recorded('paid_cancelled');
    expect((await resolve(payment.id, 'record_refund')).state).toBe('refunded');
    expect((await ledgerOf(customerId)).map((e) => [e.kind, e.amount])).toEqual([
      ['debit', 150_000],
      ['refund', 150_000],
    ]);
  });

  it('marks a case handled with the state the ledger holds: nothing, taken, or taken and given back', async () => {
    const nothing = await unrecorded('check_stuck');
    expect((await resolve(nothing.payment.id, 'mark_handled')).state).toBe('failed');
    expect(await ledgerOf(nothing.customerId)).toEqual([]);

    const taken = await recorded('paid_cancelled');
    expect((await resolve(taken.payment.id, 'mark_handled')).state).toBe('paid');

    const back = await recorded('refund_stuck');
    await ctx.db.insert(ledgerEntries).values({
      customerId: back.customerId,
      orderId: back.order.id,
      kind: 'refund',
      amount: 150_000,
      idempotencyKey: `refund:${back.payment.gatewayKey}`,
    });
    expect((await resolve(back.payment.id, 'mark_handled')).state).toBe('refunded');

    // a refund recorded under the payment's own refund key counts as given back too
    const keyed = await recorded('refund_stuck');
    await ctx.db
      .update(payments)
      .set({ refundKey: `refund-elsewhere:${keyed.payment.id}` })
      .where(eq(payments.id, keyed.payment.id));
    await ctx.db.insert(ledgerEntries).values({
      customerId: keyed.customerId,
      orderId: keyed.order.id,
      kind: 'refund',
      amount: 150_000,
      idempotencyKey: `refund-elsewhere:${keyed.payment.id}`,
    });
    expect((await resolve(keyed.payment.id, 'mark_handled')).state).toBe('refunded');
    expect((await auditOf(keyed.payment.id))[0]).toMatchObject({
      action: 'payment.mark_handled',
      after: expect.objectContaining({ state: 'refunded', note: 'mark_handled by the officer' }),
    });
  });

  it('refuses an action its case does not allow, a payment that waits for nobody, and one that does not exist', async () => {
    const failedSettle = await recorded('settle_failed');
    expect(await refusal(resolve(failedSettle.payment.id, 'mark_handled'))).toEqual({
      code: 'ATTENTION_ACTION_REFUSED',
      status: 409,
    });
    const paid = await recorded('check_stuck');
    await ctx.db
      .update(payments)
      .set({ state: 'paid', attentionKind: null })
      .where(eq(payments.id, paid.payment.id));
    expect(await refusal(resolve(paid.payment.id, 'record_refund'))).toEqual({
      code: 'ATTENTION_RESOLVED',
      status: 409,
    });
    // settled, yet still marked with the kind it had: it waits for nobody
    await ctx.db
      .update(payments)
      .set({ attentionKind: 'check_stuck' })
      .where(eq(payments.id, paid.payment.id));
    expect(await refusal(resolve(paid.payment.id, 'mark_handled'))).toEqual({
      code: 'ATTENTION_RESOLVED',
      status: 409,
    });
    expect(await refusal(resolve(2_000_000_000, 'mark_handled'))).toEqual({
      code: 'PAYMENT_NOT_FOUND',
      status: 404,
    });
    expect(await auditOf(paid.payment.id)).toEqual([]);
  });
});
