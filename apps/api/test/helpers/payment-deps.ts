import type { PaymentDeps } from '../../src/modules/payments/debit.ts';
import type { TestContext } from './app.ts';

/** What the money workflows need, from a test's app, on a clock fixed at `now`. */
export function paymentDepsOf(ctx: TestContext, now = new Date()): PaymentDeps {
  return {
    db: ctx.db,
    gateway: ctx.app.cardGateway,
    sms: ctx.app.sms,
    log: ctx.app.log,
    now: () => now,
  };
}
