import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import {
  credits,
  ledgerEntries,
  notifications,
  orders,
  payments,
} from '../../../src/db/schema/index.ts';
import { balanceOf } from '../../../src/modules/ledger/repository.ts';
import { runAutopay } from '../../../src/modules/payments/autopay.ts';
import { type PaymentDeps, recheckPayment } from '../../../src/modules/payments/debit.ts';
import { finishRefund } from '../../../src/modules/payments/refunds.ts';
import { CardDecline } from '../../../src/providers/payments/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { CARDS, chargesOf, createFullOrder, payRequest } from './fixtures.ts';

/** Its receipt is processed for 10 s of the sandbox's clock: the payment stays checking. */
const PROCESSING = '8600888888888885';
/** Placed on 10 January: the first installment is due on 10 February 2027. */
const PLACED_AT = new Date('2027-01-10T06:00:00Z');

/**
 * Guards that only a race or a person reaches, each driven here on purpose so that a test fails
 * when the guard is gone (DESIGN §6a "tests prove the guards").
 */
describe('money guards', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ cardGateway: sandbox.gateway });
  const deps = (db: Database = ctx.db): PaymentDeps => ({
    db,
    gateway: ctx.app.cardGateway,
    sms: ctx.app.sms,
    log: ctx.app.log,
  });
  const paymentOf = async (id: number) =>
    (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const noticesOf = async (customerId: number) =>
    (await ctx.db.select().from(notifications).where(eq(notifications.customerId, customerId))).map(
      (n) => n.kind,
    );

  async function creditOf(
    number: string,
    options: { prepayment?: number; orderStatus?: number } = {},
  ) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id, number);
    const made = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      total: 3_000_000,
      placedAt: PLACED_AT,
      ...options,
    });
    return { ...session, card, ...made };
  }

  /** A credit payment of the first installment whose receipt is still being processed. */
  async function checkingCreditPayment() {
    const who = await creditOf(PROCESSING, { orderStatus: 4 });
    const res = await payRequest(ctx.app, who.headers, `/api/credits/payment/${who.credit.id}`, {
      body: { card_id: who.card.id, amount: who.installments[0]!.amount },
    });
    expect(res.json().data.state).toBe('checking');
    return { ...who, paymentId: res.json().data.payment_id as number };
  }

  it("autopay leaves the installments alone until the order's prepayment is paid", async () => {
    const ann = await creditOf(CARDS.approved, { prepayment: 500_000, orderStatus: 1 });
    const report = await runAutopay(
      { ...deps(), rules: { graceDays: 3, penaltyPercent: 1 } },
      '2027-02-10',
      new Date('2027-02-10T05:00:00Z'),
    );
    expect(report.paid).toBe(0);
    expect(await chargesOf(ctx.app, `autopay:${ann.installments[0]!.id}:`)).toEqual([]);
  });

  it('autopay takes nothing from a credit that ended between its list and its debit', async () => {
    // the other tests' credits are not due: the first transaction autopay opens is ben's debit
    await ctx.db.update(credits).set({ status: 'closed' });
    const ben = await creditOf(CARDS.approved, { orderStatus: 4 });
    // the credit ends (a return accepted) just before autopay's debit takes its locks
    let ended = false;
    const racing = new Proxy(ctx.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction' && !ended) {
          ended = true;
          return async (...args: Parameters<Database['transaction']>) => {
            await target
              .update(credits)
              .set({ status: 'closed' })
              .where(eq(credits.id, ben.credit.id));
            return target.transaction(...args);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    await runAutopay(
      { ...deps(racing), rules: { graceDays: 3, penaltyPercent: 1 } },
      '2027-02-10',
      new Date('2027-02-10T05:00:00Z'),
    );
    expect(ended).toBe(true);
    expect(await chargesOf(ctx.app, `autopay:${ben.installments[0]!.id}:`)).toEqual([]);
  });

  it('takes no cash while a card payment of the credit is on its way', async () => {
    const cat = await checkingCreditPayment();
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const cash = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/credits/${cat.credit.id}/cash-payments`,
      headers: { ...as(officer), 'idempotency-key': randomUUID() },
      payload: { amount: 100_000, receipt_number: `K-${randomUUID().slice(0, 8).toUpperCase()}` },
    });
    expect(cash.statusCode).toBe(409);
    expect(cash.json().code).toBe('PAYMENT_IN_PROGRESS');
    sandbox.pass();
    expect((await recheckPayment(deps(), await paymentOf(cat.paymentId))).state).toBe('paid');
  });

  it('refunds card money that comes for more than the credit still owes, instead of failing to record it', async () => {
    const dan = await checkingCreditPayment();
    const { remaining } = await balanceOf(ctx.db, dan.credit.id);
    // meanwhile the rest but a little was recorded paid by another way
    await ctx.db.insert(ledgerEntries).values({
      customerId: dan.customer.id,
      creditId: dan.credit.id,
      orderId: dan.order.id,
      kind: 'debit',
      amount: remaining - 1_000,
      idempotencyKey: `elsewhere:${dan.credit.id}`,
    });
    sandbox.pass();
    const settled = await recheckPayment(deps(), await paymentOf(dan.paymentId));
    expect(settled.state).toBe('refunded');
    expect(await noticesOf(dan.customer.id)).toContain('payment_returned');
    const moves = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, settled.gatewayKey));
    expect(moves).toEqual([expect.objectContaining({ kind: 'debit', creditId: null })]);
  });

  it('refunds card money that comes for a credit that ended while it was on its way', async () => {
    const eve = await checkingCreditPayment();
    await ctx.db.update(credits).set({ status: 'closed' }).where(eq(credits.id, eve.credit.id));
    sandbox.pass();
    const settled = await recheckPayment(deps(), await paymentOf(eve.paymentId));
    expect(settled.state).toBe('refunded');
    expect((await balanceOf(ctx.db, eve.credit.id)).paid).toBe(0);
    expect(await noticesOf(eve.customer.id)).toContain('payment_returned');
  });

  it('finishes a refund whose cancel another process made first, without counting a refusal', async () => {
    const fay = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, fay.customer.id, CARDS.approved);
    const order = await createFullOrder(ctx.db, { customerId: fay.customer.id, cardId: card.id });
    const paid = await payRequest(
      ctx.app,
      fay.headers,
      `/api/orders/payment/${order.id}/${card.id}`,
    );
    const id = paid.json().data.payment_id as number;
    await ctx.db.update(orders).set({ status: -2 }).where(eq(orders.id, order.id));
    await ctx.db
      .update(payments)
      .set({
        state: 'refunding',
        refundKey: `refund:${(await paymentOf(id)).gatewayKey}`,
        refundStartedAt: new Date(),
      })
      .where(eq(payments.id, id));
    // the other process's cancel lands first: ours is refused for a receipt already cancelled
    const gateway = ctx.app.cardGateway;
    const cancel = gateway.cancelReceipt.bind(gateway);
    const spy = vi.spyOn(gateway, 'cancelReceipt').mockImplementation(async (receiptId) => {
      await cancel(receiptId);
      throw new CardDecline('RECEIPT_REFUSED', 'the receipt is cancelled already');
    });
    try {
      const row = await finishRefund(deps(), id);
      expect(row).toMatchObject({ state: 'refunded', refundAttempts: 0 });
    } finally {
      spy.mockRestore();
    }
  });
});
