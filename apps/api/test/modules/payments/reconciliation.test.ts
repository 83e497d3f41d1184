import { tashkentDay } from '@bozor/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, payments } from '../../../src/db/schema/index.ts';
import { reconcileDay } from '../../../src/modules/payments/reconciliation.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { CARDS, createFullOrder, payRequest } from './fixtures.ts';

const OPS_TOKEN = 'ops-token-of-the-reconciliation-tests-0123456789';

describe('daily reconciliation', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ opsToken: OPS_TOKEN, cardGateway: sandbox.gateway });
  const today = () => tashkentDay(new Date());
  const deps = () => ({ db: ctx.db, gateway: ctx.app.cardGateway, log: ctx.app.log });
  const ops = { authorization: `Bearer ${OPS_TOKEN}` };

  async function customer(number: string = CARDS.approved) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id, number);
    return { ...session, card };
  }

  it('finds nothing to report after orders paid, lost and settled, paid on credit and cancelled', async () => {
    const alice = await customer();
    const full = await createFullOrder(ctx.db, {
      customerId: alice.customer.id,
      cardId: alice.card.id,
    });
    expect(
      (await payRequest(ctx.app, alice.headers, `/api/orders/payment/${full.id}/${alice.card.id}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await payRequest(ctx.app, alice.headers, `/api/orders/cancel/${full.id}`)).statusCode,
    ).toBe(200);

    const bob = await customer(CARDS.lostAnswer);
    const lost = await createFullOrder(ctx.db, {
      customerId: bob.customer.id,
      cardId: bob.card.id,
    });
    const paying = await payRequest(
      ctx.app,
      bob.headers,
      `/api/orders/payment/${lost.id}/${bob.card.id}`,
    );
    expect(paying.json().data.state).toBe('checking');
    sandbox.pass();
    const read = await ctx.app.inject({
      url: `/api/payments/${paying.json().data.payment_id}`,
      headers: bob.headers,
    });
    expect(read.json().data.state).toBe('paid');

    const carol = await customer();
    const { credit } = await createInstallmentOrder(ctx.db, {
      customerId: carol.customer.id,
      cardId: carol.card.id,
    });
    const monthly = await payRequest(ctx.app, carol.headers, `/api/credits/payment/${credit.id}`, {
      body: { card_id: carol.card.id, amount: 300_000 },
    });
    expect(monthly.json().data.state).toBe('paid');

    const poor = await customer(CARDS.insufficientFunds);
    const declined = await createFullOrder(ctx.db, {
      customerId: poor.customer.id,
      cardId: poor.card.id,
    });
    expect(
      (
        await payRequest(
          ctx.app,
          poor.headers,
          `/api/orders/payment/${declined.id}/${poor.card.id}`,
        )
      ).statusCode,
    ).toBe(422);

    const report = await reconcileDay(deps(), today());
    expect(report.mismatches).toEqual([]);
    expect(report.receipts).toBeGreaterThanOrEqual(4);
    expect(report.payments).toBeGreaterThanOrEqual(4);
  });

  it('records money the gateway took that no payment holds, and a paid payment missing from the ledger', async () => {
    const dan = await customer();
    // a receipt paid at the gateway behind the shop's back
    const { receiptId } = await ctx.app.cardGateway.createReceipt({
      amount: 77_000,
      reference: 'not-a-payment',
      description: 'x',
    });
    await ctx.app.cardGateway.payReceipt({ receiptId, token: dan.card.gatewayToken });
    // a paid payment whose ledger entry went missing
    const order = await createFullOrder(ctx.db, {
      customerId: dan.customer.id,
      cardId: dan.card.id,
    });
    const paid = await payRequest(
      ctx.app,
      dan.headers,
      `/api/orders/payment/${order.id}/${dan.card.id}`,
    );
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, paid.json().data.payment_id));
    await ctx.db
      .delete(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.customerId, dan.customer.id),
          eq(ledgerEntries.idempotencyKey, row!.gatewayKey),
        ),
      );

    const report = await reconcileDay(deps(), today());
    expect(report.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'receipt_without_payment',
          receiptId,
          gatewayAmount: 77_000,
          paymentId: null,
        }),
        expect.objectContaining({ kind: 'ledger_missing', paymentId: row!.id }),
      ]),
    );
    expect(report.mismatches).toHaveLength(2);

    // the back office reads the same report
    const read = await ctx.app.inject({
      url: `/api/admin/reconciliation/${today()}`,
      headers: ops,
    });
    expect(read.statusCode).toBe(200);
    expect(
      read
        .json()
        .data.mismatches.map((m: { kind: string }) => m.kind)
        .sort(),
    ).toEqual(['ledger_missing', 'receipt_without_payment']);
  });

  it('serves the report to the OPS_TOKEN bearer, and not for a day never compared', async () => {
    const erin = await customer();
    const url = `/api/admin/reconciliation/${today()}`;
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url, headers: erin.headers })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url, headers: { authorization: `Bearer ${OPS_TOKEN}x` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/admin/reconciliation/2020-01-01', headers: ops }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: '/api/admin/reconciliation/yesterday', headers: ops }))
        .statusCode,
    ).toBe(400);
    const ran = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/reconciliation/2020-01-02',
      headers: ops,
    });
    expect(ran.statusCode).toBe(200);
    expect(ran.json().message).toBe("Kun qayta tekshirildi: farq yo'q");
    expect(ran.json().data).toMatchObject({ day: '2020-01-02', receipts: 0, mismatches: [] });
    const attention = await ctx.app.inject({ url: '/api/admin/payments/attention', headers: ops });
    expect(attention.statusCode).toBe(200);
    expect(attention.json().data).toEqual([]);
  });
});

describe('the back office money views without OPS_TOKEN', () => {
  const ctx = useTestApp();
  it('answer staff who may see the money, and no bearer token', async () => {
    const url = '/api/admin/payments/attention';
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    expect((await ctx.app.inject({ url, headers: as(viewer) })).statusCode).toBe(200);
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    expect((await ctx.app.inject({ url, headers: as(operator) })).statusCode).toBe(403);
    const guess = { authorization: 'Bearer anything-at-all-0123456789' };
    expect((await ctx.app.inject({ url, headers: guess })).statusCode).toBe(401);
    // a staff write needs its CSRF token; the bearer token of automation does not
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const run = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/reconciliation/2020-01-03', headers });
    expect((await run({ cookie: officer.cookie })).statusCode).toBe(403);
    const ran = await run({ ...as(officer), lang: 'ru' });
    expect(ran.statusCode).toBe(200);
    expect(ran.json().message).toBe('День сверен заново: расхождений нет');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'reconciliation.run'));
    expect(audit).toMatchObject({ staffId: officer.staffId, objectId: '2020-01-03' });
  });
});
