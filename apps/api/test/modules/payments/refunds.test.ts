import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  creditInstallments,
  ledgerEntries,
  orders,
  payments,
  returnRequests,
} from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { balanceOf, recordMovement } from '../../../src/modules/ledger/repository.ts';
import { finishRefund, recordRefund } from '../../../src/modules/payments/refunds.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { paymentDepsOf } from '../../helpers/payment-deps.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { payRequest } from './fixtures.ts';

const MINUTE = 60_000;

describe('refunds of money paid on a credit', () => {
  const ctx = useTestApp();
  const deps = (now = new Date()) => paymentDepsOf(ctx, now);

  /**
   * What the credit's schedule says was paid, checked against the ledger's paid on the credit
   * (`balanceOf`): the two agree, the money is on the installments oldest first, and an
   * installment is settled exactly when it is fully paid.
   */
  async function paidOnSchedule(creditId: number): Promise<number> {
    const schedule = await ctx.db
      .select()
      .from(creditInstallments)
      .where(eq(creditInstallments.creditId, creditId))
      .orderBy(asc(creditInstallments.number));
    for (const row of schedule) {
      expect(row.paidAt !== null, `paid_at of installment ${row.number}`).toBe(
        row.paid === row.amount + row.penalty,
      );
    }
    const open = schedule.findIndex((row) => row.paid < row.amount + row.penalty);
    if (open >= 0) {
      expect(
        schedule.slice(open + 1).map((row) => row.paid),
        'after the first open one',
      ).toEqual(schedule.slice(open + 1).map(() => 0));
    }
    const paid = schedule.reduce((sum, row) => sum + row.paid, 0);
    expect(paid, 'the schedule against the ledger').toBe((await balanceOf(ctx.db, creditId)).paid);
    return paid;
  }

  const paymentOf = async (id: number) =>
    (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  /** A new installment order (its prepayment not paid yet) of a customer with a card. */
  async function newCredit(prepayment = 0) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id);
    const made = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      total: 3_000_000,
      prepayment,
      orderStatus: prepayment > 0 ? 1 : 2,
    });
    const payByCard = async (amount: number) => {
      const res = await payRequest(
        ctx.app,
        session.headers,
        `/api/credits/payment/${made.credit.id}`,
        {
          body: { card_id: card.id, amount },
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.state).toBe('paid');
      return res.json().data.payment_id as number;
    };
    return { ...session, ...made, card, payByCard };
  }

  it('takes every refund of a returned credit off its schedule, so the schedule always says what the ledger says', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const { credit, order, installments, headers, card, payByCard } = await newCredit(600_000);
    const [first, second] = installments;
    const upfront = await payRequest(
      ctx.app,
      headers,
      `/api/credits/first-payment/${credit.id}/${card.id}`,
    );
    expect(upfront.statusCode, upfront.body).toBe(200);
    const prepaymentId = upfront.json().data.payment_id as number;
    // the prepayment is the order's money: not on the schedule, nor on the credit's ledger
    expect(await paidOnSchedule(credit.id)).toBe(0);

    const cardOne = await payByCard(first!.amount + 50_000);
    const cash = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/credits/${credit.id}/cash-payments`,
      headers: { ...as(officer), 'idempotency-key': randomUUID() },
      payload: { amount: 200_000, receipt_number: `R-${randomUUID().slice(0, 8)}` },
    });
    expect(cash.statusCode, cash.body).toBe(200);
    const cashId = cash.json().data.payment_id as number;
    const cardTwo = await payByCard(30_000);
    expect(await paidOnSchedule(credit.id)).toBe(first!.amount + 280_000);
    const [onSecond] = await ctx.db
      .select()
      .from(creditInstallments)
      .where(eq(creditInstallments.id, second!.id));
    expect(onSecond!.paid).toBe(280_000);

    await ctx.db
      .update(orders)
      .set({ status: 4, deliveredAt: new Date() })
      .where(eq(orders.id, order.id));
    const asked = await payRequest(ctx.app, headers, `/api/orders/return/${order.id}`);
    expect(asked.statusCode, asked.body).toBe(200);
    const [request] = await ctx.db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id));
    // the gateway does not answer now: every card refund is left for later, one at a time
    const down = vi
      .spyOn(ctx.app.cardGateway, 'cancelReceipt')
      .mockRejectedValue(new Error('the gateway is out of reach'));
    try {
      const accepted = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${request!.id}/accept`,
        headers: as(operator),
        payload: {},
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    } finally {
      down.mockRestore();
    }
    for (const id of [prepaymentId, cardOne, cardTwo]) {
      expect((await paymentOf(id)).state).toBe('refunding');
    }
    expect(await paymentOf(cashId)).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'cash_return',
    });
    // owed back, not given back yet: the schedule keeps the money the ledger keeps
    expect(await paidOnSchedule(credit.id)).toBe(first!.amount + 280_000);

    const later = new Date(Date.now() + MINUTE);
    expect((await finishRefund(deps(later), cardTwo)).state).toBe('refunded');
    expect(await paidOnSchedule(credit.id)).toBe(first!.amount + 250_000);
    expect((await finishRefund(deps(later), prepaymentId)).state).toBe('refunded');
    expect(await paidOnSchedule(credit.id)).toBe(first!.amount + 250_000);
    // more than the newest installment holds: the older one is no longer fully paid
    expect((await finishRefund(deps(later), cardOne)).state).toBe('refunded');
    expect(await paidOnSchedule(credit.id)).toBe(200_000);

    const returned = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${cashId}/resolve`,
      headers: as(officer),
      payload: { action: 'cash_returned', note: 'Handed back at the Chilonzor branch' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data).toMatchObject({ id: cashId, state: 'refunded' });
    expect(await paidOnSchedule(credit.id)).toBe(0);
    const schedule = await ctx.db
      .select()
      .from(creditInstallments)
      .where(eq(creditInstallments.creditId, credit.id));
    expect(schedule.every((row) => row.paid === 0 && row.paidAt === null)).toBe(true);

    const onCredit = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.creditId, credit.id))
      .orderBy(asc(ledgerEntries.id));
    expect(onCredit.map((e) => [e.kind, e.amount])).toEqual([
      ['debit', first!.amount + 50_000],
      ['debit', 200_000],
      ['debit', 30_000],
      ['refund', 30_000],
      ['refund', first!.amount + 50_000],
      ['refund', 200_000],
    ]);
    const onOrder = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), isNull(ledgerEntries.creditId)))
      .orderBy(asc(ledgerEntries.id));
    expect(onOrder.map((e) => [e.kind, e.amount])).toEqual([
      ['prepayment', 600_000],
      ['refund', 600_000],
    ]);
  });

  it('takes a refund off the schedule once, however often it is recorded', async () => {
    const { credit, payByCard } = await newCredit();
    const refunded = await paymentOf(await payByCard(100_000));
    await payByCard(150_000);
    expect(await paidOnSchedule(credit.id)).toBe(250_000);
    for (let i = 0; i < 2; i += 1) {
      await inTransaction(ctx.db, (tx) => recordRefund(tx, refunded, new Date(), null));
    }
    expect(await paidOnSchedule(credit.id)).toBe(150_000);
  });

  it('refuses to record a refund of money the schedule never held, and records none of it', async () => {
    const { credit, customer, order, card } = await newCredit();
    // a debit on the credit's ledger that never reached its installments
    const [stray] = await ctx.db
      .insert(payments)
      .values({
        customerId: customer.id,
        orderId: order.id,
        creditId: credit.id,
        cardId: card.id,
        purpose: 'installment',
        amount: 70_000,
        gatewayKey: `stray:${randomUUID()}`,
        state: 'paid',
      })
      .returning();
    await inTransaction(ctx.db, (tx) =>
      recordMovement(tx, {
        customerId: customer.id,
        orderId: order.id,
        creditId: credit.id,
        kind: 'debit',
        amount: 70_000,
        idempotencyKey: stray!.gatewayKey,
      }),
    );
    await expect(
      inTransaction(ctx.db, (tx) => recordRefund(tx, stray!, new Date(), null)),
    ).rejects.toThrow(RangeError);
    const refunds = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.creditId, credit.id), eq(ledgerEntries.kind, 'refund')));
    expect(refunds).toEqual([]);
    expect((await paymentOf(stray!.id)).state).toBe('paid');
  });
});
