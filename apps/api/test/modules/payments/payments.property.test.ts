import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { creditInstallments, credits } from '../../../src/db/schema/index.ts';
import { AppError } from '../../../src/lib/errors.ts';
import { balanceOf } from '../../../src/modules/ledger/repository.ts';
import { endOrder } from '../../../src/modules/orders/ending.ts';
import { resolveAttention } from '../../../src/modules/payments/attention.ts';
import { payCreditInCash } from '../../../src/modules/payments/cash.ts';
import type { PaymentDeps } from '../../../src/modules/payments/debit.ts';
import { finishRefund } from '../../../src/modules/payments/refunds.ts';
import { payCredit } from '../../../src/modules/payments/service.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { signedInStaff } from '../../helpers/staff.ts';
import { CARDS } from './fixtures.ts';

/** One step of a customer paying a credit: a share of what remains, above it, or a declined card. */
const Step = fc.oneof(
  fc.record({ kind: fc.constant('share' as const), permille: fc.integer({ min: 1, max: 1_000 }) }),
  fc.record({ kind: fc.constant('over' as const), extra: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({
    kind: fc.constant('declined' as const),
    permille: fc.integer({ min: 1, max: 1_000 }),
  }),
);

/**
 * A payment on a credit before its order ends, by card or in cash at a branch (a share of what
 * remains), and its turn among the refunds finished after the end.
 */
const Paid = fc.record({
  method: fc.constantFrom('card' as const, 'cash' as const),
  permille: fc.integer({ min: 1, max: 400 }),
  turn: fc.nat(),
});

describe('credit payments, whatever their order', () => {
  const ctx = useTestApp();
  const deps = (now?: Date): PaymentDeps => ({
    db: ctx.db,
    gateway: ctx.app.cardGateway,
    sms: ctx.app.sms,
    log: ctx.app.log,
    ...(now ? { now: () => now } : {}),
  });

  /** What the schedule says was paid on the credit, which is what its ledger says. */
  async function paidInStep(creditId: number): Promise<number> {
    const schedule = await ctx.db
      .select()
      .from(creditInstallments)
      .where(eq(creditInstallments.creditId, creditId));
    for (const row of schedule) {
      expect(row.paidAt !== null).toBe(row.paid === row.amount + row.penalty);
    }
    const paid = schedule.reduce((sum, row) => sum + row.paid, 0);
    expect(paid).toBe((await balanceOf(ctx.db, creditId)).paid);
    return paid;
  }

  it('record exactly the money paid, keep the schedule in step with the ledger, and close at zero', {
    timeout: 120_000,
  }, async () => {
    const { customer } = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, customer.id, CARDS.approved);
    const poor = await bindCard(ctx.app, customer.id, CARDS.insufficientFunds);
    await fc.assert(
      fc.asyncProperty(
        fc.array(Step, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 1_000, max: 50_000 }),
        async (steps, months, thousands) => {
          const { credit } = await createInstallmentOrder(ctx.db, {
            customerId: customer.id,
            cardId: card.id,
            total: thousands * 1_000,
            months,
          });
          let paidSoFar = 0;
          for (const step of steps) {
            const { remaining } = await balanceOf(ctx.db, credit.id);
            if (remaining === 0) break;
            const amount =
              step.kind === 'over'
                ? remaining + step.extra
                : Math.max(1, Math.floor((remaining * step.permille) / 1_000));
            const pay = payCredit(deps(), {
              customerId: customer.id,
              cardId: step.kind === 'declined' ? poor.id : card.id,
              creditId: credit.id,
              amount,
              lang: 'uz',
              gatewayKey: randomUUID(),
            });
            if (step.kind === 'over') {
              await expect(pay).rejects.toBeInstanceOf(AppError);
            } else {
              const { payment } = await pay;
              expect(payment.state).toBe(step.kind === 'declined' ? 'failed' : 'paid');
              if (step.kind === 'share') paidSoFar += amount;
            }
            // what went through, no more and no less, and what is left is the rest of the total
            const balance = await balanceOf(ctx.db, credit.id);
            expect(balance.paid).toBe(paidSoFar);
            expect(balance.remaining).toBe(credit.total - paidSoFar);
            const schedule = await ctx.db
              .select()
              .from(creditInstallments)
              .where(eq(creditInstallments.creditId, credit.id));
            expect(schedule.reduce((sum, row) => sum + row.paid, 0)).toBe(balance.paid);
            const [row] = await ctx.db.select().from(credits).where(eq(credits.id, credit.id));
            expect(row?.status).toBe(balance.remaining === 0 ? 'closed' : 'active');
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('keep the schedule in step with the ledger through a cancel or return and each refund, in any order', {
    timeout: 120_000,
  }, async () => {
    const { customer } = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, customer.id, CARDS.approved);
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const actor = { staffId: officer.staffId, ip: null };
    await fc.assert(
      fc.asyncProperty(
        fc.array(Paid, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('cancel' as const, 'return' as const),
        async (paid, kind) => {
          const { order, credit } = await createInstallmentOrder(ctx.db, {
            customerId: customer.id,
            cardId: card.id,
            total: 2_000_000,
            orderStatus: kind === 'cancel' ? 2 : 4,
          });
          const made: { id: number; method: 'card' | 'cash'; turn: number }[] = [];
          for (const p of paid) {
            const { remaining } = await balanceOf(ctx.db, credit.id);
            const amount = Math.max(1, Math.floor((remaining * p.permille) / 1_000));
            const id =
              p.method === 'card'
                ? (
                    await payCredit(deps(), {
                      customerId: customer.id,
                      cardId: card.id,
                      creditId: credit.id,
                      amount,
                      lang: 'uz',
                      gatewayKey: randomUUID(),
                    })
                  ).payment.id
                : (
                    await payCreditInCash(
                      deps(),
                      {
                        creditId: credit.id,
                        amount,
                        receiptNumber: `P-${randomUUID().slice(0, 8).toUpperCase()}`,
                        key: randomUUID(),
                        lang: 'uz',
                      },
                      actor,
                    )
                  ).payment_id;
            made.push({ id, method: p.method, turn: p.turn });
          }
          const before = await paidInStep(credit.id);
          // the gateway out of reach as the order ends: each card refund is finished later
          const down = vi
            .spyOn(ctx.app.cardGateway, 'cancelReceipt')
            .mockRejectedValue(new Error('the gateway is out of reach'));
          try {
            await endOrder(deps(), customer.id, order.id, kind, 'uz');
          } finally {
            down.mockRestore();
          }
          expect(await paidInStep(credit.id)).toBe(before);
          const later = new Date(Date.now() + 60_000);
          for (const p of [...made].sort((a, b) => a.turn - b.turn)) {
            const after =
              p.method === 'card'
                ? await finishRefund(deps(later), p.id)
                : await resolveAttention(
                    deps(),
                    p.id,
                    { action: 'cash_returned', note: 'handed back at a branch' },
                    actor,
                  );
            expect(after.state).toBe('refunded');
            await paidInStep(credit.id);
          }
          expect(await paidInStep(credit.id)).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });
});
