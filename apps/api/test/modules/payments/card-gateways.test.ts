import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tashkentDay } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cards,
  creditInstallments,
  orders,
  payments,
  reconciliationReports,
  returnRequests,
} from '../../../src/db/schema/index.ts';
import { runAutopay } from '../../../src/modules/payments/autopay.ts';
import { readReport, reconcileDay } from '../../../src/modules/payments/reconciliation.ts';
import {
  ClickCardGateway,
  PaymeCardGateway,
  RoutingCardGateway,
} from '../../../src/providers/payments/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { createInstallmentOrder } from '../../helpers/checkout.ts';
import {
  CLICK_CODE,
  CLICK_MERCHANT_USER_ID,
  CLICK_SECRET_KEY,
  CLICK_SERVICE_ID,
  type ClickDouble,
  startClickDouble,
} from '../../helpers/click-double.ts';
import {
  PAYME_CODE,
  PAYME_KEY,
  PAYME_MERCHANT,
  type PaymeDouble,
  startPaymeDouble,
} from '../../helpers/payme-double.ts';
import { paymentDepsOf } from '../../helpers/payment-deps.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { createFullOrder, payRequest } from './fixtures.ts';

const RULES = { graceDays: 3, penaltyPercent: 1 };
const silent = { info: () => undefined, error: () => undefined };

/**
 * The shop with two card gateways (PAYMENT_GATEWAYS=click,payme), each on its double: a card pays,
 * autopays and is refunded through the gateway that bound it, and a card of one still pays while
 * the other is down.
 */
describe('payments through the gateway that bound the card', () => {
  let payme: PaymeDouble;
  let click: ClickDouble;
  let paymeGateway: PaymeCardGateway;
  /** While set, calls to Click go to a port nothing listens on: they are never sent. */
  let clickOffline: string | null = null;
  beforeAll(async () => {
    payme = await startPaymeDouble();
    click = await startClickDouble();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    clickOffline = `http://127.0.0.1:${port}`;
    paymeGateway = new PaymeCardGateway({
      baseUrl: payme.url,
      merchantId: PAYME_MERCHANT,
      key: PAYME_KEY,
      timeoutMs: 2_000,
      fetch: (url, init) =>
        fetch(
          paymeDown && clickOffline ? String(url).replace(/^http:\/\/[^/]+/, clickOffline) : url,
          init,
        ),
    });
  });
  afterAll(async () => {
    await payme.close();
    await click.close();
  });
  let clickDown = false;
  /** While set, calls to Payme go to the port nothing listens on, as Click's do with clickDown. */
  let paymeDown = false;
  beforeEach(() => {
    payme.reset();
    click.reset();
    clickDown = false;
    paymeDown = false;
  });

  const ctx = useTestApp({
    credits: RULES,
    cardGateway: (_sms, db, log) =>
      new RoutingCardGateway([
        new ClickCardGateway({
          baseUrl: click.url,
          serviceId: CLICK_SERVICE_ID,
          merchantUserId: CLICK_MERCHANT_USER_ID,
          secretKey: CLICK_SECRET_KEY,
          db,
          log,
          timeoutMs: 2_000,
          fetch: (url, init) =>
            fetch(
              clickDown && clickOffline
                ? String(url).replace(/^http:\/\/[^/]+/, clickOffline)
                : url,
              init,
            ),
        }),
        paymeGateway,
      ]),
  });

  /** A card added and confirmed through the storefront's API: bound through the default, Click. */
  async function addClickCard(headers: Record<string, string>, number = '8600111111111110') {
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/cards/add',
      headers: { ...headers, lang: 'ru' },
      payload: { card_number: number.replace(/(\d{4})(?=\d)/g, '$1 '), expire_date: '12/30' },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ phone: '99890***1234' });
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/cards/confirm',
      headers: { ...headers, lang: 'ru' },
      payload: { card_id: added.json().data.card_id, otp: CLICK_CODE },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [card] = await ctx.db
      .select()
      .from(cards)
      .where(eq(cards.id, added.json().data.card_id as number));
    return card!;
  }

  /** A card bound through Payme before Click was added: its token is Payme's, as issued. */
  async function addPaymeCard(customerId: number) {
    const created = await paymeGateway.createCard({
      number: '9860111111111113',
      expire: '12/30',
      holderPhone: '998901234567',
      lang: 'uz',
    });
    await paymeGateway.sendVerifyCode(created.token, 'uz');
    await paymeGateway.verifyCard(created.token, PAYME_CODE);
    const [card] = await ctx.db
      .insert(cards)
      .values({
        customerId,
        gatewayToken: created.token,
        masked: created.masked,
        type: created.type,
        expire: created.expire,
        fingerprint: `payme-${created.token}`,
        holderPhone: '+998 90 *** ** 67',
        codeExpiresAt: new Date(Date.now() + 180_000),
        verifiedAt: new Date(),
      })
      .returning();
    return card!;
  }

  const paymentOf = async (id: number) =>
    (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  it('binds a Click card, buys on installments, autopays and refunds through Click', async () => {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await addClickCard(session.headers);
    expect(card).toMatchObject({
      gateway: 'click',
      gatewayToken: expect.stringMatching(/^click:/),
    });

    const placedAt = new Date(Date.now() - 31 * 86_400_000);
    const { credit, order, installments } = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      total: 3_000_000,
      prepayment: 600_000,
      orderStatus: 1,
      placedAt,
    });
    const upfront = await payRequest(
      ctx.app,
      session.headers,
      `/api/credits/first-payment/${credit.id}/${card.id}`,
    );
    expect(upfront.statusCode, upfront.body).toBe(200);
    const prepayment = await paymentOf(upfront.json().data.payment_id as number);
    expect(prepayment).toMatchObject({
      state: 'paid',
      receiptId: expect.stringMatching(/^click:ck_/),
    });

    // the first installment is due: autopay debits the card through Click
    const [first] = installments;
    await runAutopay({ ...paymentDepsOf(ctx), rules: RULES }, first!.dueDate, new Date());
    const [autopaid] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.creditId, credit.id))
      .then((rows) => rows.filter((p) => p.purpose === 'autopay'));
    expect(autopaid).toMatchObject({
      state: 'paid',
      amount: first!.amount,
      receiptId: expect.stringMatching(/^click:ck_/),
    });
    const [installment] = await ctx.db
      .select()
      .from(creditInstallments)
      .where(eq(creditInstallments.id, first!.id));
    expect(installment!.paid).toBe(first!.amount);

    // Click took both, Payme nothing
    const receipt = (p: typeof prepayment) => (p.receiptId ?? '').replace(/^click:/, '');
    expect(click.net(receipt(prepayment))).toBe(600_000);
    expect(click.net(receipt(autopaid!))).toBe(first!.amount);
    expect(payme.calls.filter((c) => c.method.startsWith('receipts.'))).toEqual([]);

    // the goods come back: both card payments are reversed at Click
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    await ctx.db
      .update(orders)
      .set({ status: 4, deliveredAt: new Date() })
      .where(eq(orders.id, order.id));
    const asked = await payRequest(ctx.app, session.headers, `/api/orders/return/${order.id}`);
    expect(asked.statusCode, asked.body).toBe(200);
    const [request] = await ctx.db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id));
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${request!.id}/accept`,
      headers: as(operator),
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await paymentOf(prepayment.id)).state).toBe('refunded');
    expect((await paymentOf(autopaid!.id)).state).toBe('refunded');
    expect(click.net(receipt(prepayment))).toBe(0);
    expect(click.net(receipt(autopaid!))).toBe(0);
    expect(click.calls.filter((c) => c.call === 'payment/reversal')).toHaveLength(2);
  });

  it('tells a customer whose Click card cannot reach Click to pay with a Payme card', async () => {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const clickCard = await addClickCard(session.headers, '9860111111111113');
    const order = await createFullOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: clickCard.id,
      total: 250_000,
    });
    clickDown = true;
    const res = await payRequest(
      ctx.app,
      session.headers,
      `/api/orders/payment/${order.id}/${clickCard.id}`,
      { lang: 'ru' },
    );
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'GATEWAY_UNAVAILABLE',
      message:
        'Оплата через Click временно недоступна. Если у вас есть карта, добавленная через Payme, оплатите ею или попробуйте позже',
    });
    // nothing reached Click: the payment failed at once and the order may be paid again
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ state: 'failed', declineCode: 'GATEWAY_UNAVAILABLE' });
    clickDown = false;
    const again = await payRequest(
      ctx.app,
      session.headers,
      `/api/orders/payment/${order.id}/${clickCard.id}`,
    );
    expect(again.json().data.state).toBe('paid');
  });

  it('tells a customer whose Payme card cannot reach Payme to pay with a Click card, at once', async () => {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const paymeCard = await addPaymeCard(session.customer.id);
    const order = await createFullOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: paymeCard.id,
      total: 180_000,
    });
    paymeDown = true;
    const res = await payRequest(
      ctx.app,
      session.headers,
      `/api/orders/payment/${order.id}/${paymeCard.id}`,
      { lang: 'ru' },
    );
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'GATEWAY_UNAVAILABLE',
      message:
        'Оплата через Payme временно недоступна. Если у вас есть карта, добавленная через Click, оплатите ею или попробуйте позже',
    });
    // receipts.create never reached Payme: no receipt exists, so the payment failed at once
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ state: 'failed', receiptId: null });
    expect(payme.calls.filter((c) => c.method === 'receipts.create')).toEqual([]);
    paymeDown = false;
    const again = await payRequest(
      ctx.app,
      session.headers,
      `/api/orders/payment/${order.id}/${paymeCard.id}`,
    );
    expect(again.json().data.state).toBe('paid');
  });

  it('takes a Click card while Payme is down, and a Payme card pays through Payme again once it is back', async () => {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const paymeCard = await addPaymeCard(session.customer.id);
    const clickCard = await addClickCard(session.headers, '8600222222222223');
    expect(paymeCard.gateway).toBe('payme');

    payme.control.mode = 'unreachable';
    const first = await createFullOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: paymeCard.id,
      total: 400_000,
    });
    const withPayme = await payRequest(
      ctx.app,
      session.headers,
      `/api/orders/payment/${first.id}/${paymeCard.id}`,
    );
    expect(withPayme.statusCode, withPayme.body).toBe(200);
    expect(withPayme.json().data.state).toBe('checking');

    const second = await createFullOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: clickCard.id,
      total: 500_000,
    });
    const withClick = await payRequest(
      ctx.app,
      session.headers,
      `/api/orders/payment/${second.id}/${clickCard.id}`,
    );
    expect(withClick.statusCode, withClick.body).toBe(200);
    expect(withClick.json().data.state).toBe('paid');

    payme.control.mode = 'ok';
    const third = await createFullOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: paymeCard.id,
      total: 300_000,
    });
    const again = await payRequest(
      ctx.app,
      session.headers,
      `/api/orders/payment/${third.id}/${paymeCard.id}`,
    );
    expect(again.json().data.state).toBe('paid');
    const paid = await paymentOf(again.json().data.payment_id as number);
    expect(paid.receiptId).not.toMatch(/:/);
    expect(payme.net(paid.receiptId!)).toBe(30_000_000);
  });

  it("reconciles each gateway on its own: Payme down leaves Click's report written", async () => {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const paymeCard = await addPaymeCard(session.customer.id);
    const clickCard = await addClickCard(session.headers, '8600222222222223');
    for (const [card, total] of [
      [clickCard, 200_000],
      [paymeCard, 300_000],
    ] as const) {
      const order = await createFullOrder(ctx.db, {
        customerId: session.customer.id,
        cardId: card.id,
        total,
      });
      const paid = await payRequest(
        ctx.app,
        session.headers,
        `/api/orders/payment/${order.id}/${card.id}`,
      );
      expect(paid.json().data.state).toBe('paid');
    }
    const day = tashkentDay(new Date());
    const deps = { db: ctx.db, gateway: ctx.app.cardGateway, log: silent };
    // the tests before this one paid through both gateways today too: their receipts count
    const written = async () =>
      (await ctx.db.select().from(reconciliationReports).where(eq(reconciliationReports.day, day)))
        .map((r) => r.gateway)
        .sort();

    payme.control.mode = 'unreachable';
    await expect(reconcileDay(deps, day)).rejects.toMatchObject({ code: 'GATEWAY_UNAVAILABLE' });
    expect(await written()).toEqual(['click']);

    payme.control.mode = 'ok';
    const report = await reconcileDay(deps, day);
    expect(await written()).toEqual(['click', 'payme']);
    expect(report.gateway).toBe('click, payme');
    const stored = await readReport(ctx.db, day);
    expect(stored).toMatchObject({ gateway: 'click, payme', receipts: report.receipts });
    // each gateway's receipts are compared against its own: none is listed as the other's
    expect(report.mismatches.filter((m) => m.kind === 'receipt_without_payment')).toEqual([]);
  });
});
