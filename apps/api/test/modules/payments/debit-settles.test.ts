import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { credits, ledgerEntries, orders, payments } from '../../../src/db/schema/index.ts';
import { balanceOf } from '../../../src/modules/ledger/repository.ts';
import {
  CHECK_STUCK_MS,
  NO_RECEIPT_WINDOW_MS,
  recheckPayment,
  UNPAID_RECEIPT_WINDOW_MS,
} from '../../../src/modules/payments/debit.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { paymentDepsOf } from '../../helpers/payment-deps.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { CARDS, createFullOrder, noticeKindsOf, payNewFullOrder, payRequest } from './fixtures.ts';

/** Its receipt is processed for 10 s of the sandbox's clock: the payment stays checking. */
const PROCESSING = '8600888888888885';
const MINUTE = 60_000;

/**
 * How a card payment's money is settled and how a payment with no outcome is asked about
 * (`recheckPayment`, DESIGN §6a), each window at its exact millisecond and each message compared,
 * so that a test fails when a line of `debit.ts` or of the pay routes' checks goes.
 */
describe('debit settles and re-checks', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ cardGateway: sandbox.gateway });
  afterEach(() => vi.restoreAllMocks());

  const paymentOf = async (id: number) =>
    (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const noticesOf = (customerId: number) => noticeKindsOf(ctx.db, customerId);
  /** Asks about a payment as the shop would `ms` after it began. */
  const recheckAfter = async (id: number, ms: number) => {
    const payment = await paymentOf(id);
    return recheckPayment(paymentDepsOf(ctx, new Date(payment.createdAt.getTime() + ms)), payment);
  };

  async function creditOf(number: string, options: { prepayment?: number; orderStatus?: number }) {
    const who = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, who.customer.id, number);
    const made = await createInstallmentOrder(ctx.db, {
      customerId: who.customer.id,
      cardId: card.id,
      total: 3_000_000,
      ...options,
    });
    return { ...who, card, ...made };
  }

  /** A full-price order paid with the card whose answer is lost: 'checking', its receipt paid. */
  async function checkingPayment() {
    const { res, paymentId } = await payNewFullOrder(ctx, CARDS.lostAnswer, 210_000);
    expect(res.json().data.state).toBe('checking');
    return paymentOf(paymentId);
  }

  describe('settling', () => {
    it('names the order and the credit in the receipt of a credit payment', async () => {
      const ann = await creditOf(CARDS.approved, { orderStatus: 4 });
      const create = vi.spyOn(ctx.app.cardGateway, 'createReceipt');
      const res = await payRequest(ctx.app, ann.headers, `/api/credits/payment/${ann.credit.id}`, {
        body: { card_id: ann.card.id, amount: ann.installments[0]!.amount },
      });
      expect(res.json().data.state).toBe('paid');
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({
          description: `Bozor order ${ann.order.id}, credit ${ann.credit.id}`,
        }),
      );
      // the receipt's state is kept with the payment, as the gateway last gave it
      expect(await paymentOf(res.json().data.payment_id)).toMatchObject({
        state: 'paid',
        receiptState: 'paid',
      });
    });

    it('tells the customer the credit is paid off when a card payment closes it, and only then', async () => {
      const ben = await creditOf(CARDS.approved, { orderStatus: 4 });
      const pay = (amount: number) =>
        payRequest(ctx.app, ben.headers, `/api/credits/payment/${ben.credit.id}`, {
          body: { card_id: ben.card.id, amount },
        });
      expect((await pay(ben.installments[0]!.amount)).json().data.state).toBe('paid');
      expect(await noticesOf(ben.customer.id)).toEqual(['payment_paid']);
      const { remaining } = await balanceOf(ctx.db, ben.credit.id);
      expect((await pay(remaining)).json().data.state).toBe('paid');
      expect(await noticesOf(ben.customer.id)).toEqual([
        'payment_paid',
        'payment_paid',
        'credit_closed',
      ]);
      const [credit] = await ctx.db.select().from(credits).where(eq(credits.id, ben.credit.id));
      expect(credit!.status).toBe('closed');
    });

    it('refunds a prepayment that comes for a credit cancelled while it was on its way', async () => {
      const cat = await creditOf(PROCESSING, { prepayment: 600_000, orderStatus: 1 });
      const res = await payRequest(
        ctx.app,
        cat.headers,
        `/api/credits/first-payment/${cat.credit.id}/${cat.card.id}`,
      );
      expect(res.json().data).toMatchObject({ state: 'checking', amount: 600_000 });
      // the order still waits for its prepayment, but its credit was cancelled meanwhile
      await ctx.db
        .update(credits)
        .set({ status: 'cancelled' })
        .where(eq(credits.id, cat.credit.id));
      sandbox.pass();
      const settled = await recheckAfter(res.json().data.payment_id, 10_000);
      expect(settled.state).toBe('refunded');
      expect(await noticesOf(cat.customer.id)).toEqual(['payment_returned']);
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, cat.order.id));
      expect(order!.status).toBe(1);
      const moves = await ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, cat.order.id));
      expect(moves.map((m) => [m.kind, m.amount, m.creditId])).toEqual([
        ['prepayment', 600_000, null],
        ['refund', 600_000, null],
      ]);
    });

    it('keeps the receipt paid on money to refund while the gateway has not refunded it', async () => {
      const cid = await creditOf(PROCESSING, { prepayment: 500_000, orderStatus: 1 });
      const res = await payRequest(
        ctx.app,
        cid.headers,
        `/api/credits/first-payment/${cid.credit.id}/${cid.card.id}`,
      );
      expect(res.json().data.state).toBe('checking');
      await ctx.db
        .update(credits)
        .set({ status: 'cancelled' })
        .where(eq(credits.id, cid.credit.id));
      sandbox.pass();
      vi.spyOn(ctx.app.cardGateway, 'cancelReceipt').mockRejectedValue(new Error('time-out'));
      const settled = await recheckAfter(res.json().data.payment_id, 10_000);
      expect(settled).toMatchObject({ state: 'refunding', receiptState: 'paid' });
    });

    it('takes a prepayment for its order while the credit is payable', async () => {
      const dan = await creditOf(CARDS.approved, { prepayment: 400_000, orderStatus: 1 });
      const res = await payRequest(
        ctx.app,
        dan.headers,
        `/api/credits/first-payment/${dan.credit.id}/${dan.card.id}`,
      );
      expect(res.json().data).toMatchObject({ state: 'paid', amount: 400_000 });
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, dan.order.id));
      expect(order!.status).toBe(2);
    });

    it('takes no full payment for an order that is not a new order bought outright', async () => {
      const eve = await createCustomerSession(ctx.db, { isScoring: true });
      const card = await bindCard(ctx.app, eve.customer.id, CARDS.approved);
      const cancelled = await createFullOrder(ctx.db, {
        customerId: eve.customer.id,
        cardId: card.id,
        status: -1,
      });
      const credit = await createInstallmentOrder(ctx.db, {
        customerId: eve.customer.id,
        cardId: card.id,
        prepayment: 300_000,
        orderStatus: 1,
      });
      for (const orderId of [cancelled.id, credit.order.id]) {
        const res = await payRequest(
          ctx.app,
          eve.headers,
          `/api/orders/payment/${orderId}/${card.id}`,
        );
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('NOTHING_TO_PAY');
      }
      const taken = await ctx.db
        .select()
        .from(payments)
        .where(eq(payments.customerId, eve.customer.id));
      expect(taken).toEqual([]);
    });
  });

  describe('re-checking', () => {
    it('waits two minutes for a receipt that was never stored, then fails the payment', async () => {
      const young = await checkingPayment();
      const old = await checkingPayment();
      await ctx.db.update(payments).set({ receiptId: null }).where(eq(payments.id, young.id));
      await ctx.db.update(payments).set({ receiptId: null }).where(eq(payments.id, old.id));
      const check = vi.spyOn(ctx.app.cardGateway, 'checkReceipt');
      expect((await recheckAfter(young.id, NO_RECEIPT_WINDOW_MS - 1)).state).toBe('checking');
      expect(await recheckAfter(old.id, NO_RECEIPT_WINDOW_MS)).toMatchObject({
        state: 'failed',
        declineCode: 'GATEWAY_UNAVAILABLE',
      });
      expect(check).not.toHaveBeenCalled();
    });

    it('leaves an unpaid receipt younger than five minutes alone, and cancels one that old', async () => {
      const young = await checkingPayment();
      const old = await checkingPayment();
      vi.spyOn(ctx.app.cardGateway, 'checkReceipt').mockResolvedValue('created');
      const cancel = vi.spyOn(ctx.app.cardGateway, 'cancelReceipt').mockResolvedValue('cancelled');
      expect((await recheckAfter(young.id, UNPAID_RECEIPT_WINDOW_MS - 1)).state).toBe('checking');
      expect(cancel).not.toHaveBeenCalled();
      expect((await recheckAfter(old.id, UNPAID_RECEIPT_WINDOW_MS)).state).toBe('failed');
      expect(cancel).toHaveBeenCalledWith(old.receiptId);
    });

    it('hands to a person a receipt the gateway reports paid as the shop cancels it', async () => {
      const payment = await checkingPayment();
      vi.spyOn(ctx.app.cardGateway, 'checkReceipt').mockResolvedValue('created');
      vi.spyOn(ctx.app.cardGateway, 'cancelReceipt').mockResolvedValue('cancelling');
      expect(await recheckAfter(payment.id, UNPAID_RECEIPT_WINDOW_MS + MINUTE)).toMatchObject({
        state: 'needs_attention',
        attentionKind: 'paid_cancelled',
        attentionReason: `receipt ${payment.receiptId} was paid and cancelled`,
      });
    });

    it('hands a payment with no outcome to a person at thirty minutes, saying how long and why', async () => {
      const young = await checkingPayment();
      const silent = await checkingPayment();
      const paying = await checkingPayment();
      const check = vi
        .spyOn(ctx.app.cardGateway, 'checkReceipt')
        .mockRejectedValue(new Error('time-out'));
      expect((await recheckAfter(young.id, CHECK_STUCK_MS - 1)).state).toBe('checking');
      expect(await recheckAfter(silent.id, CHECK_STUCK_MS)).toMatchObject({
        state: 'needs_attention',
        attentionKind: 'check_stuck',
        attentionReason: 'no outcome after 30 minutes: the gateway did not answer: Error: time-out',
      });
      check.mockResolvedValue('paying');
      expect(await recheckAfter(paying.id, CHECK_STUCK_MS + 15 * MINUTE + 59_999)).toMatchObject({
        state: 'needs_attention',
        attentionKind: 'check_stuck',
        attentionReason: `no outcome after 45 minutes: receipt ${paying.receiptId} is paying`,
      });
    });

    it('tells a person once: a payment handed over as slow is asked about again without a new hand-over', async () => {
      const payment = await checkingPayment();
      await ctx.db
        .update(payments)
        .set({ state: 'needs_attention', attentionKind: 'check_stuck', attentionReason: 'slow' })
        .where(eq(payments.id, payment.id));
      const check = vi.spyOn(ctx.app.cardGateway, 'checkReceipt').mockResolvedValue('paying');
      const error = vi.spyOn(ctx.app.log, 'error');
      expect(await recheckAfter(payment.id, CHECK_STUCK_MS + 10 * MINUTE)).toMatchObject({
        state: 'needs_attention',
        attentionKind: 'check_stuck',
        attentionReason: 'slow',
      });
      expect(check).toHaveBeenCalledOnce();
      expect(error).not.toHaveBeenCalled();
    });

    it('settles a payment handed over as slow once, when another asker settles it first', async () => {
      const payment = await checkingPayment();
      await ctx.db
        .update(payments)
        .set({ state: 'needs_attention', attentionKind: 'check_stuck', attentionReason: 'slow' })
        .where(eq(payments.id, payment.id));
      const later = CHECK_STUCK_MS + 10 * MINUTE;
      const check = vi.spyOn(ctx.app.cardGateway, 'checkReceipt');
      // while this asker waits for the gateway, another one (a few seconds later) settles it
      check.mockImplementationOnce(async () => {
        check.mockResolvedValue('paid');
        expect((await recheckAfter(payment.id, later + 10_000)).state).toBe('paid');
        return 'paid';
      });
      expect((await recheckAfter(payment.id, later)).state).toBe('paid');
      expect(await paymentOf(payment.id)).toMatchObject({ state: 'paid', refundKey: null });
      const moves = await ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, payment.orderId));
      expect(moves.map((m) => [m.kind, m.amount])).toEqual([['debit', 210_000]]);
      expect(await noticesOf(payment.customerId)).toEqual(['payment_paid']);
    });

    it('asks nothing when the payment it was given was handed to a person since', async () => {
      const payment = await checkingPayment();
      await ctx.db
        .update(payments)
        .set({ state: 'needs_attention', attentionKind: 'settle_failed', attentionReason: 'x' })
        .where(eq(payments.id, payment.id));
      const check = vi.spyOn(ctx.app.cardGateway, 'checkReceipt');
      // the row as an earlier read left it: still checking
      const row = await recheckPayment(
        paymentDepsOf(ctx, new Date(payment.createdAt.getTime() + 10 * MINUTE)),
        payment,
      );
      expect(row).toMatchObject({ state: 'needs_attention', attentionKind: 'settle_failed' });
      expect(check).not.toHaveBeenCalled();
    });

    it('asks nothing about a payment handed to a person for another reason than its outcome', async () => {
      const payment = await checkingPayment();
      await ctx.db
        .update(payments)
        .set({ state: 'needs_attention', attentionKind: 'settle_failed', attentionReason: 'x' })
        .where(eq(payments.id, payment.id));
      const check = vi.spyOn(ctx.app.cardGateway, 'checkReceipt');
      const row = await recheckAfter(payment.id, 10 * MINUTE);
      expect(row).toMatchObject({ state: 'needs_attention', attentionKind: 'settle_failed' });
      expect(check).not.toHaveBeenCalled();
      expect(await paymentOf(payment.id)).toMatchObject({ checkedAt: payment.checkedAt });
    });
  });
});
