import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  creditInstallments,
  credits,
  ledgerEntries,
  notifications,
  orders,
  payments,
} from '../../../src/db/schema/index.ts';
import { balanceOf } from '../../../src/modules/ledger/repository.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { itRaces } from '../../helpers/database.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { CARDS, chargesOf, createFullOrder, payRequest } from './fixtures.ts';

describe('payments', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ cardGateway: sandbox.gateway });

  async function customerWithCard(number: string = CARDS.approved) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id, number);
    return { ...session, card };
  }

  const orderRow = async (id: number) =>
    (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const creditRow = async (id: number) =>
    (await ctx.db.select().from(credits).where(eq(credits.id, id)))[0]!;
  const ledgerOfOrder = (orderId: number) =>
    ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
  const charged = (prefix: string) => chargesOf(ctx.app, prefix);
  const scheduleOf = (creditId: number) =>
    ctx.db
      .select()
      .from(creditInstallments)
      .where(eq(creditInstallments.creditId, creditId))
      .orderBy(creditInstallments.number);

  describe('POST /api/orders/payment/:id/:cardId', () => {
    it('pays a new order in full: paid, a debit in the ledger, the order confirmed, a notice', async () => {
      const alice = await customerWithCard();
      const order = await createFullOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        total: 2_500_000,
      });
      const res = await payRequest(
        ctx.app,
        alice.headers,
        `/api/orders/payment/${order.id}/${alice.card.id}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: "To'lov qabul qilindi",
        data: {
          payment_id: expect.any(Number),
          state: 'paid',
          amount: 2_500_000,
          order_id: order.id,
          credit_id: null,
          decline: null,
        },
      });
      expect(await orderRow(order.id)).toMatchObject({ status: 2, paidAt: expect.any(Date) });
      expect(await ledgerOfOrder(order.id)).toEqual([
        expect.objectContaining({ kind: 'debit', amount: 2_500_000, creditId: null }),
      ]);
      const notices = await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.customerId, alice.customer.id));
      expect(notices).toEqual([
        expect.objectContaining({
          kind: 'payment_paid',
          textRu: expect.stringContaining('2 500 000'),
        }),
      ]);
    });

    it('answers 409 NOTHING_TO_PAY once the order is paid', async () => {
      const alice = await customerWithCard();
      const order = await createFullOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const url = `/api/orders/payment/${order.id}/${alice.card.id}`;
      expect((await payRequest(ctx.app, alice.headers, url)).statusCode).toBe(200);
      const again = await payRequest(ctx.app, alice.headers, url);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('NOTHING_TO_PAY');
    });

    it('refuses the insufficient-funds card with 422 and its reason: nothing paid, nothing in the ledger', async () => {
      const alice = await customerWithCard(CARDS.insufficientFunds);
      const order = await createFullOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const res = await payRequest(
        ctx.app,
        alice.headers,
        `/api/orders/payment/${order.id}/${alice.card.id}`,
        { lang: 'ru' },
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'INSUFFICIENT_FUNDS',
        message: 'Недостаточно средств на карте. Пополните карту или выберите другую',
      });
      expect(await orderRow(order.id)).toMatchObject({ status: 1, paidAt: null });
      expect(await ledgerOfOrder(order.id)).toEqual([]);
      const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment).toMatchObject({ state: 'failed', declineCode: 'INSUFFICIENT_FUNDS' });
    });

    it('answers a repeat of a declined payment’s key with the same refusal, and says a lost answer is being checked', async () => {
      const alice = await customerWithCard(CARDS.insufficientFunds);
      const order = await createFullOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const key = randomUUID();
      const url = `/api/orders/payment/${order.id}/${alice.card.id}`;
      const first = await payRequest(ctx.app, alice.headers, url, { key, lang: 'ru' });
      const again = await payRequest(ctx.app, alice.headers, url, { key, lang: 'ru' });
      for (const res of [first, again]) {
        expect(res.statusCode).toBe(422);
        expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
      }
      expect(
        await ctx.db.select().from(payments).where(eq(payments.orderId, order.id)),
      ).toHaveLength(1);

      const bob = await customerWithCard(CARDS.lostAnswer);
      const lost = await createFullOrder(ctx.db, {
        customerId: bob.customer.id,
        cardId: bob.card.id,
      });
      const checking = await payRequest(
        ctx.app,
        bob.headers,
        `/api/orders/payment/${lost.id}/${bob.card.id}`,
        { lang: 'ru' },
      );
      expect(checking.statusCode).toBe(200);
      expect(checking.json().message).toBe(
        'Платёж проверяется. Результат будет известен через несколько минут',
      );
    });

    it("answers 404 for another customer's order or card", async () => {
      const alice = await customerWithCard();
      const bob = await customerWithCard();
      const order = await createFullOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const theirs = await payRequest(
        ctx.app,
        bob.headers,
        `/api/orders/payment/${order.id}/${bob.card.id}`,
      );
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().code).toBe('ORDER_NOT_FOUND');
      const card = await payRequest(
        ctx.app,
        alice.headers,
        `/api/orders/payment/${order.id}/${bob.card.id}`,
      );
      expect(card.statusCode).toBe(404);
      expect(card.json().code).toBe('CARD_NOT_FOUND');
      expect((await orderRow(order.id)).status).toBe(1);
    });

    it('requires an Idempotency-Key, and a repeat with the same key charges once', async () => {
      const alice = await customerWithCard();
      const order = await createFullOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const url = `/api/orders/payment/${order.id}/${alice.card.id}`;
      const bare = await ctx.app.inject({ method: 'POST', url, headers: alice.headers });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
      const key = randomUUID();
      const first = await payRequest(ctx.app, alice.headers, url, { key });
      const again = await payRequest(ctx.app, alice.headers, url, { key });
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await charged(`${alice.customer.id}:`)).toHaveLength(1);
      expect(await ledgerOfOrder(order.id)).toHaveLength(1);
    });

    it('leaves a lost answer checking, and GET /api/payments/:id settles it with one charge', async () => {
      const alice = await customerWithCard(CARDS.lostAnswer);
      const order = await createFullOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        total: 900_000,
      });
      const res = await payRequest(
        ctx.app,
        alice.headers,
        `/api/orders/payment/${order.id}/${alice.card.id}`,
      );
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({ state: 'checking', amount: 900_000 });
      expect(await orderRow(order.id)).toMatchObject({ status: 1 });
      expect(await ledgerOfOrder(order.id)).toEqual([]);
      expect(await charged(`${alice.customer.id}:`)).toHaveLength(1);

      sandbox.pass();
      const checked = await ctx.app.inject({
        url: `/api/payments/${data.payment_id}`,
        headers: alice.headers,
      });
      expect(checked.statusCode).toBe(200);
      expect(checked.json().data).toEqual({ ...data, state: 'paid' });
      expect(await orderRow(order.id)).toMatchObject({ status: 2 });
      expect(await ledgerOfOrder(order.id)).toHaveLength(1);
      const again = await ctx.app.inject({
        url: `/api/payments/${data.payment_id}`,
        headers: alice.headers,
      });
      expect(again.json().data.state).toBe('paid');
      expect(await charged(`${alice.customer.id}:`)).toHaveLength(1);
      expect(await ledgerOfOrder(order.id)).toHaveLength(1);
    });

    itRaces('charges once when the same order is paid twice at once', async () => {
      const alice = await customerWithCard();
      const order = await createFullOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const url = `/api/orders/payment/${order.id}/${alice.card.id}`;
      const key = randomUUID();
      const answers = await Promise.all([
        payRequest(ctx.app, alice.headers, url),
        payRequest(ctx.app, alice.headers, url),
        payRequest(ctx.app, alice.headers, url, { key }),
        payRequest(ctx.app, alice.headers, url, { key }),
      ]);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      for (const answer of answers) {
        if (answer.statusCode === 200) expect(answer.json().data.state).toBe('paid');
        else {
          expect(answer.statusCode).toBe(409);
          expect(['PAYMENT_IN_PROGRESS', 'NOTHING_TO_PAY', 'IDEMPOTENCY_KEY_IN_USE']).toContain(
            answer.json().code,
          );
        }
      }
      expect(await charged(`${alice.customer.id}:`)).toHaveLength(1);
      expect(await ledgerOfOrder(order.id)).toHaveLength(1);
    });
  });

  describe('POST /api/credits/first-payment/:id/:cardId', () => {
    it('pays the prepayment of a signed credit: ledger prepayment outside the credit, order confirmed', async () => {
      const alice = await customerWithCard();
      const { order, credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        total: 3_000_000,
        prepayment: 600_000,
        orderStatus: 1,
      });
      const before = await balanceOf(ctx.db, credit.id);
      const res = await payRequest(
        ctx.app,
        alice.headers,
        `/api/credits/first-payment/${credit.id}/${alice.card.id}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        state: 'paid',
        amount: 600_000,
        order_id: order.id,
        credit_id: credit.id,
      });
      expect(await orderRow(order.id)).toMatchObject({ status: 2, paidAt: expect.any(Date) });
      expect(await ledgerOfOrder(order.id)).toEqual([
        expect.objectContaining({ kind: 'prepayment', amount: 600_000, creditId: null }),
      ]);
      expect(await balanceOf(ctx.db, credit.id)).toEqual(before);
      const again = await payRequest(
        ctx.app,
        alice.headers,
        `/api/credits/first-payment/${credit.id}/${alice.card.id}`,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('NOTHING_TO_PAY');
    });

    it('answers 409 CONTRACT_NOT_SIGNED before signing, and NOTHING_TO_PAY without a prepayment', async () => {
      const alice = await customerWithCard();
      const unsigned = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        prepayment: 500_000,
        orderStatus: 1,
        creditStatus: 'not_signed',
      });
      const res = await payRequest(
        ctx.app,
        alice.headers,
        `/api/credits/first-payment/${unsigned.credit.id}/${alice.card.id}`,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONTRACT_NOT_SIGNED');
      const free = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const none = await payRequest(
        ctx.app,
        alice.headers,
        `/api/credits/first-payment/${free.credit.id}/${alice.card.id}`,
      );
      expect(none.statusCode).toBe(409);
      expect(none.json().code).toBe('NOTHING_TO_PAY');
    });

    it("answers 404 for another customer's credit", async () => {
      const alice = await customerWithCard();
      const bob = await customerWithCard();
      const { credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        prepayment: 500_000,
        orderStatus: 1,
      });
      const res = await payRequest(
        ctx.app,
        bob.headers,
        `/api/credits/first-payment/${credit.id}/${bob.card.id}`,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CREDIT_NOT_FOUND');
    });
  });

  describe('POST /api/credits/payment/:id', () => {
    const payCredit = (
      who: { headers: Record<string, string> },
      creditId: number,
      body: object,
      options: { key?: string; lang?: 'uz' | 'ru' } = {},
    ) => payRequest(ctx.app, who.headers, `/api/credits/payment/${creditId}`, { ...options, body });

    it('pays the first installment: ledger debit on the credit, the installment settled', async () => {
      const alice = await customerWithCard();
      const { credit, installments } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const first = installments[0]!;
      const res = await payCredit(alice, credit.id, {
        card_id: alice.card.id,
        amount: first.amount,
      });
      expect(res.statusCode).toBe(200);
      const payment = res.json().data;
      expect(payment).toMatchObject({ state: 'paid', amount: first.amount, credit_id: credit.id });
      const [row] = await ctx.db.select().from(payments).where(eq(payments.id, payment.payment_id));
      expect(row?.purpose).toBe('installment');
      const schedule = await scheduleOf(credit.id);
      expect(schedule[0]).toMatchObject({ paid: first.amount, paidAt: expect.any(Date) });
      expect(schedule[1]).toMatchObject({ paid: 0, paidAt: null });
      expect(await balanceOf(ctx.db, credit.id)).toEqual({
        paid: first.amount,
        remaining: credit.total - first.amount,
        total: credit.total,
      });
    });

    it('puts a payment on the installments oldest first, part of one left open', async () => {
      const alice = await customerWithCard();
      const { credit, installments } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const amount = installments[0]!.amount + 1_000;
      await payCredit(alice, credit.id, { card_id: alice.card.id, amount });
      const schedule = await scheduleOf(credit.id);
      expect(schedule.map((r) => r.paid)).toEqual([installments[0]!.amount, 1_000, 0, 0, 0, 0]);
      expect(schedule[1]?.paidAt).toBeNull();
    });

    it('closes the credit on an early repayment of the whole rest, and completes a delivered order', async () => {
      const alice = await customerWithCard();
      const { order, credit, installments } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        orderStatus: 4,
      });
      await payCredit(alice, credit.id, {
        card_id: alice.card.id,
        amount: installments[0]!.amount,
      });
      const rest = credit.total - installments[0]!.amount;
      const res = await payCredit(alice, credit.id, { card_id: alice.card.id, amount: rest });
      expect(res.statusCode).toBe(200);
      const [row] = await ctx.db
        .select()
        .from(payments)
        .where(eq(payments.id, res.json().data.payment_id));
      expect(row?.purpose).toBe('early');
      expect(await creditRow(credit.id)).toMatchObject({
        status: 'closed',
        closedAt: expect.any(Date),
      });
      expect((await orderRow(order.id)).status).toBe(5);
      expect(await balanceOf(ctx.db, credit.id)).toEqual({
        paid: credit.total,
        remaining: 0,
        total: credit.total,
      });
      const after = await payCredit(alice, credit.id, { card_id: alice.card.id, amount: 100 });
      expect(after.statusCode).toBe(409);
      expect(after.json().code).toBe('NOTHING_TO_PAY');
    });

    it('makes an overdue credit active again once nothing is overdue', async () => {
      const alice = await customerWithCard();
      const { credit, installments } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        creditStatus: 'overdue',
      });
      await ctx.db
        .update(creditInstallments)
        .set({ overdueAt: new Date() })
        .where(eq(creditInstallments.id, installments[0]!.id));
      const res = await payCredit(alice, credit.id, {
        card_id: alice.card.id,
        amount: installments[0]!.amount,
      });
      expect(res.statusCode).toBe(200);
      expect((await creditRow(credit.id)).status).toBe('active');
    });

    it('refuses an amount above the debt, zero or negative with a 400 field error', async () => {
      const alice = await customerWithCard();
      const { credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const above = await payCredit(
        alice,
        credit.id,
        { card_id: alice.card.id, amount: credit.total + 1 },
        { lang: 'ru' },
      );
      expect(above.statusCode).toBe(400);
      expect(above.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { amount: ['Сумма не может быть больше задолженности'] },
      });
      for (const amount of [0, -100, 1.5]) {
        const res = await payCredit(alice, credit.id, { card_id: alice.card.id, amount });
        expect(res.statusCode, String(amount)).toBe(400);
        expect(res.json().errors).toHaveProperty('amount');
      }
      expect(await ctx.db.select().from(payments).where(eq(payments.creditId, credit.id))).toEqual(
        [],
      );
    });

    it("answers 404 for another customer's credit or card, and 409 for an unsigned credit", async () => {
      const alice = await customerWithCard();
      const bob = await customerWithCard();
      const { credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const theirs = await payCredit(bob, credit.id, { card_id: bob.card.id, amount: 100_000 });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().code).toBe('CREDIT_NOT_FOUND');
      const card = await payCredit(alice, credit.id, { card_id: bob.card.id, amount: 100_000 });
      expect(card.statusCode).toBe(404);
      expect(card.json().code).toBe('CARD_NOT_FOUND');
      const unsigned = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        orderStatus: 1,
        creditStatus: 'not_signed',
      });
      const early = await payCredit(alice, unsigned.credit.id, {
        card_id: alice.card.id,
        amount: 100_000,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('CONTRACT_NOT_SIGNED');
    });

    it('refuses the insufficient-funds card with 422: no ledger row, the schedule untouched', async () => {
      const alice = await customerWithCard(CARDS.insufficientFunds);
      const { credit, installments } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const res = await payCredit(alice, credit.id, {
        card_id: alice.card.id,
        amount: installments[0]!.amount,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
      expect(
        await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.creditId, credit.id)),
      ).toEqual([]);
      expect((await scheduleOf(credit.id)).every((r) => r.paid === 0)).toBe(true);
    });

    it('refuses a second payment while the first is checking, and settles it on GET', async () => {
      const alice = await customerWithCard(CARDS.lostAnswer);
      const { credit, installments } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const amount = installments[0]!.amount;
      const first = await payCredit(alice, credit.id, { card_id: alice.card.id, amount });
      expect(first.json().data.state).toBe('checking');
      const second = await payCredit(alice, credit.id, { card_id: alice.card.id, amount });
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('PAYMENT_IN_PROGRESS');
      sandbox.pass();
      const checked = await ctx.app.inject({
        url: `/api/payments/${first.json().data.payment_id}`,
        headers: alice.headers,
      });
      expect(checked.json().data.state).toBe('paid');
      expect((await scheduleOf(credit.id))[0]?.paid).toBe(amount);
      expect(await charged(`${alice.customer.id}:`)).toHaveLength(1);
    });

    itRaces('charges once when the rest of a credit is paid off twice at once', async () => {
      const alice = await customerWithCard();
      const { credit } = await createInstallmentOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      // the whole rest: a second payment, whichever key it carries, has nothing left to pay
      const { remaining } = await balanceOf(ctx.db, credit.id);
      const body = { card_id: alice.card.id, amount: remaining };
      const key = randomUUID();
      const answers = await Promise.all([
        payCredit(alice, credit.id, body),
        payCredit(alice, credit.id, body),
        payCredit(alice, credit.id, body, { key }),
        payCredit(alice, credit.id, body, { key }),
      ]);
      const paid = new Set(
        answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.payment_id),
      );
      expect(paid.size).toBe(1);
      for (const answer of answers.filter((a) => a.statusCode !== 200)) {
        expect([400, 409]).toContain(answer.statusCode);
      }
      expect(await charged(`${alice.customer.id}:`)).toHaveLength(1);
      const entries = await ctx.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.creditId, credit.id), eq(ledgerEntries.kind, 'debit')));
      expect(entries.map((e) => e.amount)).toEqual([remaining]);
      expect(await balanceOf(ctx.db, credit.id)).toMatchObject({ remaining: 0 });
    });
  });

  describe('GET /api/payments/:id', () => {
    it("answers 404 for another customer's payment", async () => {
      const alice = await customerWithCard();
      const bob = await customerWithCard();
      const order = await createFullOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
      });
      const res = await payRequest(
        ctx.app,
        alice.headers,
        `/api/orders/payment/${order.id}/${alice.card.id}`,
      );
      const id = res.json().data.payment_id;
      const theirs = await ctx.app.inject({ url: `/api/payments/${id}`, headers: bob.headers });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().code).toBe('PAYMENT_NOT_FOUND');
      const mine = await ctx.app.inject({ url: `/api/payments/${id}`, headers: alice.headers });
      expect(mine.json().data).toEqual(res.json().data);
    });

    it('fails a payment that never got its receipt, says why in the caller language, and charges nothing', async () => {
      const alice = await customerWithCard(CARDS.approved);
      const order = await createFullOrder(ctx.db, {
        customerId: alice.customer.id,
        cardId: alice.card.id,
        total: 800_000,
      });
      // its process stopped before the gateway answered receipts.create
      const key = `${alice.customer.id}:lost:${randomUUID()}`;
      const [payment] = await ctx.db
        .insert(payments)
        .values({
          customerId: alice.customer.id,
          orderId: order.id,
          cardId: alice.card.id,
          purpose: 'full',
          amount: 800_000,
          gatewayKey: key,
          state: 'checking',
        })
        .returning();
      const url = `/api/payments/${payment!.id}`;
      const young = await ctx.app.inject({ url, headers: { ...alice.headers, lang: 'ru' } });
      expect(young.json().data.state).toBe('checking');

      await ctx.db
        .update(payments)
        .set({ createdAt: new Date(Date.now() - 3 * 60_000), checkedAt: null })
        .where(eq(payments.id, payment!.id));
      const checked = await ctx.app.inject({ url, headers: { ...alice.headers, lang: 'ru' } });
      expect(checked.statusCode).toBe(200);
      expect(checked.json().data).toEqual({
        payment_id: payment!.id,
        state: 'failed',
        amount: 800_000,
        order_id: order.id,
        credit_id: null,
        decline: 'Платёжный сервис временно недоступен. Попробуйте позже',
      });
      const uz = await ctx.app.inject({ url, headers: { ...alice.headers, lang: 'uz' } });
      expect(uz.json().data.decline).toBe(
        "To'lov xizmati vaqtincha ishlamayapti. Birozdan keyin urinib ko'ring",
      );
      expect(await orderRow(order.id)).toMatchObject({ status: 1, paidAt: null });
      expect(await charged(key)).toEqual([]);
    });
  });
});
