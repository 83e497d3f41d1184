import { tashkentDay } from '@bozor/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  ledgerEntries,
  payments,
  sandboxReceipts,
} from '../../../src/db/schema/index.ts';
import { reconcileDay } from '../../../src/modules/payments/reconciliation.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard } from '../../helpers/checkout.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { CARDS, createFullOrder, payRequest } from './fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const REFUND_REFUSED = '8600999999999998';

/**
 * The daily reconciliation compares what happened on a day on both sides, whenever the receipt
 * was made (DESIGN §6a): each kind of disagreement is found, each waits for a person, and a
 * person's resolution survives a second run of the day.
 */
describe('reconciliation by event', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ cardGateway: sandbox.gateway });
  const deps = () => ({ db: ctx.db, gateway: ctx.app.cardGateway, log: ctx.app.log });
  const today = () => tashkentDay(new Date());

  /** A customer who paid an order in full; answers the payment row. */
  async function paidOrder(number: string = CARDS.approved, total = 410_000) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id, number);
    const order = await createFullOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      total,
    });
    await payRequest(ctx.app, session.headers, `/api/orders/payment/${order.id}/${card.id}`);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
    return { ...session, order, payment: payment! };
  }

  /** Moves a payment and its receipt `days` into the past, as if paid then. */
  async function paidDaysAgo(payment: typeof payments.$inferSelect, days: number) {
    const then = new Date(Date.now() - days * DAY_MS);
    await ctx.db
      .update(payments)
      .set({ createdAt: then, updatedAt: then })
      .where(eq(payments.id, payment.id));
    await ctx.db
      .update(sandboxReceipts)
      .set({ createdAt: then, paidAt: then })
      .where(eq(sandboxReceipts.id, payment.receiptId!));
  }

  /** The shop records a refund today that the gateway never made. */
  async function refundedInTheShopOnly(payment: typeof payments.$inferSelect) {
    const now = new Date();
    await ctx.db
      .update(payments)
      .set({ state: 'refunded', refundedAt: now, updatedAt: now })
      .where(eq(payments.id, payment.id));
    await ctx.db.insert(ledgerEntries).values({
      customerId: payment.customerId,
      orderId: payment.orderId,
      kind: 'refund',
      amount: payment.amount,
      idempotencyKey: `refund:${payment.gatewayKey}`,
    });
  }

  const kindsFor = async (paymentId: number) =>
    (await reconcileDay(deps(), today())).mismatches
      .filter((m) => m.paymentId === paymentId)
      .map((m) => m.kind);

  it('finds a refund made at the gateway weeks after the payment, on the day it was made', async () => {
    const { payment } = await paidOrder();
    await paidDaysAgo(payment, 20);
    expect(await kindsFor(payment.id)).toEqual([]);
    await ctx.db
      .update(sandboxReceipts)
      .set({ state: 'cancelled', cancelledAt: new Date() })
      .where(eq(sandboxReceipts.id, payment.receiptId!));
    expect(await kindsFor(payment.id)).toEqual(['refund_not_recorded']);
  });

  it('finds a refund recorded by the shop but never made at the gateway', async () => {
    const { payment } = await paidOrder();
    await paidDaysAgo(payment, 20);
    await refundedInTheShopOnly(payment);
    expect(await kindsFor(payment.id)).toEqual(['refund_not_at_gateway']);
  });

  it('finds a refund recorded but not made whose receipt is older than the window', async () => {
    const { payment } = await paidOrder();
    await paidDaysAgo(payment, 90);
    await refundedInTheShopOnly(payment);
    expect(await kindsFor(payment.id)).toEqual(['refund_not_at_gateway']);
  });

  it('finds a paid payment whose receipt was never paid', async () => {
    const { payment } = await paidOrder();
    await ctx.db
      .update(sandboxReceipts)
      .set({ state: 'created', paidAt: null })
      .where(eq(sandboxReceipts.id, payment.receiptId!));
    expect(await kindsFor(payment.id)).toEqual(['payment_without_receipt']);
  });

  it('finds a receipt for another amount than its payment', async () => {
    const { payment } = await paidOrder();
    await ctx.db
      .update(sandboxReceipts)
      .set({ amount: payment.amount + 1_000 })
      .where(eq(sandboxReceipts.id, payment.receiptId!));
    expect(await kindsFor(payment.id)).toEqual(['amount_differs']);
  });

  it('finds a payment still checking, and money the gateway holds that the shop has not settled', async () => {
    const lost = await paidOrder(CARDS.lostAnswer);
    expect(lost.payment.state).toBe('checking');
    expect(await kindsFor(lost.payment.id)).toEqual(['payment_not_settled']);

    const refused = await paidOrder(REFUND_REFUSED);
    await payRequest(ctx.app, refused.headers, `/api/orders/cancel/${refused.order.id}`);
    const [refunding] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, refused.payment.id));
    expect(refunding?.state).toBe('refunding');
    expect(await kindsFor(refused.payment.id)).toEqual(['money_unsettled']);
  });

  it('finds money taken for a failed payment, and a settled payment missing from the ledger', async () => {
    const declined = await paidOrder(CARDS.insufficientFunds);
    expect(declined.payment.state).toBe('failed');
    await ctx.db
      .update(sandboxReceipts)
      .set({ state: 'paid', paidAt: new Date() })
      .where(eq(sandboxReceipts.id, declined.payment.receiptId!));
    expect(await kindsFor(declined.payment.id)).toEqual(['receipt_without_payment']);

    const { payment } = await paidOrder();
    await ctx.db
      .delete(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.customerId, payment.customerId),
          eq(ledgerEntries.idempotencyKey, payment.gatewayKey),
        ),
      );
    expect(await kindsFor(payment.id)).toEqual(['ledger_missing']);
  });

  it('keeps every mismatch open for a person until closed, and a closed one closed when the day is run again', async () => {
    const { payment } = await paidOrder();
    await ctx.db
      .update(sandboxReceipts)
      .set({ amount: payment.amount + 5 })
      .where(eq(sandboxReceipts.id, payment.receiptId!));
    const report = await reconcileDay(deps(), today());
    const mismatch = report.mismatches.find((m) => m.paymentId === payment.id)!;

    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const open = await ctx.app.inject({
      url: '/api/admin/reconciliation/open',
      headers: as(officer),
    });
    expect(open.statusCode).toBe(200);
    expect(open.json().data).toContainEqual(
      expect.objectContaining({ id: mismatch.id, day: today(), kind: 'amount_differs' }),
    );
    const dash = await ctx.app.inject({ url: '/api/admin/dashboard', headers: as(officer) });
    expect(dash.json().data.mismatches_open).toBeGreaterThan(0);

    const close = (note: string, who = officer) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/reconciliation/mismatches/${mismatch.id}/resolve`,
        headers: as(who),
        payload: { note },
      });
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    expect((await close('looked at it', viewer)).statusCode).toBe(403);
    expect((await close('  ')).statusCode).toBe(400);
    const closed = await close('Payme corrected the receipt; difference is their fee');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      id: mismatch.id,
      resolution_note: 'Payme corrected the receipt; difference is their fee',
      resolved_at: expect.any(String),
    });
    expect((await close('again')).statusCode).toBe(409);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'reconciliation.resolve'),
          eq(auditLog.objectId, String(mismatch.id)),
        ),
      );
    expect(audit).toMatchObject({ staffId: officer.staffId });

    const again = await reconcileDay(deps(), today());
    const found = again.mismatches.find((m) => m.paymentId === payment.id);
    expect(found).toMatchObject({
      kind: 'amount_differs',
      resolutionNote: 'Payme corrected the receipt; difference is their fee',
    });
    const stillOpen = await ctx.app.inject({
      url: '/api/admin/reconciliation/open',
      headers: as(officer),
    });
    expect(stillOpen.json().data.map((m: { payment_id: number }) => m.payment_id)).not.toContain(
      payment.id,
    );
  });
});
