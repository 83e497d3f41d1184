import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  credits,
  ledgerEntries,
  notifications,
  orders,
  payments,
  returnRequests,
} from '../../../src/db/schema/index.ts';
import { recheckPayment } from '../../../src/modules/payments/debit.ts';
import { recoverPayments } from '../../../src/modules/payments/recovery.ts';
import { PaymeCardGateway } from '../../../src/providers/payments/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { connectAgain, itRaces } from '../../helpers/database.ts';
import {
  PAYME_CODE,
  PAYME_KEY,
  PAYME_MERCHANT,
  type PaymeDouble,
  PROCESSING,
  RECEIPT,
  startPaymeDouble,
} from '../../helpers/payme-double.ts';
import { paymentDepsOf } from '../../helpers/payment-deps.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { createFullOrder, payRequest } from './fixtures.ts';

const APPROVED = '8600111111111110';
const LOST_ANSWER = '8600666666666669';
const MINUTE = 60_000;

/**
 * The money workflows of DESIGN §6a on the Payme adapter, against a double of Payme's Subscribe
 * API that de-duplicates nothing: every receipts.create is a new receipt.
 */
describe('money workflows on Payme', () => {
  let double: PaymeDouble;
  let gateway: PaymeCardGateway;
  beforeAll(async () => {
    double = await startPaymeDouble();
    gateway = new PaymeCardGateway({
      baseUrl: double.url,
      merchantId: PAYME_MERCHANT,
      key: PAYME_KEY,
      timeoutMs: 500,
    });
  });
  afterAll(() => double.close());
  beforeEach(() => {
    double.reset();
    double.control.now = () => Date.now();
  });
  /** Moves the double's clock past the processing of a slow card's receipt. */
  const gatewayLater = () => {
    double.control.now = () => Date.now() + 11_000;
  };

  const ctx = useTestApp({ cardGateway: () => gateway });
  const deps = (now = new Date()) => paymentDepsOf(ctx, now);

  /** A signed-in customer with a card bound and confirmed at Payme. */
  async function customerWithCard(number = APPROVED) {
    const session = await createCustomerSession(ctx.db);
    const card = await bindCard(ctx.app, session.customer.id, number);
    await gateway.sendVerifyCode(card.gatewayToken, 'uz');
    await gateway.verifyCard(card.gatewayToken, PAYME_CODE);
    return { ...session, card };
  }

  const paymentOf = async (id: number) =>
    (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const ledgerOf = (orderId: number) =>
    ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
  const receiptsOf = (key: string) =>
    [...double.receipts.values()].filter((r) => r.account.some((a) => a.value === key));
  const cancel = (headers: Record<string, string>, orderId: number) =>
    payRequest(ctx.app, headers, `/api/orders/cancel/${orderId}`);

  it('stores the receipt before paying it; a lost answer is settled by asking, never by paying again', async () => {
    const alice = await customerWithCard(LOST_ANSWER);
    const order = await createFullOrder(ctx.db, {
      customerId: alice.customer.id,
      cardId: alice.card.id,
      total: 169_000,
    });
    const key = randomUUID();
    const res = await payRequest(
      ctx.app,
      alice.headers,
      `/api/orders/payment/${order.id}/${alice.card.id}`,
      { key },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { payment_id: id, state } = res.json().data;
    expect(state).toBe('checking');
    const checking = await paymentOf(id);
    expect(checking.receiptId).toMatch(/^[0-9a-f]{24}$/);
    // the money is taken; the receipt is still being processed
    expect(double.receipts.get(checking.receiptId!)?.state).toBe(double.control.processingState);
    gatewayLater();

    // the customer's page asks twice at once, a second process and the job ask too
    const other = connectAgain(ctx.database);
    try {
      const answers = await Promise.all([
        ctx.app.inject({ url: `/api/payments/${id}`, headers: alice.headers }),
        ctx.app.inject({ url: `/api/payments/${id}`, headers: alice.headers }),
        recheckPayment({ ...deps(), db: other.db }, checking),
        recoverPayments(deps(new Date(Date.now() + 3 * MINUTE)), new Date(Date.now() + 3 * MINUTE)),
      ]);
      expect(answers).toHaveLength(4);
    } finally {
      await other.close();
    }
    const again = await ctx.app.inject({ url: `/api/payments/${id}`, headers: alice.headers });
    expect(again.json().data.state).toBe('paid');
    expect(double.calls.filter((c) => c.method === 'receipts.create')).toHaveLength(1);
    expect(double.calls.filter((c) => c.method === 'receipts.pay')).toHaveLength(1);
    expect(double.paid()).toHaveLength(1);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 2, paidAt: expect.any(Date) });
    expect((await ledgerOf(order.id)).map((e) => [e.kind, e.amount])).toEqual([['debit', 169_000]]);

    // cancelled: the receipt is cancelled once (Payme queues it, 21), and the payment is refunded
    // with its ledger entry once the receipt reads cancelled
    const cancelled = await cancel(alice.headers, order.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.payments).toEqual([
      expect.objectContaining({ id, state: 'refunding' }),
    ]);
    expect(double.net(checking.receiptId!)).toBe(0);
    for (const minutes of [4, 5]) {
      const at = new Date(Date.now() + minutes * MINUTE);
      await recoverPayments(deps(at), at);
    }
    expect(double.movements.filter((m) => m.kind === 'refund')).toHaveLength(1);
    expect((await ledgerOf(order.id)).map((e) => [e.kind, e.amount])).toEqual([
      ['debit', 169_000],
      ['refund', 169_000],
    ]);
    expect(await paymentOf(id)).toMatchObject({
      state: 'refunded',
      refundKey: `refund:${checking.gatewayKey}`,
      refundedAt: expect.any(Date),
    });
  });

  it('asks the gateway about one payment at most every few seconds, however often it is read', async () => {
    const bob = await customerWithCard(PROCESSING);
    const order = await createFullOrder(ctx.db, {
      customerId: bob.customer.id,
      cardId: bob.card.id,
    });
    const res = await payRequest(
      ctx.app,
      bob.headers,
      `/api/orders/payment/${order.id}/${bob.card.id}`,
    );
    expect(res.json().data.state).toBe('checking');
    const checks = () => double.calls.filter((c) => c.method === 'receipts.check').length;
    const before = checks();
    for (let i = 0; i < 5; i += 1) {
      await ctx.app.inject({
        url: `/api/payments/${res.json().data.payment_id}`,
        headers: bob.headers,
      });
    }
    expect(checks() - before).toBe(1);
  });

  it('fails a payment whose receipt was never created, and charges nothing', async () => {
    const carol = await customerWithCard();
    const order = await createFullOrder(ctx.db, {
      customerId: carol.customer.id,
      cardId: carol.card.id,
    });
    const receiptsBefore = double.receipts.size;
    const movementsBefore = double.movements.length;
    double.control.mode = 'unreachable';
    const res = await payRequest(
      ctx.app,
      carol.headers,
      `/api/orders/payment/${order.id}/${carol.card.id}`,
    );
    expect(res.json().data.state).toBe('checking');
    double.control.mode = 'ok';
    const id = res.json().data.payment_id as number;
    expect((await paymentOf(id)).receiptId).toBeNull();
    // still young: it may yet get its receipt
    expect((await recheckPayment(deps(), await paymentOf(id))).state).toBe('checking');
    const later = new Date(Date.now() + 3 * MINUTE);
    expect((await recheckPayment(deps(later), await paymentOf(id))).state).toBe('failed');
    expect(double.receipts.size).toBe(receiptsBefore);
    expect(double.movements).toHaveLength(movementsBefore);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 1, paidAt: null });
  });

  it('cancels a receipt that was stored but never paid, then fails its payment', async () => {
    const dan = await customerWithCard();
    const order = await createFullOrder(ctx.db, {
      customerId: dan.customer.id,
      cardId: dan.card.id,
    });
    // the process stops after storing the receipt: it is neither paid nor asked about
    double.control.errorFor.set('receipts.pay', -32400);
    double.control.errorFor.set('receipts.check', -32400);
    const res = await payRequest(
      ctx.app,
      dan.headers,
      `/api/orders/payment/${order.id}/${dan.card.id}`,
    );
    double.control.errorFor.clear();
    const id = res.json().data.payment_id as number;
    const stored = await paymentOf(id);
    expect(stored).toMatchObject({ state: 'checking', receiptState: 'created' });
    const later = new Date(Date.now() + 6 * MINUTE);
    expect((await recheckPayment(deps(later), stored)).state).toBe('failed');
    expect(double.receipts.get(stored.receiptId!)?.state).toBe(RECEIPT.cancelled);
    expect(double.net(stored.receiptId!)).toBe(0);
  });

  it('finishes after a restart a refund stopped between the gateway and its record, refunding once', async () => {
    const erin = await customerWithCard();
    const order = await createFullOrder(ctx.db, {
      customerId: erin.customer.id,
      cardId: erin.card.id,
      total: 500_000,
    });
    const paid = await payRequest(
      ctx.app,
      erin.headers,
      `/api/orders/payment/${order.id}/${erin.card.id}`,
    );
    const id = paid.json().data.payment_id as number;
    expect(paid.json().data.state).toBe('paid');

    // the process dies right after Payme cancelled the receipt, before the refund is recorded
    const cancelReceipt = gateway.cancelReceipt.bind(gateway);
    const crash = vi.spyOn(gateway, 'cancelReceipt').mockImplementation(async (receiptId) => {
      await cancelReceipt(receiptId);
      throw new Error('the process stopped here');
    });
    try {
      const res = await cancel(erin.headers, order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.payments).toEqual([
        expect.objectContaining({ id, state: 'refunding' }),
      ]);
    } finally {
      crash.mockRestore();
    }
    const receiptId = (await paymentOf(id)).receiptId!;
    expect(double.net(receiptId)).toBe(0);
    expect((await ledgerOf(order.id)).filter((e) => e.kind === 'refund')).toEqual([]);

    // a young refund is left to the request that is finishing it
    expect(await recoverPayments(deps(), new Date())).toMatchObject({ refunded: 0 });
    // Payme queued the refund (21): it is recorded once the receipt reads cancelled
    const later = new Date(Date.now() + 2 * MINUTE);
    await recoverPayments(deps(later), later);
    expect(await paymentOf(id)).toMatchObject({ state: 'refunding' });
    const after = new Date(later.getTime() + 10_000);
    await recoverPayments(deps(after), after);
    await recoverPayments(deps(after), after);
    expect(await paymentOf(id)).toMatchObject({ state: 'refunded' });
    expect(double.movements.filter((m) => m.receiptId === receiptId)).toEqual([
      expect.objectContaining({ kind: 'pay' }),
      expect.objectContaining({ kind: 'refund' }),
    ]);
    expect((await ledgerOf(order.id)).map((e) => [e.kind, e.amount])).toEqual([
      ['debit', 500_000],
      ['refund', 500_000],
    ]);
    const told = await ctx.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.customerId, erin.customer.id));
    expect(told.map((n) => n.kind)).toEqual(['payment_paid', 'order_cancelled']);
  });

  it('refunds money that arrives for an order cancelled meanwhile instead of keeping it', async () => {
    const fay = await customerWithCard(LOST_ANSWER);
    const order = await createFullOrder(ctx.db, {
      customerId: fay.customer.id,
      cardId: fay.card.id,
    });
    const res = await payRequest(
      ctx.app,
      fay.headers,
      `/api/orders/payment/${order.id}/${fay.card.id}`,
    );
    const id = res.json().data.payment_id as number;
    // cancelled by the shop while the answer was lost
    await ctx.db.update(orders).set({ status: -2 }).where(eq(orders.id, order.id));
    gatewayLater();
    const settled = await recheckPayment(deps(), await paymentOf(id));
    expect(settled.state).toBe('refunding');
    for (const minutes of [2, 3]) {
      const at = new Date(Date.now() + minutes * MINUTE);
      await recoverPayments(deps(at), at);
    }
    expect(await paymentOf(id)).toMatchObject({ state: 'refunded' });
    expect(double.net(settled.receiptId!)).toBe(0);
    expect((await ledgerOf(order.id)).map((e) => [e.kind, e.creditId])).toEqual([
      ['debit', null],
      ['refund', null],
    ]);
    const told = await ctx.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.customerId, fay.customer.id));
    expect(told.map((n) => n.kind)).toEqual(['payment_returned']);
  });

  it('hands a payment whose settle keeps failing to a person, who records it paid or refunded', async () => {
    const gus = await customerWithCard(LOST_ANSWER);
    const order = await createFullOrder(ctx.db, {
      customerId: gus.customer.id,
      cardId: gus.card.id,
    });
    const key = randomUUID();
    const res = await payRequest(
      ctx.app,
      gus.headers,
      `/api/orders/payment/${order.id}/${gus.card.id}`,
      { key },
    );
    const id = res.json().data.payment_id as number;
    const row = await paymentOf(id);
    // a ledger entry already under its key with another amount: the ledger refuses it for good
    await ctx.db.insert(ledgerEntries).values({
      customerId: gus.customer.id,
      orderId: order.id,
      kind: 'debit',
      amount: 1,
      idempotencyKey: row.gatewayKey,
    });
    gatewayLater();
    let at = Date.now();
    for (let i = 0; i < 3; i += 1) {
      at += 10_000;
      await recheckPayment(deps(new Date(at)), await paymentOf(id));
    }
    expect(await paymentOf(id)).toMatchObject({
      state: 'needs_attention',
      settleFailures: 3,
      attentionKind: 'settle_failed',
      attentionReason: expect.stringContaining('KEY_REUSED'),
    });
    expect(receiptsOf(row.gatewayKey)).toHaveLength(1);
    const read = await ctx.app.inject({ url: `/api/payments/${id}`, headers: gus.headers });
    expect(read.json().data.state).toBe('needs_attention');
    // money the gateway took is recorded as paid or refunded, never just marked handled
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const list = await ctx.app.inject({
      url: '/api/admin/payments/attention',
      headers: as(officer),
    });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ id, actions: ['record_paid', 'record_refund'] }),
    );
    const handled = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${id}/resolve`,
      headers: as(officer),
      payload: { action: 'mark_handled', note: 'nothing to do' },
    });
    expect(handled.statusCode).toBe(409);
    expect(handled.json().code).toBe('ATTENTION_ACTION_REFUSED');
  });

  it('refuses installments before the prepayment is paid', async () => {
    const hal = await customerWithCard();
    const { credit } = await createInstallmentOrder(ctx.db, {
      customerId: hal.customer.id,
      cardId: hal.card.id,
      prepayment: 500_000,
      orderStatus: 1,
    });
    const res = await payRequest(ctx.app, hal.headers, `/api/credits/payment/${credit.id}`, {
      body: { card_id: hal.card.id, amount: 100_000 },
      lang: 'ru',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PREPAYMENT_FIRST',
      message: 'Сначала оплатите первоначальный взнос по заказу',
    });
  });

  itRaces('a payment racing a return never leaves money on the closed credit', async () => {
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    for (let round = 0; round < 4; round += 1) {
      const ivy = await customerWithCard();
      const { order, credit } = await createInstallmentOrder(ctx.db, {
        customerId: ivy.customer.id,
        cardId: ivy.card.id,
        orderStatus: 4,
      });
      await payRequest(ctx.app, ivy.headers, `/api/orders/return/${order.id}`);
      const [request] = await ctx.db
        .select()
        .from(returnRequests)
        .where(eq(returnRequests.orderId, order.id));
      await Promise.all([
        payRequest(ctx.app, ivy.headers, `/api/credits/payment/${credit.id}`, {
          body: { card_id: ivy.card.id, amount: 200_000 },
        }),
        ctx.app.inject({
          method: 'POST',
          url: `/api/admin/returns/${request!.id}/accept`,
          headers: as(operator),
          payload: {},
        }),
      ]);
      await recoverPayments(
        deps(new Date(Date.now() + 3 * MINUTE)),
        new Date(Date.now() + 3 * MINUTE),
      );
      const [after] = await ctx.db.select().from(credits).where(eq(credits.id, credit.id));
      const kept = await ctx.db
        .select()
        .from(payments)
        .where(and(eq(payments.creditId, credit.id), eq(payments.state, 'paid')));
      if (after!.status === 'closed' || after!.status === 'cancelled') {
        expect(kept, `round ${round}: money kept on a ${after!.status} credit`).toEqual([]);
      }
    }
  });
});
