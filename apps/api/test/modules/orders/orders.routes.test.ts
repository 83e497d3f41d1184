import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cards,
  creditInstallments,
  credits,
  ledgerEntries,
  notifications,
  orders,
  payments,
  products,
  returnRequests,
  tariffs,
} from '../../../src/db/schema/index.ts';
import { stockOf } from '../../../src/modules/catalogue/stock.ts';
import { useTestApp } from '../../helpers/app.ts';
import { itRaces } from '../../helpers/database.ts';
import { createTariffs } from '../../helpers/factories.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { type Buyer, checkoutCalls } from './buyer.ts';

describe('orders', () => {
  const ctx = useTestApp();
  const shop = checkoutCalls(ctx);
  const { call } = shop;
  let sixMonths: number;

  beforeAll(async () => {
    await createTariffs(ctx.db);
    const [row] = await ctx.db.select().from(tariffs).where(eq(tariffs.months, 6));
    sixMonths = row!.id;
  });

  const detail = async (b: Buyer, id: number, lang: 'uz' | 'ru' = 'ru') => {
    const res = await call(b, 'GET', `/api/orders/${id}`, undefined, { lang });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const advance = (id: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/dev/orders/${id}/advance`,
      headers: { lang: 'ru' },
    });
  const setStatus = (id: number, status: number) =>
    ctx.db.update(orders).set({ status, paidAt: new Date() }).where(eq(orders.id, id));
  /** Paid − refunded over every movement of an order. */
  const netPaid = async (orderId: number) => {
    const [row] = await ctx.db
      .select({
        net: sql<number>`coalesce(sum(case when ${ledgerEntries.kind} = 'refund' then -${ledgerEntries.amount} else ${ledgerEntries.amount} end), 0)::bigint`.mapWith(
          Number,
        ),
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId));
    return row!.net;
  };

  describe('GET /api/orders and GET /api/orders/:id', () => {
    it('lists the orders newest first, a page at a time', async () => {
      const b = await shop.buyer({ limit: 10_000_000 });
      const phone = await shop.product({ price: 1_000_000 });
      const tv = await shop.product({ price: 2_000_000 });
      const first = await shop.order(b, [{ id: phone.id, count: 2 }], { payment_type: 'full' });
      const second = await shop.order(b, [{ id: tv.id }, { id: phone.id }], {
        payment_type: 'installment',
        tariff_id: sixMonths,
        prepayment: 300_000,
      });
      const res = await call(b, 'GET', '/api/orders?page=1&per_page=1', undefined, { lang: 'uz' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        data: [
          {
            id: second.order_id,
            status: 1,
            status_name: "Yangi — to'lov kutilmoqda",
            payment_type: 'installment',
            total: 3_000_000,
            prepayment: 300_000,
            credit_id: second.credit_id,
            items_count: 2,
            images: [tv.images[0], phone.images[0]],
            created_at: expect.any(String),
          },
        ],
        meta: { current_page: 1, last_page: 2, per_page: 1, total: 2 },
      });
      const page2 = (await call(b, 'GET', '/api/orders?page=2&per_page=1')).json();
      expect(page2.data[0]).toMatchObject({
        id: first.order_id,
        status_name: 'Новый — ожидает оплаты',
        credit_id: null,
        items_count: 2,
      });
      const empty = await call(await shop.buyer(), 'GET', '/api/orders');
      expect(empty.json()).toEqual({
        data: [],
        meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 },
      });
      for (const url of ['/api/orders?page=0', '/api/orders?per_page=51', '/api/orders?page=x']) {
        expect((await call(b, 'GET', url)).statusCode, url).toBe(400);
      }
    });

    it('shows one order with its goods, delivery, tariff, card and what may be done', async () => {
      const b = await shop.buyer({ limit: 10_000_000 });
      const phone = await shop.product({ price: 1_200_000 });
      const placed = await shop.order(b, [{ id: phone.id }], {
        payment_type: 'installment',
        tariff_id: sixMonths,
        prepayment: 200_000,
      });
      const data = await detail(b, placed.order_id);
      expect(data).toMatchObject({
        id: placed.order_id,
        status: 1,
        status_name: 'Новый — ожидает оплаты',
        payment_type: 'installment',
        total: 1_200_000,
        prepayment: 200_000,
        credit_id: placed.credit_id,
        items: [
          {
            product_id: phone.id,
            slug: phone.slug,
            name: phone.nameRu,
            image: phone.images[0],
            price: 1_200_000,
            count: 1,
          },
        ],
        delivery_type: 'address',
        tariff: { months: 6, markup_percent: 24 },
        card: { id: b.cardId, card_number: expect.stringContaining('*'), type: 'uzcard' },
        need_payed_price: 200_000,
        can_cancel: true,
        can_return: false,
        return_request: null,
        payments: [],
        credit_status: 'not_signed',
      });
      expect(data.delivery).toContain("Bunyodkor ko'chasi, 7-uy, кв. 12");
      expect((await detail(b, placed.order_id, 'uz')).delivery).toContain('12-xonadon');

      // a product gone from the catalogue keeps its line, without a link; a deleted card is gone
      await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, phone.id));
      await ctx.db.update(cards).set({ deletedAt: new Date() }).where(eq(cards.id, b.cardId));
      const later = await detail(b, placed.order_id);
      expect(later.items[0]).toMatchObject({ slug: null, name: phone.nameRu });
      expect(later.card).toBeNull();
    });

    it("tells the credit's status, and null for an order paid in full", async () => {
      const b = await shop.buyer({ limit: 10_000_000 });
      const phone = await shop.product({ price: 900_000 });
      const outright = await shop.order(b, [{ id: phone.id }], { payment_type: 'full' });
      expect((await detail(b, outright.order_id)).credit_status).toBeNull();
      const placed = await shop.order(b, [{ id: phone.id }], {
        payment_type: 'installment',
        tariff_id: sixMonths,
        prepayment: 100_000,
      });
      expect((await detail(b, placed.order_id)).credit_status).toBe('not_signed');
      await ctx.db
        .update(credits)
        .set({ status: 'active', signedAt: new Date() })
        .where(eq(credits.id, placed.credit_id!));
      expect((await detail(b, placed.order_id)).credit_status).toBe('active');
    });

    it('lists payments with the decline in the customer language', async () => {
      const b = await shop.buyer();
      const phone = await shop.product({ price: 700_000 });
      const placed = await shop.order(b, [{ id: phone.id }], { payment_type: 'full' });
      await ctx.db.insert(payments).values({
        customerId: b.customer.id,
        orderId: placed.order_id,
        cardId: b.cardId,
        purpose: 'full',
        amount: 700_000,
        gatewayKey: `declined:${placed.order_id}`,
        state: 'failed',
        declineCode: 'INSUFFICIENT_FUNDS',
      });
      const ru = await detail(b, placed.order_id);
      expect(ru.payments).toEqual([
        {
          id: expect.any(Number),
          purpose: 'full',
          state: 'failed',
          method: 'card',
          amount: 700_000,
          card_number: expect.stringContaining('*'),
          decline: 'Недостаточно средств на карте. Пополните карту или выберите другую',
          created_at: expect.any(String),
        },
      ]);
      expect((await detail(b, placed.order_id, 'uz')).payments[0].decline).toBe(
        "Kartada mablag' yetarli emas. Kartani to'ldiring yoki boshqa karta tanlang",
      );
      expect(ru.need_payed_price).toBe(700_000);
    });

    it("answers 404 for another customer's order and one that does not exist", async () => {
      const alice = await shop.buyer();
      const bob = await shop.buyer();
      const phone = await shop.product();
      const placed = await shop.order(bob, [{ id: phone.id }], { payment_type: 'full' });
      for (const [method, url] of [
        ['GET', `/api/orders/${placed.order_id}`],
        ['GET', '/api/orders/2000000000'],
        ['POST', `/api/orders/cancel/${placed.order_id}`],
        ['POST', `/api/orders/return/${placed.order_id}`],
      ] as const) {
        const res = await call(alice, method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('ORDER_NOT_FOUND');
      }
      const prepay = await call(alice, 'POST', `/api/orders/prepayment/${placed.order_id}`, {
        prepayment: 1,
      });
      expect(prepay.statusCode).toBe(404);
      for (const url of ['/api/orders/abc', '/api/orders/0', '/api/orders/99999999999']) {
        expect((await call(alice, 'GET', url)).statusCode, url).toBe(400);
      }
    });
  });

  describe('POST /api/orders/cancel/:id', () => {
    it('cancels a new order: the stock comes back, the credit is cancelled', async () => {
      const b = await shop.buyer({ limit: 10_000_000 });
      const phone = await shop.product({ price: 1_000_000, stock: 3 });
      const placed = await shop.order(b, [{ id: phone.id, count: 2 }], {
        payment_type: 'installment',
        tariff_id: sixMonths,
      });
      expect(await stockOf(ctx.db, phone.id)).toBe(1);
      const res = await call(b, 'POST', `/api/orders/cancel/${placed.order_id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Заказ отменён',
        data: {
          status: -2,
          status_name: 'Отменён',
          can_cancel: false,
          need_payed_price: 0,
          credit_status: 'cancelled',
        },
      });
      expect(await stockOf(ctx.db, phone.id)).toBe(3);
      const [credit] = await ctx.db.select().from(credits).where(eq(credits.id, placed.credit_id!));
      expect(credit!.status).toBe('cancelled');
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order_id));
      expect(order!.cancelledAt).toBeInstanceOf(Date);
      const again = await call(b, 'POST', `/api/orders/cancel/${placed.order_id}`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ORDER_NOT_CANCELLABLE');
      expect(await stockOf(ctx.db, phone.id)).toBe(3);
    });

    it('refunds a paid order through the card gateway and the ledger', async () => {
      const b = await shop.buyer();
      const phone = await shop.product({ price: 2_500_000, stock: 2 });
      const placed = await shop.order(b, [{ id: phone.id }], { payment_type: 'full' });
      const paid = await shop.recordPaid(b, {
        orderId: placed.order_id,
        creditId: null,
        purpose: 'full',
        amount: 2_500_000,
      });
      await setStatus(placed.order_id, 2);
      expect(await netPaid(placed.order_id)).toBe(2_500_000);
      const refund = vi.spyOn(ctx.app.cardGateway, 'cancelReceipt');
      try {
        const res = await call(b, 'POST', `/api/orders/cancel/${placed.order_id}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(refund).toHaveBeenCalledOnce();
        expect(refund).toHaveBeenCalledWith(paid.gatewayPaymentId);
        expect(res.json().data.payments).toEqual([
          expect.objectContaining({ id: paid.id, state: 'refunded', amount: 2_500_000 }),
        ]);
      } finally {
        refund.mockRestore();
      }
      expect(await netPaid(placed.order_id)).toBe(0);
      const refunds = await ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, placed.order_id))
        .orderBy(asc(ledgerEntries.id));
      expect(refunds.map((e) => [e.kind, e.amount, e.creditId])).toEqual([
        ['debit', 2_500_000, null],
        ['refund', 2_500_000, null],
      ]);
      expect(refunds[1]!.gatewayPaymentId).toBe(paid.gatewayPaymentId);
      expect(await stockOf(ctx.db, phone.id)).toBe(2);
      const told = await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.customerId, b.customer.id));
      expect(told.map((n) => n.textRu)).toEqual([
        `Заказ №${placed.order_id} отменён. 2 500 000 сум вернутся на карту.`,
      ]);
      const sms = (
        await ctx.app.inject({ url: `/api/dev/outbox?phone=${b.customer.phone}` })
      ).json().data;
      expect(sms[0].text).toContain(`№${placed.order_id}`);
    });

    itRaces('refunds once when the customer cancels twice at once', async () => {
      const b = await shop.buyer();
      const phone = await shop.product({ price: 900_000, stock: 4 });
      const placed = await shop.order(b, [{ id: phone.id }], { payment_type: 'full' });
      await shop.recordPaid(b, {
        orderId: placed.order_id,
        creditId: null,
        purpose: 'full',
        amount: 900_000,
      });
      await setStatus(placed.order_id, 2);
      const answers = await Promise.all([
        call(b, 'POST', `/api/orders/cancel/${placed.order_id}`),
        call(b, 'POST', `/api/orders/cancel/${placed.order_id}`),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await netPaid(placed.order_id)).toBe(0);
      expect(await stockOf(ctx.db, phone.id)).toBe(4);
    });

    it('waits while a payment of the order is being checked', async () => {
      const b = await shop.buyer();
      const phone = await shop.product({ price: 400_000 });
      const placed = await shop.order(b, [{ id: phone.id }], { payment_type: 'full' });
      await ctx.db.insert(payments).values({
        customerId: b.customer.id,
        orderId: placed.order_id,
        cardId: b.cardId,
        purpose: 'full',
        amount: 400_000,
        gatewayKey: `checking:${placed.order_id}`,
      });
      const res = await call(b, 'POST', `/api/orders/cancel/${placed.order_id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PAYMENT_IN_PROGRESS');
      expect((await detail(b, placed.order_id)).status).toBe(1);
    });

    it('refuses an order already shipped', async () => {
      const b = await shop.buyer();
      const phone = await shop.product();
      const placed = await shop.order(b, [{ id: phone.id }], { payment_type: 'full' });
      await setStatus(placed.order_id, 3);
      const res = await call(b, 'POST', `/api/orders/cancel/${placed.order_id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ORDER_NOT_CANCELLABLE');
    });
  });

  describe('POST /api/dev/orders/:id/advance and POST /api/orders/return/:id', () => {
    it('moves a paid order along, completes it once paid, and refuses an unpaid one', async () => {
      const b = await shop.buyer();
      const phone = await shop.product();
      const placed = await shop.order(b, [{ id: phone.id }], { payment_type: 'full' });
      const unpaid = await advance(placed.order_id);
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().code).toBe('ORDER_NOT_PAID');
      await setStatus(placed.order_id, 2);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await advance(placed.order_id);
        expect(res.statusCode, res.body).toBe(200);
        statuses.push(res.json().data.status);
      }
      expect(statuses).toEqual([3, 4, 5]);
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order_id));
      expect(order!.shippedAt).toBeInstanceOf(Date);
      expect(order!.deliveredAt).toBeInstanceOf(Date);
      const done = await advance(placed.order_id);
      expect(done.statusCode).toBe(409);
      expect(done.json().code).toBe('ORDER_STATUS_FINAL');
      expect((await advance(2_000_000_000)).statusCode).toBe(404);
    });

    it('keeps a delivered installment order until its credit is closed', async () => {
      const b = await shop.buyer({ limit: 10_000_000 });
      const phone = await shop.product({ price: 1_000_000 });
      const placed = await shop.order(b, [{ id: phone.id }], {
        payment_type: 'installment',
        tariff_id: sixMonths,
      });
      await setStatus(placed.order_id, 4);
      const res = await advance(placed.order_id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('NOT_FULLY_PAID');
      await ctx.db
        .update(credits)
        .set({ status: 'closed' })
        .where(eq(credits.id, placed.credit_id!));
      const completed = await advance(placed.order_id);
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json().data).toMatchObject({ status: 5, can_return: true });
    });

    it('returns a delivered order: every payment refunded, the credit closed, the stock back', async () => {
      const b = await shop.buyer({ limit: 10_000_000 });
      const phone = await shop.product({ price: 3_000_000, stock: 1 });
      const placed = await shop.order(b, [{ id: phone.id }], {
        payment_type: 'installment',
        tariff_id: sixMonths,
        prepayment: 600_000,
      });
      const creditId = placed.credit_id!;
      await ctx.db
        .update(credits)
        .set({ status: 'active', signedAt: new Date() })
        .where(eq(credits.id, creditId));
      await shop.recordPaid(b, {
        orderId: placed.order_id,
        creditId,
        purpose: 'first',
        amount: 600_000,
      });
      await setStatus(placed.order_id, 2);
      const [credit] = await ctx.db.select().from(credits).where(eq(credits.id, creditId));
      await shop.recordPaid(b, {
        orderId: placed.order_id,
        creditId,
        purpose: 'installment',
        amount: credit!.monthlyPayment,
      });
      const early = await call(b, 'POST', `/api/orders/return/${placed.order_id}`);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('ORDER_NOT_RETURNABLE');
      await advance(placed.order_id);
      const delivered = await advance(placed.order_id);
      expect(delivered.json().data).toMatchObject({
        status: 4,
        can_cancel: false,
        can_return: true,
      });
      const cancel = await call(b, 'POST', `/api/orders/cancel/${placed.order_id}`);
      expect(cancel.json().code).toBe('ORDER_NOT_CANCELLABLE');

      // the customer asks; nothing moves until staff accept
      const asked = await call(
        b,
        'POST',
        `/api/orders/return/${placed.order_id}`,
        { reason: 'Ekrani ishlamayapti' },
        { lang: 'uz' },
      );
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json()).toMatchObject({
        message: "Qaytarish so'rovi qabul qilindi. Uni ko'rib chiqib, sizga xabar beramiz",
        data: {
          status: 4,
          can_return: false,
          return_request: { status: 'requested', reject_reason: null },
        },
      });
      expect(asked.json().data.payments.map((p: { state: string }) => p.state)).toEqual([
        'paid',
        'paid',
      ]);
      const [request] = await ctx.db
        .select()
        .from(returnRequests)
        .where(eq(returnRequests.orderId, placed.order_id));
      expect(request).toMatchObject({ customerId: b.customer.id, reason: 'Ekrani ishlamayapti' });
      const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
      const accepted = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${request!.id}/accept`,
        headers: { ...as(operator), lang: 'uz' },
        payload: {},
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const returned = await detail(b, placed.order_id, 'uz');
      expect(returned).toMatchObject({
        status: 10,
        status_name: 'Qaytarildi',
        can_return: false,
        return_request: { status: 'accepted' },
      });
      expect(returned.payments.map((p: { state: string }) => p.state)).toEqual([
        'refunded',
        'refunded',
      ]);
      expect(await netPaid(placed.order_id)).toBe(0);
      const [closed] = await ctx.db.select().from(credits).where(eq(credits.id, creditId));
      expect(closed).toMatchObject({ status: 'closed', closedAt: expect.any(Date) });
      // the credit's own movements net to nothing; the prepayment stayed outside it
      const onCredit = await ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.creditId, creditId));
      expect(onCredit.map((e) => e.kind).sort()).toEqual(['debit', 'refund']);
      expect(await stockOf(ctx.db, phone.id)).toBe(1);
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order_id));
      expect(order!.returnedAt).toBeInstanceOf(Date);
    });
  });

  describe('POST /api/orders/prepayment/:id', () => {
    it('draws the credit and its schedule again for a new prepayment', async () => {
      const b = await shop.buyer({ limit: 2_000_000 });
      const tv = await shop.product({ price: 3_000_000 });
      const placed = await shop.order(b, [{ id: tv.id }], {
        payment_type: 'installment',
        tariff_id: sixMonths,
        prepayment: 1_000_000,
      });
      const res = await call(b, 'POST', `/api/orders/prepayment/${placed.order_id}`, {
        prepayment: 1_500_000,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        message: 'Первоначальный взнос изменён',
        data: {
          order_id: placed.order_id,
          credit_id: placed.credit_id,
          need_payed_price: 1_500_000,
        },
      });
      const [credit] = await ctx.db.select().from(credits).where(eq(credits.id, placed.credit_id!));
      // 1,500,000 × 1.24 = 1,860,000; a sixth is 310,000
      expect(credit).toMatchObject({
        financed: 1_500_000,
        total: 1_860_000,
        monthlyPayment: 310_000,
      });
      const schedule = await ctx.db
        .select()
        .from(creditInstallments)
        .where(eq(creditInstallments.creditId, credit!.id))
        .orderBy(asc(creditInstallments.number));
      expect(schedule.map((row) => row.amount)).toEqual(Array(6).fill(310_000));
      expect((await detail(b, placed.order_id)).need_payed_price).toBe(1_500_000);

      // within the limit, its own credit not counted twice: 2,000,000 financed is all of it
      const all = await call(b, 'POST', `/api/orders/prepayment/${placed.order_id}`, {
        prepayment: 1_000_000,
      });
      expect(all.statusCode, all.body).toBe(200);
      const over = await call(b, 'POST', `/api/orders/prepayment/${placed.order_id}`, {
        prepayment: 999_900,
      });
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({
        code: 'LIMIT_NOT_ENOUGH',
        data: { min_prepayment: 1_000_000, available: 2_000_000, total: 3_000_000 },
      });
      const tooLarge = await call(b, 'POST', `/api/orders/prepayment/${placed.order_id}`, {
        prepayment: 3_000_000,
      });
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json().errors).toEqual({
        prepayment: ['Первоначальный взнос должен быть меньше суммы заказа'],
      });
      const bad = await call(b, 'POST', `/api/orders/prepayment/${placed.order_id}`, {
        prepayment: 'x',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['prepayment']);
    });

    it('refuses once the contract is signed, and for an order paid in full', async () => {
      const b = await shop.buyer({ limit: 10_000_000 });
      const tv = await shop.product({ price: 3_000_000 });
      const placed = await shop.order(b, [{ id: tv.id }], {
        payment_type: 'installment',
        tariff_id: sixMonths,
      });
      await ctx.db
        .update(credits)
        .set({ status: 'active', signedAt: new Date() })
        .where(eq(credits.id, placed.credit_id!));
      const signed = await call(b, 'POST', `/api/orders/prepayment/${placed.order_id}`, {
        prepayment: 100_000,
      });
      expect(signed.statusCode).toBe(409);
      expect(signed.json().code).toBe('PREPAYMENT_LOCKED');
      const full = await shop.order(b, [{ id: tv.id }], { payment_type: 'full' });
      const res = await call(b, 'POST', `/api/orders/prepayment/${full.order_id}`, {
        prepayment: 100_000,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PREPAYMENT_LOCKED');
    });
  });
});
