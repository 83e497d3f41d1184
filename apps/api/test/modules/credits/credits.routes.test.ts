import { addDays, tashkentDay } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditInstallments, credits } from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { recordMovement } from '../../../src/modules/ledger/repository.ts';
import { creditLimit } from '../../../src/modules/scoring/service.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { approveScoring, bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { payRequest } from '../payments/fixtures.ts';

describe('credits', () => {
  const ctx = useTestApp();

  async function customerWithCard() {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id);
    return { ...session, card };
  }

  /** Pays `amount` into the ledger and onto the installments given, as payments would have. */
  async function markPaid(
    customerId: number,
    creditId: number,
    paid: { id: number; paid: number; settled: boolean }[],
  ) {
    const amount = paid.reduce((sum, p) => sum + p.paid, 0);
    await inTransaction(ctx.db, async (tx) => {
      await recordMovement(tx, { customerId, creditId, kind: 'debit', amount });
      for (const p of paid) {
        await tx
          .update(creditInstallments)
          .set({ paid: p.paid, paidAt: p.settled ? new Date() : null })
          .where(eq(creditInstallments.id, p.id));
      }
    });
  }

  describe('PUT /api/credits/:id/card', () => {
    const change = (s: { headers: Record<string, string> }, id: number, cardId: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/credits/${id}/card`,
        headers: { ...s.headers, lang: 'ru' },
        payload: { card_id: cardId },
      });

    it("moves autopay to another of the customer's cards, and frees the old one", async () => {
      const alice = await customerWithCard();
      const humo = await bindCard(ctx.app, alice.customer.id, '9860111111111113');
      const { credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const res = await change(alice, credit.id, humo.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Карта автоплатежа изменена');
      expect(res.json().data.card).toMatchObject({ id: humo.id, type: 'humo' });
      const [row] = await ctx.db.select().from(credits).where(eq(credits.id, credit.id));
      expect(row!.cardId).toBe(humo.id);
      // the old card pays for nothing now, so it may go
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/cards/${alice.card.id}`,
        headers: alice.headers,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
    });

    it("answers 404 for another customer's credit or card, 409 for a closed credit, 400 for a bad id", async () => {
      const [alice, bob] = [await customerWithCard(), await customerWithCard()];
      const { credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      expect((await change(bob, credit.id, bob.card.id)).statusCode).toBe(404);
      expect((await change(alice, credit.id, bob.card.id)).statusCode).toBe(404);
      const bad = await change(alice, credit.id, 'x');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('card_id');
      await ctx.db.update(credits).set({ status: 'closed' }).where(eq(credits.id, credit.id));
      const closed = await change(alice, credit.id, alice.card.id);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe('CREDIT_NOT_OPEN');
    });
    it('moves autopay of a credit not signed yet, which will debit it once signed', async () => {
      const alice = await customerWithCard();
      const humo = await bindCard(ctx.app, alice.customer.id, '9860111111111113');
      const { credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        creditStatus: 'not_signed',
        orderStatus: 1,
      });
      const res = await change(alice, credit.id, humo.id);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await ctx.db.select().from(credits).where(eq(credits.id, credit.id));
      expect(row!.cardId).toBe(humo.id);
    });
  });

  describe('GET /api/credits/:id', () => {
    it('shows the schedule with each installment paid, overdue, due, partly paid or upcoming', async () => {
      const alice = await customerWithCard();
      const { credit, installments, order } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        total: 3_000_000,
        months: 6,
        markupPercent: 24,
      });
      const today = tashkentDay(new Date());
      const offsets = [-40, -10, -1, 20, 50, 80];
      for (const [i, row] of installments.entries()) {
        await ctx.db
          .update(creditInstallments)
          .set({ dueDate: addDays(today, offsets[i]!) })
          .where(eq(creditInstallments.id, row.id));
      }
      const monthly = installments[0]!.amount;
      await markPaid(alice.customer.id, credit.id, [
        { id: installments[0]!.id, paid: monthly, settled: true },
        { id: installments[3]!.id, paid: 100_000, settled: false },
      ]);

      const res = await ctx.app.inject({
        url: `/api/credits/${credit.id}`,
        headers: { ...alice.headers, lang: 'ru' },
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        id: credit.id,
        code: expect.stringMatching(/^BZ-\d{4}-\d{6}$/),
        order_id: order.id,
        status: 'active',
        status_name: 'Активна',
        months: 6,
        monthly_payment: credit.monthlyPayment,
        total: credit.total,
        paid: monthly + 100_000,
        debt_summa: credit.total - monthly - 100_000,
        need_payed_price: 2 * monthly,
        next_due_date: addDays(today, -10),
        next_payment: monthly,
        financed: 3_000_000,
        markup_percent: 24,
        card: { id: alice.card.id, card_number: '8600********1110', type: 'uzcard' },
        payments: [],
        items: [expect.objectContaining({ price: 3_000_000, count: 1 })],
        prepayment_due: 0,
      });
      expect(data.schedule.map((r: { state: string }) => r.state)).toEqual([
        'paid',
        'overdue',
        'due',
        'partly_paid',
        'upcoming',
        'upcoming',
      ]);
      expect(data.schedule[0]).toMatchObject({ paid: monthly, paid_at: expect.any(String) });
    });

    it('lists its payments, a failed one with the reason in the customer language', async () => {
      const alice = await customerWithCard();
      const poor = await bindCard(ctx.app, alice.customer.id, '8600333333333336');
      const { credit, installments } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const amount = installments[0]!.amount;
      const url = `/api/credits/payment/${credit.id}`;
      await payRequest(ctx.app, alice.headers, url, { body: { card_id: poor.id, amount } });
      await payRequest(ctx.app, alice.headers, url, { body: { card_id: alice.card.id, amount } });
      const res = await ctx.app.inject({
        url: `/api/credits/${credit.id}`,
        headers: { ...alice.headers, lang: 'uz' },
      });
      expect(res.json().data.payments).toEqual([
        expect.objectContaining({
          purpose: 'installment',
          state: 'paid',
          amount,
          card_number: '8600********1110',
          decline: null,
        }),
        expect.objectContaining({
          state: 'failed',
          card_number: '8600********3336',
          decline: expect.stringContaining("mablag' yetarli emas"),
        }),
      ]);
    });

    it('tells the prepayment still to be paid until the first payment takes it', async () => {
      const alice = await customerWithCard();
      const { credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        prepayment: 600_000,
        orderStatus: 1,
      });
      const read = async () =>
        (await ctx.app.inject({ url: `/api/credits/${credit.id}`, headers: alice.headers })).json()
          .data.prepayment_due;
      expect(await read()).toBe(600_000);
      const paid = await payRequest(
        ctx.app,
        alice.headers,
        `/api/credits/first-payment/${credit.id}/${alice.card.id}`,
      );
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await read()).toBe(0);

      const none = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        orderStatus: 1,
        creditStatus: 'not_signed',
      });
      const free = await ctx.app.inject({
        url: `/api/credits/${none.credit.id}`,
        headers: alice.headers,
      });
      expect(free.json().data.prepayment_due).toBe(0);
    });

    it("answers 404 for another customer's credit", async () => {
      const alice = await customerWithCard();
      const bob = await customerWithCard();
      const { credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const res = await ctx.app.inject({ url: `/api/credits/${credit.id}`, headers: bob.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CREDIT_NOT_FOUND');
    });
  });

  describe('GET /api/credits', () => {
    it("lists the customer's own credits newest first, paged, with status names", async () => {
      const alice = await customerWithCard();
      const bob = await customerWithCard();
      const older = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        placedAt: new Date(Date.now() - 40 * 24 * 3600 * 1000),
        creditStatus: 'closed',
      });
      const newer = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        creditStatus: 'not_signed',
        orderStatus: 1,
      });
      await createInstallmentOrder(ctx.db, { customerId: bob.customer.id, cardId: bob.card.id });

      const first = await ctx.app.inject({
        url: '/api/credits?page=1&per_page=1',
        headers: alice.headers,
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        data: [
          expect.objectContaining({
            id: newer.credit.id,
            status: 'not_signed',
            status_name: 'Shartnoma imzolanmagan',
            need_payed_price: 0,
            next_due_date: null,
          }),
        ],
        meta: { current_page: 1, last_page: 2, per_page: 1, total: 2 },
      });
      const second = await ctx.app.inject({
        url: '/api/credits?page=2&per_page=1',
        headers: { ...alice.headers, lang: 'ru' },
      });
      expect(second.json().data).toEqual([
        expect.objectContaining({
          id: older.credit.id,
          status: 'closed',
          status_name: 'Закрыта',
          debt_summa: 0,
        }),
      ]);
    });

    it('answers an empty page for a customer without credits, and 401 without a session', async () => {
      const carol = await createCustomerSession(ctx.db);
      const res = await ctx.app.inject({ url: '/api/credits', headers: carol.headers });
      expect(res.json()).toEqual({
        data: [],
        meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 },
      });
      expect((await ctx.app.inject({ url: '/api/credits' })).statusCode).toBe(401);
    });
  });

  describe('creditLimit()', () => {
    it('counts an overdue credit whole, and neither a closed nor a cancelled one', async () => {
      const bob = await customerWithCard();
      await approveScoring(ctx.db, bob.customer.id, 8_000_000);
      for (const [creditStatus, total] of [
        ['overdue', 2_500_000],
        ['closed', 1_000_000],
        ['cancelled', 1_500_000],
      ] as const) {
        await createInstallmentOrder(ctx.db, {
          customerId: bob.customer.id,
          cardId: bob.card.id,
          total,
          creditStatus,
        });
      }
      expect(await creditLimit(ctx.db, bob.customer.id)).toEqual({
        limit: 8_000_000,
        used: 2_500_000,
        available: 5_500_000,
      });
    });

    it('counts the principal still owed on credits not signed, active or overdue', async () => {
      const alice = await customerWithCard();
      await approveScoring(ctx.db, alice.customer.id, 10_000_000);
      const active = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        total: 3_000_000,
        markupPercent: 24,
      });
      await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        total: 1_000_000,
        creditStatus: 'not_signed',
        orderStatus: 1,
      });
      await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        total: 2_000_000,
        creditStatus: 'closed',
      });
      expect(await creditLimit(ctx.db, alice.customer.id)).toEqual({
        limit: 10_000_000,
        used: 4_000_000,
        available: 6_000_000,
      });

      const [credit] = await ctx.db.select().from(credits).where(eq(credits.id, active.credit.id));
      const [one, two] = active.installments;
      await markPaid(alice.customer.id, credit!.id, [
        { id: one!.id, paid: one!.amount, settled: true },
        { id: two!.id, paid: two!.amount, settled: true },
      ]);
      const remaining = credit!.total - one!.amount - two!.amount;
      const owed = Math.ceil((remaining * 3_000_000) / credit!.total);
      const inTx = await inTransaction(ctx.db, (tx) => creditLimit(tx, alice.customer.id));
      expect(inTx).toEqual({
        limit: 10_000_000,
        used: owed + 1_000_000,
        available: 10_000_000 - owed - 1_000_000,
      });
      const res = await ctx.app.inject({ url: '/api/clients/limit', headers: alice.headers });
      expect(res.json().data).toEqual(inTx);
    });
  });
});
