import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditInstallments } from '../../../src/db/schema/index.ts';
import { balanceOf } from '../../../src/modules/ledger/repository.ts';
import type { PaymentDeps } from '../../../src/modules/payments/debit.ts';
import { payCredit } from '../../../src/modules/payments/service.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { CARDS, payRequest } from './fixtures.ts';

const DAY_MS = 86_400_000;

describe('early repayment', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ cardGateway: sandbox.gateway });

  async function customerWithCard(number: string = CARDS.approved) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id, number);
    return { ...session, card };
  }

  const scheduleOf = (creditId: number) =>
    ctx.db
      .select()
      .from(creditInstallments)
      .where(eq(creditInstallments.creditId, creditId))
      .orderBy(creditInstallments.number);
  const owedOf = (row: { amount: number; penalty: number; paid: number }) =>
    row.amount + row.penalty - row.paid;

  /** 6 × 620,000 sum (3,000,000 at +24 %); the first installment due `daysAgo` days ago. */
  async function creditOf(who: Awaited<ReturnType<typeof customerWithCard>>, daysAgo?: number) {
    return createInstallmentOrder(ctx.db, {
      customerId: who.customer.id,
      cardId: who.card.id,
      total: 3_000_000,
      months: 6,
      markupPercent: 24,
      ...(daysAgo === undefined
        ? {}
        : { placedAt: new Date(Date.now() - (30 + daysAgo) * DAY_MS) }),
    });
  }

  const preview = (
    who: { headers: Record<string, string> },
    creditId: number,
    body: object,
    lang: 'uz' | 'ru' = 'uz',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/credits/${creditId}/early-repayment/preview`,
      headers: { ...who.headers, lang },
      payload: body,
    });

  const payCreditRoute = (
    who: { headers: Record<string, string> },
    creditId: number,
    body: object,
    lang: 'uz' | 'ru' = 'uz',
  ) => payRequest(ctx.app, who.headers, `/api/credits/payment/${creditId}`, { body, lang });

  describe('1.5 installments, nothing due yet', () => {
    it('shows a shorter term before paying, and the payment leaves the schedule as shown', async () => {
      const alice = await customerWithCard();
      const { credit } = await creditOf(alice);
      const shown = await preview(alice, credit.id, { amount: 930_000, mode: 'shorter_term' });
      expect(shown.statusCode).toBe(200);
      const { data } = shown.json();
      expect(data).toMatchObject({
        amount: 930_000,
        mode: 'shorter_term',
        due_part: 0,
        early_part: 930_000,
        debt_before: 3_720_000,
        debt_after: 2_790_000,
        installments_left_before: 6,
        installments_left_after: 5,
        next_payment: 620_000,
      });
      expect(data.schedule.map((r: { paid: number }) => r.paid)).toEqual([
        0, 0, 0, 0, 310_000, 620_000,
      ]);
      expect(data.last_due_date).toBe(data.schedule[4].due_date);
      // nothing was paid by looking
      expect((await balanceOf(ctx.db, credit.id)).paid).toBe(0);

      const paid = await payCreditRoute(alice, credit.id, {
        card_id: alice.card.id,
        amount: 930_000,
        mode: 'shorter_term',
      });
      expect(paid.statusCode).toBe(200);
      const schedule = await scheduleOf(credit.id);
      expect(schedule.map((r) => r.paid)).toEqual(
        data.schedule.map((r: { paid: number }) => r.paid),
      );
      expect(schedule.map((r) => r.amount)).toEqual(Array(6).fill(620_000));
      expect(schedule[5]?.paidAt).not.toBeNull();
      expect(schedule.reduce((sum, r) => sum + owedOf(r), 0)).toBe(
        (await balanceOf(ctx.db, credit.id)).remaining,
      );
    });

    it('shows smaller installments before paying, and the payment leaves the schedule as shown', async () => {
      const alice = await customerWithCard();
      const { credit } = await creditOf(alice);
      const shown = await preview(alice, credit.id, {
        amount: 930_000,
        mode: 'smaller_installments',
      });
      const { data } = shown.json();
      expect(data).toMatchObject({ installments_left_after: 6, next_payment: 465_000 });
      const paid = await payCreditRoute(alice, credit.id, {
        card_id: alice.card.id,
        amount: 930_000,
        mode: 'smaller_installments',
      });
      expect(paid.statusCode).toBe(200);
      const schedule = await scheduleOf(credit.id);
      expect(schedule.map(owedOf)).toEqual(Array(6).fill(465_000));
      expect(schedule.map((r) => r.paid)).toEqual(
        data.schedule.map((r: { paid: number }) => r.paid),
      );
    });
  });

  it('pays what is due first and puts only the surplus by the mode', async () => {
    const alice = await customerWithCard();
    const { credit } = await creditOf(alice, 10);
    const { data } = (
      await preview(alice, credit.id, { amount: 930_000, mode: 'smaller_installments' })
    ).json();
    expect(data).toMatchObject({ due_part: 620_000, early_part: 310_000 });
    await payCreditRoute(alice, credit.id, {
      card_id: alice.card.id,
      amount: 930_000,
      mode: 'smaller_installments',
    });
    const schedule = await scheduleOf(credit.id);
    expect(schedule.map(owedOf)).toEqual([0, 558_000, 558_000, 558_000, 558_000, 558_000]);
  });

  it('applies the chosen mode when the answer comes later', async () => {
    const bob = await customerWithCard(CARDS.lostAnswer);
    const { credit } = await creditOf(bob);
    const first = await payCreditRoute(bob, credit.id, {
      card_id: bob.card.id,
      amount: 930_000,
      mode: 'shorter_term',
    });
    expect(first.json().data.state).toBe('checking');
    expect((await scheduleOf(credit.id)).map((r) => r.paid)).toEqual(Array(6).fill(0));
    sandbox.pass();
    const checked = await ctx.app.inject({
      url: `/api/payments/${first.json().data.payment_id}`,
      headers: bob.headers,
    });
    expect(checked.json().data.state).toBe('paid');
    expect((await scheduleOf(credit.id)).map((r) => r.paid)).toEqual([
      0, 0, 0, 0, 310_000, 620_000,
    ]);
  });

  describe('refusals', () => {
    it('refuses a sum beyond what is due under one installment, in both languages', async () => {
      const alice = await customerWithCard();
      const { credit } = await creditOf(alice);
      const body = { card_id: alice.card.id, amount: 619_900, mode: 'shorter_term' };
      for (const [lang, text] of [
        [
          'uz',
          "Muddatidan oldin to'lov kamida bir oylik to'lov miqdorida yoki butun qoldiq bo'lishi kerak",
        ],
        ['ru', 'Досрочный платёж — не меньше одного ежемесячного платежа или весь остаток'],
      ] as const) {
        const pay = await payCreditRoute(alice, credit.id, body, lang);
        expect(pay.statusCode).toBe(400);
        expect(pay.json().errors).toEqual({ amount: [text] });
        const shown = await preview(alice, credit.id, { amount: 619_900 }, lang);
        expect(shown.statusCode).toBe(400);
        expect(shown.json().errors).toEqual({ amount: [text] });
      }
      expect((await balanceOf(ctx.db, credit.id)).paid).toBe(0);
    });

    it('takes less than one installment when it is what is due or the whole rest', async () => {
      const alice = await customerWithCard();
      const { credit } = await creditOf(alice, 10);
      const part = await payCreditRoute(alice, credit.id, {
        card_id: alice.card.id,
        amount: 100_000,
        mode: 'shorter_term',
      });
      expect(part.statusCode).toBe(200);
      expect((await scheduleOf(credit.id))[0]?.paid).toBe(100_000);
    });

    it('refuses more than the rest and an unknown mode', async () => {
      const alice = await customerWithCard();
      const { credit } = await creditOf(alice);
      const above = await preview(alice, credit.id, { amount: 3_720_001 }, 'ru');
      expect(above.statusCode).toBe(400);
      expect(above.json().errors).toEqual({ amount: ['Сумма не может быть больше задолженности'] });
      const mode = await payCreditRoute(alice, credit.id, {
        card_id: alice.card.id,
        amount: 930_000,
        mode: 'longer_term',
      });
      expect(mode.statusCode).toBe(400);
      expect(mode.json().errors).toHaveProperty('mode');
    });

    it("answers 404 for another customer's credit", async () => {
      const alice = await customerWithCard();
      const bob = await customerWithCard();
      const { credit } = await creditOf(alice);
      expect((await preview(bob, credit.id, { amount: 930_000 })).statusCode).toBe(404);
    });
  });

  it('keeps the schedule and the ledger agreeing whatever the sums and modes', {
    timeout: 120_000,
  }, async () => {
    const deps: PaymentDeps = {
      db: ctx.db,
      gateway: ctx.app.cardGateway,
      sms: ctx.app.sms,
      log: ctx.app.log,
    };
    const alice = await customerWithCard();
    const Payment = fc.record({
      share: fc.double({ min: 0, max: 1, noNaN: true }),
      mode: fc.constantFrom('shorter_term' as const, 'smaller_installments' as const),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(Payment, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 500, max: 20_000 }),
        fc.integer({ min: 0, max: 2 }),
        async (steps, months, thousands, monthsLate) => {
          const { credit } = await createInstallmentOrder(ctx.db, {
            customerId: alice.customer.id,
            cardId: alice.card.id,
            total: thousands * 1_000,
            months,
            placedAt: new Date(Date.now() - monthsLate * 31 * DAY_MS),
          });
          for (const { share, mode } of steps) {
            const before = await scheduleOf(credit.id);
            const { remaining } = await balanceOf(ctx.db, credit.id);
            if (remaining === 0) break;
            const least = Math.min(credit.monthlyPayment, remaining);
            const amount = least + Math.floor((remaining - least) * share);
            const { payment } = await payCredit(deps, {
              customerId: alice.customer.id,
              cardId: alice.card.id,
              creditId: credit.id,
              amount,
              mode,
              lang: 'uz',
              gatewayKey: randomUUID(),
            });
            expect(payment.state).toBe('paid');
            const after = await scheduleOf(credit.id);
            const balance = await balanceOf(ctx.db, credit.id);
            expect(after.reduce((sum, r) => sum + owedOf(r), 0)).toBe(balance.remaining);
            expect(after.reduce((sum, r) => sum + r.paid, 0)).toBe(balance.paid);
            for (const [i, row] of after.entries()) {
              const was = before[i]!;
              expect(owedOf(row)).toBeGreaterThanOrEqual(0);
              expect(row.amount).toBe(was.amount);
              if (owedOf(was) === 0) expect(row).toEqual(was);
            }
            const leftBefore = before.filter((r) => owedOf(r) > 0);
            const leftAfter = after.filter((r) => owedOf(r) > 0);
            if (balance.remaining === 0) {
              expect(leftAfter).toEqual([]);
              continue;
            }
            const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
            const laterBefore = leftBefore.filter((r) => r.dueDate > today);
            const laterAfter = leftAfter.filter((r) => r.dueDate > today);
            const due = leftBefore
              .filter((r) => r.dueDate <= today)
              .reduce((sum, r) => sum + owedOf(r), 0);
            if (amount <= due) continue;
            if (mode === 'shorter_term') {
              // the installments left keep their sums, but the last of them; fewer are left
              for (const row of laterAfter.slice(0, -1)) {
                expect(owedOf(row)).toBe(owedOf(before.find((r) => r.id === row.id)!));
              }
              if (amount - due >= owedOf(laterBefore.at(-1)!)) {
                expect(laterAfter.length).toBeLessThan(laterBefore.length);
              }
            } else if (balance.remaining >= 100 * laterBefore.length) {
              expect(laterAfter.length).toBe(laterBefore.length);
            }
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});
