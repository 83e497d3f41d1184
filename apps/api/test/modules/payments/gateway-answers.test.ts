import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, orders, payments } from '../../../src/db/schema/index.ts';
import { expireUnpaidOrders } from '../../../src/modules/orders/expiry.ts';
import { CHECK_STUCK_MS } from '../../../src/modules/payments/debit.ts';
import { recoverPayments } from '../../../src/modules/payments/recovery.ts';
import { REFUND_ATTEMPTS } from '../../../src/modules/payments/refunds.ts';
import { PaymeCardGateway } from '../../../src/providers/payments/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard } from '../../helpers/checkout.ts';
import {
  ERROR_AFTER_DEBIT,
  NO_FUNDS,
  PAYME_CODE,
  PAYME_KEY,
  PAYME_MERCHANT,
  type PaymeDouble,
  PROCESSING,
  PROCESSING_STATES,
  RECEIPT,
  REFUND_REFUSED,
  startPaymeDouble,
} from '../../helpers/payme-double.ts';
import { paymentDepsOf } from '../../helpers/payment-deps.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { createFullOrder, payRequest } from './fixtures.ts';

const APPROVED = '8600111111111110';
const MINUTE = 60_000;

/**
 * Payme's rarer answers (DESIGN §6a "the receipt's state decides, never the error"; "everything
 * has an end and an owner"), as a customer and staff meet them, on the Payme adapter against its
 * double.
 */
describe('money on every answer the gateway gives', () => {
  let double: PaymeDouble;
  let gateway: PaymeCardGateway;
  beforeAll(async () => {
    double = await startPaymeDouble();
    gateway = new PaymeCardGateway({
      baseUrl: double.url,
      merchantId: PAYME_MERCHANT,
      key: PAYME_KEY,
      timeoutMs: 2_000,
    });
  });
  afterAll(() => double.close());
  beforeEach(() => {
    double.reset();
    double.control.now = () => Date.now();
  });

  const ctx = useTestApp({ cardGateway: () => gateway });
  const deps = (now = new Date()) => paymentDepsOf(ctx, now);
  /** Runs the recovery job as it would run `ms` from now. */
  const recoverAt = (ms: number) => {
    const at = new Date(Date.now() + ms);
    return recoverPayments(deps(at), at);
  };
  /** Moves the double's clock on by `ms`. */
  const gatewayLater = (ms: number) => {
    double.control.now = () => Date.now() + ms;
  };

  async function customerWithCard(number = APPROVED) {
    const session = await createCustomerSession(ctx.db);
    const card = await bindCard(ctx.app, session.customer.id, number);
    await gateway.sendVerifyCode(card.gatewayToken, 'uz');
    await gateway.verifyCard(card.gatewayToken, PAYME_CODE);
    return { ...session, card };
  }

  async function orderFor(number = APPROVED, total = 169_000) {
    const who = await customerWithCard(number);
    const order = await createFullOrder(ctx.db, {
      customerId: who.customer.id,
      cardId: who.card.id,
      total,
    });
    const pay = (key = randomUUID()) =>
      payRequest(ctx.app, who.headers, `/api/orders/payment/${order.id}/${who.card.id}`, { key });
    return { ...who, order, pay };
  }

  const paymentOf = async (id: number) =>
    (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const orderOf = async (id: number) =>
    (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const ledgerOf = async (orderId: number) =>
    (await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).map(
      (e) => [e.kind, e.amount],
    );
  /** Receipts of the order's payments at the double, by the payment keys it was given. */
  async function receiptsOf(orderId: number) {
    const keys = (await ctx.db.select().from(payments).where(eq(payments.orderId, orderId))).map(
      (p) => p.gatewayKey,
    );
    return [...double.receipts.values()].filter((r) =>
      r.account.some((a) => keys.includes(String(a.value))),
    );
  }
  /** What the order's customer has paid net at Payme, in sum. */
  const netPaid = async (orderId: number) =>
    (await receiptsOf(orderId)).reduce((sum, r) => sum + double.net(r._id), 0) / 100;

  it('settles paid a payment whose receipts.pay took the money and then answered an error; paying again charges nothing', async () => {
    const alice = await orderFor(ERROR_AFTER_DEBIT);
    const first = await alice.pay();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.state).toBe('paid');
    expect(await orderOf(alice.order.id)).toMatchObject({ status: 2 });
    const again = await alice.pay();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOTHING_TO_PAY');
    expect(await netPaid(alice.order.id)).toBe(169_000);
    expect(await ledgerOf(alice.order.id)).toEqual([['debit', 169_000]]);
  });

  it('keeps such a payment checking while the receipt cannot be read, refuses a second one, and settles it paid once', async () => {
    const bob = await orderFor(ERROR_AFTER_DEBIT);
    double.control.errorFor.set('receipts.check', -32400);
    const first = await bob.pay();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.state).toBe('checking');
    const second = await bob.pay();
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('PAYMENT_IN_PROGRESS');
    double.control.errorFor.clear();
    await recoverAt(3 * MINUTE);
    await recoverAt(4 * MINUTE);
    expect(await paymentOf(first.json().data.payment_id)).toMatchObject({ state: 'paid' });
    expect(await orderOf(bob.order.id)).toMatchObject({ status: 2 });
    expect((await receiptsOf(bob.order.id)).map((r) => r.state)).toEqual([RECEIPT.paid]);
    expect(await netPaid(bob.order.id)).toBe(169_000);
    expect(await ledgerOf(bob.order.id)).toEqual([['debit', 169_000]]);
  });

  it('reads an unknown error on an unpaid receipt as no payment: the receipt is cancelled, and the next try pays once', async () => {
    const carol = await orderFor();
    double.control.errorFor.set('receipts.pay', -31999);
    const first = await carol.pay();
    double.control.errorFor.clear();
    expect(first.statusCode).toBe(503);
    expect((await receiptsOf(carol.order.id)).map((r) => r.state)).toEqual([RECEIPT.cancelled]);
    const second = await carol.pay();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.state).toBe('paid');
    expect(await netPaid(carol.order.id)).toBe(169_000);
  });

  it('cancels the receipt of a declined payment, so it can never be paid', async () => {
    const dan = await orderFor(NO_FUNDS);
    const res = await dan.pay();
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await receiptsOf(dan.order.id)).map((r) => r.state)).toEqual([RECEIPT.cancelled]);
  });

  it('keeps a payment checking while its receipt is processed in any state, and settles it paid once after 10 s', async () => {
    for (const state of PROCESSING_STATES) {
      double.control.processingState = state;
      const erin = await orderFor(PROCESSING);
      const res = await erin.pay();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.state, `state ${state}`).toBe('checking');
      await recoverAt(3 * MINUTE);
      expect((await paymentOf(res.json().data.payment_id)).state, `state ${state}`).toBe(
        'checking',
      );
      gatewayLater(10_000);
      await recoverAt(4 * MINUTE);
      await recoverAt(5 * MINUTE);
      gatewayLater(0);
      expect((await paymentOf(res.json().data.payment_id)).state, `state ${state}`).toBe('paid');
      expect(await ledgerOf(erin.order.id)).toEqual([['debit', 169_000]]);
      expect(await netPaid(erin.order.id)).toBe(169_000);
    }
  });

  it('hands a payment with no outcome past its limit to a person; it blocks the order and settles itself when the gateway answers', async () => {
    const fay = await orderFor(PROCESSING);
    double.control.processingMs = 60 * MINUTE;
    const res = await fay.pay();
    const id = res.json().data.payment_id as number;
    expect(res.json().data.state).toBe('checking');
    // Payme stops finding the receipt for a while
    double.control.errorFor.set('receipts.check', -31602);
    await recoverAt(CHECK_STUCK_MS - MINUTE);
    expect(await paymentOf(id)).toMatchObject({ state: 'checking' });
    await recoverAt(CHECK_STUCK_MS + MINUTE);
    expect(await paymentOf(id)).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'check_stuck',
    });

    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const list = await ctx.app.inject({
      url: '/api/admin/payments/attention',
      headers: as(officer),
    });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        id,
        attention_kind: 'check_stuck',
        customer_phone: fay.customer.phone,
        actions: ['record_paid', 'record_refund', 'mark_handled'],
      }),
    );
    // nothing else is taken for the order meanwhile, nor is it ended
    const second = await fay.pay();
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('PAYMENT_NEEDS_ATTENTION');
    const cancel = await payRequest(ctx.app, fay.headers, `/api/orders/cancel/${fay.order.id}`);
    expect(cancel.statusCode).toBe(409);
    const expiry = { db: ctx.db, sms: ctx.app.sms, log: ctx.app.log, paymentHours: 1 };
    await expireUnpaidOrders(expiry, new Date(Date.now() + 48 * 60 * MINUTE));
    expect(await orderOf(fay.order.id)).toMatchObject({ status: 1 });

    double.control.errorFor.clear();
    gatewayLater(61 * MINUTE);
    await recoverAt(CHECK_STUCK_MS + 2 * MINUTE);
    expect(await paymentOf(id)).toMatchObject({ state: 'paid' });
    expect(await orderOf(fay.order.id)).toMatchObject({ status: 2 });
    expect(await ledgerOf(fay.order.id)).toEqual([['debit', 169_000]]);
  });

  it('finishes a refund only once its receipt reads cancelled, not while it is cancelling', async () => {
    const gus = await orderFor();
    const paid = await gus.pay();
    const id = paid.json().data.payment_id as number;
    const cancel = await payRequest(ctx.app, gus.headers, `/api/orders/cancel/${gus.order.id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const receiptId = (await paymentOf(id)).receiptId!;
    // Payme queued the refund (21): the money is on its way back, not back yet
    expect(await paymentOf(id)).toMatchObject({ state: 'refunding' });
    expect(await ledgerOf(gus.order.id)).toEqual([['debit', 169_000]]);
    await recoverAt(2 * MINUTE);
    expect(await paymentOf(id)).toMatchObject({ state: 'refunding' });
    await recoverAt(3 * MINUTE);
    expect(await paymentOf(id)).toMatchObject({ state: 'refunded', receiptState: 'cancelled' });
    expect(double.receipts.get(receiptId)?.state).toBe(RECEIPT.cancelled);
    expect(await ledgerOf(gus.order.id)).toEqual([
      ['debit', 169_000],
      ['refund', 169_000],
    ]);
  });

  it('hands a refund the gateway refuses for ever to a person, never shows it refunded, and closes it on a staff action with its ledger row', async () => {
    const hal = await orderFor(REFUND_REFUSED);
    const paid = await hal.pay();
    const id = paid.json().data.payment_id as number;
    expect(paid.json().data.state).toBe('paid');
    await payRequest(ctx.app, hal.headers, `/api/orders/cancel/${hal.order.id}`);
    for (let i = 1; i < REFUND_ATTEMPTS; i += 1) {
      expect((await paymentOf(id)).state, `try ${i}`).toBe('refunding');
      await recoverAt(i * 2 * MINUTE);
    }
    expect(await paymentOf(id)).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'refund_stuck',
      refundAttempts: REFUND_ATTEMPTS,
    });
    const seen = await ctx.app.inject({ url: `/api/orders/${hal.order.id}`, headers: hal.headers });
    expect(seen.json().data.payments).toEqual([
      expect.objectContaining({ id, state: 'needs_attention' }),
    ]);
    expect(await ledgerOf(hal.order.id)).toEqual([['debit', 169_000]]);

    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const resolve = (body: object, headers = as(officer)) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${id}/resolve`,
        headers,
        payload: body,
      });
    expect((await resolve({ action: 'record_paid', note: 'paid after all' })).statusCode).toBe(409);
    expect((await resolve({ action: 'record_refund', note: '' })).statusCode).toBe(400);
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    expect(
      (await resolve({ action: 'record_refund', note: 'refunded by hand' }, as(viewer))).statusCode,
    ).toBe(403);
    const done = await resolve({
      action: 'record_refund',
      note: 'Refunded by hand in the Payme cabinet',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ id, state: 'refunded', attention_kind: 'refund_stuck' });
    expect(await ledgerOf(hal.order.id)).toEqual([
      ['debit', 169_000],
      ['refund', 169_000],
    ]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.record_refund'), eq(auditLog.objectId, String(id))));
    expect(audit).toMatchObject({
      staffId: officer.staffId,
      before: expect.objectContaining({ state: 'needs_attention' }),
      after: expect.objectContaining({
        state: 'refunded',
        note: 'Refunded by hand in the Payme cabinet',
      }),
    });
    expect((await resolve({ action: 'record_refund', note: 'again' })).statusCode).toBe(409);
  });

  it('tries a refund refused a few times again until it goes through, and a staff retry finishes one handed over', async () => {
    const ivy = await orderFor();
    const paid = await ivy.pay();
    const id = paid.json().data.payment_id as number;
    double.control.failTimes.set('receipts.cancel', { code: -31630, times: 2 });
    await payRequest(ctx.app, ivy.headers, `/api/orders/cancel/${ivy.order.id}`);
    for (const minutes of [2, 3, 4, 5]) await recoverAt(minutes * MINUTE);
    expect(await paymentOf(id)).toMatchObject({ state: 'refunded', attentionKind: null });

    const jon = await orderFor();
    const jonPaid = await jon.pay();
    const jonId = jonPaid.json().data.payment_id as number;
    double.control.failTimes.set('receipts.cancel', { code: -31630, times: REFUND_ATTEMPTS });
    await payRequest(ctx.app, jon.headers, `/api/orders/cancel/${jon.order.id}`);
    for (let i = 1; i < REFUND_ATTEMPTS; i += 1) await recoverAt(i * 2 * MINUTE);
    expect(await paymentOf(jonId)).toMatchObject({ state: 'needs_attention' });
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const retried = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${jonId}/resolve`,
      headers: as(officer),
      payload: { action: 'retry_refund', note: 'Payme support unblocked the refund' },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    // the gateway queued it (21): a later read finds it cancelled
    await recoverAt(REFUND_ATTEMPTS * 2 * MINUTE);
    await recoverAt((REFUND_ATTEMPTS * 2 + 1) * MINUTE);
    expect(await paymentOf(jonId)).toMatchObject({ state: 'refunded' });
    expect(await ledgerOf(jon.order.id)).toEqual([
      ['debit', 169_000],
      ['refund', 169_000],
    ]);
  });
});
