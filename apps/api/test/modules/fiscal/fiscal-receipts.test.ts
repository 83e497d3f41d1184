import { randomUUID } from 'node:crypto';
import { vatOf } from '@bozor/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  categories,
  fiscalReceipts,
  messageOutbox,
  orders,
  payments,
} from '../../../src/db/schema/index.ts';
import { MAX_ATTEMPTS, registerDue } from '../../../src/modules/fiscal/register.ts';
import { OfdFiscalRegister } from '../../../src/providers/fiscal/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createInstallmentOrder } from '../../helpers/checkout.ts';
import { createCategory } from '../../helpers/factories.ts';
import { OFD_TOKEN, type OfdDouble, startOfdDouble } from '../../helpers/ofd-double.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { checkoutCalls } from '../orders/buyer.ts';

const IKPU = '08517001001000000';
const DELIVERY = { ikpu: '10112006002000000', packageCode: '1209779', units: null, vatPercent: 12 };
const sumText = (n: number) => new Intl.NumberFormat('ru-RU').format(n).replace(/\s/g, ' ');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('fiscal receipts', () => {
  const ctx = useTestApp({ publicUrl: 'https://bozor.test' });
  const shop = checkoutCalls(ctx);

  /** Registers what is due, as the job does, at `at` (default: now). */
  const register = (at = new Date()) =>
    registerDue({
      db: ctx.db,
      register: ctx.app.fiscalRegister,
      delivery: DELIVERY,
      log: silent,
      now: () => at,
    });

  const codedCategory = () =>
    createCategory(ctx.db, { ikpu: IKPU, packageCode: '1500254', vatPercent: 12 });

  const receiptsOf = async (orderId: number) =>
    ctx.db
      .select()
      .from(fiscalReceipts)
      .where(eq(fiscalReceipts.orderId, orderId))
      .orderBy(fiscalReceipts.id);

  it('registers a sale for a full-price order paid by card; the customer sees its link', async () => {
    const category = await codedCategory();
    const b = await shop.buyer();
    const phone = await shop.product({ price: 3_450_000 });
    await ctx.db
      .update(categories)
      .set({ ikpu: IKPU, packageCode: '1500254' })
      .where(eq(categories.id, phone.categoryId));
    const cable = await shop.product({ price: 99_000 });
    await ctx.db
      .update(categories)
      .set({ ikpu: '08544001001000000', packageCode: '1500255', vatPercent: 0 })
      .where(eq(categories.id, cable.categoryId));
    void category;
    const placed = await shop.order(b, [{ id: phone.id }, { id: cable.id, count: 2 }], {
      payment_type: 'full',
    });
    const paid = await shop.call(
      b,
      'POST',
      `/api/orders/payment/${placed.order_id}/${b.cardId}`,
      undefined,
      { key: randomUUID() },
    );
    expect(paid.statusCode, paid.body).toBe(200);

    // written with the payment, registered by the job
    const [pending] = await receiptsOf(placed.order_id);
    expect(pending).toMatchObject({ event: 'payment', state: 'pending', paidBy: 'card' });
    expect(await register()).toEqual({ registered: 1, retried: 0, failed: 0 });

    const [receipt] = await receiptsOf(placed.order_id);
    const total = 3_450_000 + 2 * 99_000;
    expect(receipt).toMatchObject({
      kind: 'sale',
      amount: total,
      state: 'registered',
      attempts: 1,
    });
    expect(receipt!.lines).toEqual([
      expect.objectContaining({
        ikpu: IKPU,
        packageCode: '1500254',
        count: 1,
        sum: 3_450_000,
        vatPercent: 12,
        vat: vatOf(3_450_000, 12),
      }),
      expect.objectContaining({
        ikpu: '08544001001000000',
        count: 2,
        unitPrice: 99_000,
        sum: 198_000,
        vatPercent: 0,
        vat: 0,
      }),
    ]);
    expect(receipt!.lines!.reduce((sum, line) => sum + line.sum, 0)).toBe(total);

    const detail = await shop.call(b, 'GET', `/api/orders/${placed.order_id}`);
    const [view] = detail.json().data.receipts;
    expect(view).toMatchObject({
      kind: 'sale',
      amount: total,
      state: 'registered',
      fiscal_sign: receipt!.fiscalSign,
    });
    expect(view.url).toMatch(
      /^https:\/\/bozor\.test\/api\/fiscal-receipts\/check\?t=BZ\d+&r=\d+&c=\d{14}&s=\d{12}$/,
    );

    // the sandbox's QR link opens the receipt's page; a wrong fiscal sign opens nothing
    const page = await ctx.app.inject({
      method: 'GET',
      url: view.url.replace('https://bozor.test', ''),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(IKPU);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: view.url.replace('https://bozor.test', '').replace(/s=\d+/, 's=000000000000'),
    });
    expect(forged.statusCode).toBe(404);

    // the customer gets the link by SMS (one message, through the outbox) and in the shop
    const [sms] = await ctx.db
      .select()
      .from(messageOutbox)
      .where(
        and(eq(messageOutbox.customerId, b.customer.id), eq(messageOutbox.kind, 'fiscal_receipt')),
      );
    expect(sms!.text).toBe(`Bozor: ${sumText(total)} so'm to'lov cheki: ${view.url}`);
    expect(sms!.text.length).toBeLessThanOrEqual(160);

    // a second run registers nothing twice
    expect(await register()).toEqual({ registered: 0, retried: 0, failed: 0 });
  });

  it('follows goods bought on installments: advance, handover on credit, repayment, refund', async () => {
    const b = await shop.buyer({ limit: 20_000_000 });
    const { order, credit, product } = await createInstallmentOrder(ctx.db, {
      customerId: b.customer.id,
      cardId: b.cardId,
      total: 6_000_000,
      prepayment: 1_000_000,
      months: 6,
    });
    await ctx.db
      .update(categories)
      .set({ ikpu: IKPU, packageCode: '1500254' })
      .where(eq(categories.id, product.categoryId));
    const pay = async (
      purpose: 'first' | 'installment' | 'autopay',
      amount: number,
      method: 'card' | 'cash' = 'card',
    ) => {
      const [row] = await ctx.db
        .insert(payments)
        .values({
          customerId: b.customer.id,
          orderId: order.id,
          creditId: purpose === 'first' ? null : credit.id,
          cardId: method === 'card' ? b.cardId : null,
          purpose,
          method,
          amount,
          gatewayKey: `test:${randomUUID()}`,
          state: 'paid',
          ...(method === 'cash' ? { receiptNumber: `AB-${amount}`, staffId: cashier.staffId } : {}),
        })
        .returning();
      return row!;
    };

    const cashier = await signedInStaff(ctx.app, ctx.db, 'operator');
    // delivery charged for: a line of its own on every receipt, spread like the goods
    await ctx.db
      .update(orders)
      .set({ deliveryFee: 30_000, total: 6_030_000 })
      .where(eq(orders.id, order.id));
    const prepayment = await pay('first', 1_000_000);
    await ctx.db.update(orders).set({ status: 3 }).where(eq(orders.id, order.id));
    await ctx.db
      .update(orders)
      .set({ status: 4, deliveredAt: new Date() })
      .where(eq(orders.id, order.id));
    const installment = await pay('installment', 1_100_000, 'cash');
    const autopay = await pay('autopay', 1_100_001);
    const first = await register();
    expect(first).toEqual({ registered: 4, retried: 0, failed: 0 });

    const [advance, handover, repayment, autopaid] = await receiptsOf(order.id);
    expect(autopaid).toMatchObject({
      paymentId: autopay.id,
      kind: 'credit',
      paidBy: 'card',
      refersTo: handover!.id,
      state: 'registered',
    });
    expect(autopaid!.lines!.reduce((s, l) => s + l.sum, 0)).toBe(1_100_001);
    expect(advance).toMatchObject({
      event: 'payment',
      paymentId: prepayment.id,
      kind: 'advance',
      amount: 1_000_000,
    });
    // the goods sold for their credit price: the prepayment and the credit's schedule
    expect(handover).toMatchObject({
      event: 'handover',
      kind: 'credit_sale',
      amount: 1_000_000 + credit.total,
      paidBy: 'credit',
    });
    expect(handover!.lines!.reduce((s, l) => s + l.sum, 0)).toBe(1_000_000 + credit.total);
    const [goods, delivery] = handover!.lines!;
    expect(goods).toMatchObject({ ikpu: IKPU, unitPrice: 6_000_000 });
    expect(delivery).toMatchObject({ ...DELIVERY, delivery: true, unitPrice: 30_000, count: 1 });
    // 30 000 of 6 030 000 of the goods' credit price
    expect(delivery!.sum).toBe(Math.round(((1_000_000 + credit.total) * 30_000) / 6_030_000));
    expect(repayment).toMatchObject({
      paymentId: installment.id,
      kind: 'credit',
      paidBy: 'cash',
      amount: 1_100_000,
      refersTo: handover!.id,
      state: 'registered',
    });

    // a refund returns the lines of the payment's own receipt
    await ctx.db
      .update(payments)
      .set({ state: 'refunding' })
      .where(eq(payments.id, installment.id));
    await ctx.db.update(payments).set({ state: 'refunded' }).where(eq(payments.id, installment.id));
    expect(await register()).toEqual({ registered: 1, retried: 0, failed: 0 });
    const refund = (await receiptsOf(order.id)).at(-1);
    expect(refund).toMatchObject({
      event: 'refund',
      kind: 'refund',
      amount: 1_100_000,
      refersTo: repayment!.id,
      lines: repayment!.lines,
      state: 'registered',
    });

    // the credit's page lists them too
    const seen = await shop.call(b, 'GET', `/api/credits/${credit.id}`);
    expect(seen.json().data.receipts.map((r: { kind: string }) => r.kind)).toEqual([
      'advance',
      'credit_sale',
      'credit',
      'credit',
      'refund',
    ]);
  });

  it('retries a receipt whose goods have no IKPU, takes the code once set, and leaves it to a person past its tries', async () => {
    const b = await shop.buyer();
    const item = await shop.product({ price: 500_000 });
    const placed = await shop.order(b, [{ id: item.id }], { payment_type: 'full' });
    const paid = await shop.call(
      b,
      'POST',
      `/api/orders/payment/${placed.order_id}/${b.cardId}`,
      undefined,
      {
        key: randomUUID(),
      },
    );
    expect(paid.statusCode, paid.body).toBe(200);

    let at = new Date();
    await register(at);
    const [waiting] = await receiptsOf(placed.order_id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, lines: null });
    expect(waiting!.lastError).toMatch(/has no IKPU/);
    // tried again after a minute, not before
    expect(await register(new Date(at.getTime() + 59_000))).toEqual({
      registered: 0,
      retried: 0,
      failed: 0,
    });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      at = new Date(at.getTime() + 2 * 3_600_000);
      const report = await register(at);
      expect(report.retried + report.failed).toBe(1);
    }
    const [failed] = await receiptsOf(placed.order_id);
    expect(failed).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });

    // staff see it, fix the category's code, and send it again
    const accountant = await signedInStaff(ctx.app, ctx.db, 'owner');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/fiscal-receipts?state=failed',
      headers: { ...as(accountant), lang: 'ru' },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: failed!.id,
        order_id: placed.order_id,
        state: 'failed',
        attempts: MAX_ATTEMPTS,
      }),
    ]);
    await ctx.db
      .update(categories)
      .set({ ikpu: IKPU, packageCode: '1500254' })
      .where(eq(categories.id, item.categoryId));
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/fiscal-receipts/${failed!.id}/retry`,
      headers: { ...as(accountant), lang: 'ru' },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({
      message: 'Чек отправлен на регистрацию повторно',
      data: { state: 'pending', attempts: 0 },
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/fiscal-receipts/${failed!.id}/retry`,
      headers: { ...as(accountant), lang: 'ru' },
    });
    expect(again.statusCode).toBe(409);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'fiscal.retry'));
    expect(entry).toMatchObject({ objectId: String(failed!.id) });
    await register();
    expect((await receiptsOf(placed.order_id))[0]).toMatchObject({
      state: 'registered',
      kind: 'sale',
    });
  });

  it('refuses the receipt in the sandbox register when the classifier has no such IKPU', async () => {
    const b = await shop.buyer();
    const item = await shop.product({ price: 250_000 });
    await ctx.db
      .update(categories)
      .set({ ikpu: '99999000000000001', packageCode: '1' })
      .where(eq(categories.id, item.categoryId));
    const placed = await shop.order(b, [{ id: item.id }], { payment_type: 'full' });
    await shop.call(b, 'POST', `/api/orders/payment/${placed.order_id}/${b.cardId}`, undefined, {
      key: randomUUID(),
    });
    expect(await register()).toEqual({ registered: 0, retried: 1, failed: 0 });
    const [refused] = await receiptsOf(placed.order_id);
    // refused receipts are built again on the next try, so a fixed code is taken up
    expect(refused).toMatchObject({ state: 'pending', lines: null, kind: null });
    expect(refused!.lastError).toMatch(/UNKNOWN_SPIC/);
  });
});

describe('fiscal receipts on the OFD double', () => {
  const ctx = useTestApp();
  let ofd: OfdDouble;
  beforeAll(async () => {
    ofd = await startOfdDouble();
  });
  afterAll(() => ofd.close());

  it('registers the receipts of goods bought on installments as the OFD takes them', async () => {
    const register = new OfdFiscalRegister({ baseUrl: ofd.url, token: OFD_TOKEN });
    const run = () => registerDue({ db: ctx.db, register, delivery: DELIVERY, log: silent });
    const b = await checkoutCalls(ctx).buyer({ limit: 20_000_000 });
    const { order, credit, product } = await createInstallmentOrder(ctx.db, {
      customerId: b.customer.id,
      cardId: b.cardId,
      total: 4_000_000,
      prepayment: 500_000,
    });
    await ctx.db
      .update(categories)
      .set({ ikpu: IKPU, packageCode: '1500254' })
      .where(eq(categories.id, product.categoryId));
    const pay = async (purpose: 'first' | 'installment', amount: number) => {
      const [row] = await ctx.db
        .insert(payments)
        .values({
          customerId: b.customer.id,
          orderId: order.id,
          creditId: purpose === 'first' ? null : credit.id,
          cardId: b.cardId,
          purpose,
          amount,
          gatewayKey: `test:${randomUUID()}`,
          state: 'paid',
        })
        .returning();
      return row!;
    };
    await pay('first', 500_000);
    await ctx.db
      .update(orders)
      .set({ status: 4, deliveredAt: new Date() })
      .where(eq(orders.id, order.id));
    const installment = await pay('installment', 777_777);
    await ctx.db.update(payments).set({ state: 'refunded' }).where(eq(payments.id, installment.id));
    // the refund waits for the repayment's registration; the next run sends it
    await run();
    await run();
    const rows = await ctx.db
      .select()
      .from(fiscalReceipts)
      .where(eq(fiscalReceipts.orderId, order.id))
      .orderBy(fiscalReceipts.id);
    expect(rows.map((r) => [r.kind, r.state])).toEqual([
      ['advance', 'registered'],
      ['credit_sale', 'registered'],
      ['credit', 'registered'],
      ['refund', 'registered'],
    ]);
    const sent = (id: number) => ofd.registered.get(String(id))?.body;
    expect(sent(rows[0]!.id)).toMatchObject({ ReceiptType: 1, ReceivedCard: 50_000_000 });
    expect(sent(rows[1]!.id)).toMatchObject({ ReceiptType: 0, ReceivedCard: 50_000_000 });
    expect(sent(rows[2]!.id)).toMatchObject({
      ReceiptType: 2,
      ReceivedCard: 77_777_700,
      SaleReceiptInfo: { ReceiptSeq: String(rows[1]!.id), FiscalSign: rows[1]!.fiscalSign },
    });
    expect(sent(rows[3]!.id)).toMatchObject({
      IsRefund: 1,
      RefundInfo: { ReceiptSeq: String(rows[2]!.id), FiscalSign: rows[2]!.fiscalSign },
    });
    expect(rows[2]!.qrUrl).toMatch(/^https:\/\/ofd\.soliq\.uz\/check\?t=/);
  });
});
