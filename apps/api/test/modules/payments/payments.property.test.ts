import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditInstallments, credits } from '../../../src/db/schema/index.ts';
import { AppError } from '../../../src/lib/errors.ts';
import { balanceOf } from '../../../src/modules/ledger/repository.ts';
import type { PaymentDeps } from '../../../src/modules/payments/debit.ts';
import { payCredit } from '../../../src/modules/payments/service.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
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

describe('credit payments, whatever their order', () => {
  const ctx = useTestApp();
  const deps = (): PaymentDeps => ({
    db: ctx.db,
    gateway: ctx.app.cardGateway,
    sms: ctx.app.sms,
    log: ctx.app.log,
  });

  it('keep paid + remaining = total, the schedule in step with the ledger, and close at zero', async () => {
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
            }
            const balance = await balanceOf(ctx.db, credit.id);
            expect(balance.paid + balance.remaining).toBe(balance.total);
            expect(balance.total).toBe(credit.total);
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
});
