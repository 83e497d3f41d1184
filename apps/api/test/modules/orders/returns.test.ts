import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  notifications,
  orderEvents,
  orders,
  payments,
  returnRequests,
} from '../../../src/db/schema/index.ts';
import { stockOf } from '../../../src/modules/catalogue/stock.ts';
import type { LogSmsProvider } from '../../../src/providers/sms/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { itRaces } from '../../helpers/database.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';
import { sandboxOf } from '../payments/fixtures.ts';
import { type Buyer, checkoutCalls } from './buyer.ts';

describe('returns staff decide', () => {
  const ctx = useTestApp();
  const shop = checkoutCalls(ctx);
  const { call } = shop;

  /** A delivered order paid in full by card, and its buyer. */
  async function delivered(status: 4 | 5 = 4) {
    const b = await shop.buyer();
    const phone = await shop.product({ price: 900_000, stock: 2 });
    const placed = await shop.order(b, [{ id: phone.id }], { payment_type: 'full' });
    const paid = await call(
      b,
      'POST',
      `/api/orders/payment/${placed.order_id}/${b.cardId}`,
      undefined,
      { key: randomUUID() },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    await ctx.db
      .update(orders)
      .set({ status, deliveredAt: new Date() })
      .where(eq(orders.id, placed.order_id));
    return { b, orderId: placed.order_id, productId: phone.id };
  }

  const ask = (b: Buyer, orderId: number, payload?: object, lang: 'uz' | 'ru' = 'ru') =>
    call(b, 'POST', `/api/orders/return/${orderId}`, payload, { lang, key: randomUUID() });

  const requestOf = async (orderId: number) =>
    (
      await ctx.db
        .select()
        .from(returnRequests)
        .where(and(eq(returnRequests.orderId, orderId), eq(returnRequests.status, 'requested')))
    )[0]!;

  const decide = (
    who: StaffBrowser,
    id: number,
    decision: 'accept' | 'reject',
    payload: object = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${id}/${decision}`,
      headers: { ...as(who), lang: 'ru' },
      payload,
    });

  describe('POST /api/orders/return/:id', () => {
    it('records a request and refunds nothing; the order page says it is under review', async () => {
      const { b, orderId } = await delivered();
      const res = await ask(b, orderId, { reason: 'Не тот цвет' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Запрос на возврат принят. Мы рассмотрим его и сообщим вам',
        data: {
          status: 4,
          can_return: false,
          return_request: {
            status: 'requested',
            reject_reason: null,
            requested_at: expect.any(String),
          },
        },
      });
      expect(res.json().data.payments.map((p: { state: string }) => p.state)).toEqual(['paid']);
      const uz = await ask(b, orderId, undefined, 'uz');
      expect(uz.statusCode).toBe(409);
      expect(uz.json()).toMatchObject({
        code: 'RETURN_ALREADY_REQUESTED',
        message: "Bu buyurtmani qaytarish so'rovi allaqachon ko'rib chiqilmoqda",
      });
      const rows = await ctx.db
        .select()
        .from(returnRequests)
        .where(eq(returnRequests.orderId, orderId));
      expect(rows).toMatchObject([
        { customerId: b.customer.id, reason: 'Не тот цвет', status: 'requested' },
      ]);
    });

    it('takes a request without a body or a reason, for a completed order too', async () => {
      const { b, orderId } = await delivered(5);
      const res = await ask(b, orderId);
      expect(res.statusCode, res.body).toBe(200);
      expect((await requestOf(orderId)).reason).toBeNull();
    });

    it('refuses an order not delivered (409), another customer’s (404), a bad reason (400)', async () => {
      const b = await shop.buyer();
      const phone = await shop.product();
      const placed = await shop.order(b, [{ id: phone.id }], { payment_type: 'full' });
      const early = await ask(b, placed.order_id);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('ORDER_NOT_RETURNABLE');
      const { orderId } = await delivered();
      const other = await ask(b, orderId);
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('ORDER_NOT_FOUND');
      const { b: owner, orderId: mine } = await delivered();
      const long = await ask(owner, mine, { reason: 'x'.repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors.reason).toBeDefined();
    });
  });

  describe('POST /api/admin/returns/:id/accept', () => {
    it('returns the order: refunded, stock back, audited, and the request marked accepted', async () => {
      const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
      const { b, orderId, productId } = await delivered();
      const stockBefore = await stockOf(ctx.db, productId);
      await ask(b, orderId);
      const request = await requestOf(orderId);

      const res = await decide(operator, request.id, 'accept');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        id: request.id,
        order_id: orderId,
        status: 'accepted',
        customer_id: b.customer.id,
        amount: 900_000,
        payment_type: 'full',
        decided_at: expect.any(String),
      });
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ status: 10, returnedAt: expect.any(Date) });
      const paid = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(paid.map((p) => p.state)).toEqual(['refunded']);
      expect(await stockOf(ctx.db, productId)).toBe((stockBefore ?? 0) + 1);
      const [decided] = await ctx.db
        .select()
        .from(returnRequests)
        .where(eq(returnRequests.id, request.id));
      expect(decided).toMatchObject({ status: 'accepted', decidedBy: operator.staffId });
      const audit = await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.staffId, operator.staffId));
      expect(audit.map((a) => a.action).sort()).toEqual(['order.return', 'return_request.accept']);
      expect(audit.find((a) => a.action === 'return_request.accept')).toMatchObject({
        objectType: 'return_request',
        objectId: String(request.id),
        before: { status: 'requested' },
        after: { status: 'accepted', order_id: orderId },
      });
      const mine = await call(b, 'GET', `/api/orders/${orderId}`);
      expect(mine.json().data).toMatchObject({
        status: 10,
        can_return: false,
        return_request: { status: 'accepted' },
      });

      const again = await decide(operator, request.id, 'accept');
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('RETURN_REQUEST_DECIDED');
      const reject = await decide(operator, request.id, 'reject', { reason: 'Поздно' });
      expect(reject.statusCode).toBe(409);
      expect((await decide(operator, 2_000_000_000, 'accept')).statusCode).toBe(404);
    });

    itRaces(
      'of two accepts at once, one refunds and the other is told it was decided',
      async () => {
        const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
        const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
        const { b, orderId } = await delivered();
        await ask(b, orderId);
        const request = await requestOf(orderId);
        const answers = await Promise.all([
          decide(owner, request.id, 'accept'),
          decide(operator, request.id, 'accept'),
        ]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
        expect(payment!.state).toBe('refunded');
        const refunds = (
          await sandboxOf(ctx.app).listReceipts(new Date(0), new Date('9999-12-31T00:00:00Z'))
        ).filter((r) => r.id === payment!.receiptId && r.state === 'cancelled');
        expect(refunds).toHaveLength(1);
        const returned = await ctx.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'order.return'), eq(auditLog.objectId, String(orderId))));
        expect(returned).toHaveLength(1);
      },
    );
  });

  describe('POST /api/admin/returns/:id/reject', () => {
    it('tells the customer why, keeps the order, and lets them ask again', async () => {
      const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
      const { b, orderId } = await delivered();
      await ask(b, orderId);
      const request = await requestOf(orderId);

      const short = await decide(operator, request.id, 'reject', { reason: 'no' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors.reason).toBeDefined();

      const res = await decide(operator, request.id, 'reject', {
        reason: 'Упаковка вскрыта и повреждена',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'rejected',
        reject_reason: 'Упаковка вскрыта и повреждена',
      });
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.status).toBe(4);
      const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(payment!.state).toBe('paid');

      const [notice] = await ctx.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.customerId, b.customer.id),
            eq(notifications.kind, 'return_rejected'),
          ),
        );
      expect(notice).toMatchObject({
        textRu: `Запрос на возврат заказа №${orderId} отклонён. Причина: Упаковка вскрыта и повреждена`,
        textUz: `№${orderId} buyurtmani qaytarish so'rovi rad etildi. Sabab: Упаковка вскрыта и повреждена`,
      });
      const sms = (ctx.app.sms as LogSmsProvider).outbox(b.customer.phone);
      expect(sms[0]?.text).toContain('Упаковка вскрыта и повреждена');
      const [audit] = await ctx.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'return_request.reject'),
            eq(auditLog.objectId, String(request.id)),
          ),
        );
      expect(audit).toMatchObject({
        staffId: operator.staffId,
        before: { status: 'requested' },
        after: { status: 'rejected', reason: 'Упаковка вскрыта и повреждена' },
      });
      const events = await ctx.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId));
      expect(events.map((e) => e.step)).toEqual(['return_requested', 'return_rejected']);

      const mine = await call(b, 'GET', `/api/orders/${orderId}`, undefined, { lang: 'uz' });
      expect(mine.json().data).toMatchObject({
        can_return: true,
        return_request: { status: 'rejected', reject_reason: 'Упаковка вскрыта и повреждена' },
      });
      const again = await ask(b, orderId);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.return_request).toMatchObject({
        status: 'requested',
        reject_reason: null,
      });
    });
  });

  describe('GET /api/admin/returns', () => {
    it('lists the waiting requests the longest waiting first, with the customer and the sum', async () => {
      const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
      const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
      const first = await delivered();
      const second = await delivered();
      await ask(first.b, first.orderId);
      await ask(second.b, second.orderId);
      // the first waited a day and a half
      await ctx.db
        .update(returnRequests)
        .set({ requestedAt: new Date(Date.now() - 36 * 3600 * 1000) })
        .where(eq(returnRequests.orderId, first.orderId));
      const list = (query = '') =>
        ctx.app.inject({ url: `/api/admin/returns${query}`, headers: as(viewer) });
      const waiting = await list('?limit=100');
      expect(waiting.statusCode, waiting.body).toBe(200);
      const rows = waiting.json().data as { order_id: number; waited_hours: number }[];
      const mine = rows.filter((r) => [first.orderId, second.orderId].includes(r.order_id));
      expect(mine.map((r) => r.order_id)).toEqual([first.orderId, second.orderId]);
      expect(mine[0]).toMatchObject({
        status: 'requested',
        customer_phone: first.b.customer.phone,
        customer_name: null,
        amount: 900_000,
        payment_type: 'full',
        waited_hours: 36,
        decided_at: null,
      });
      expect(waiting.json().meta).toMatchObject({ current_page: 1, per_page: 100 });

      const request = await requestOf(second.orderId);
      await decide(operator, request.id, 'reject', { reason: 'Товар использовался' });
      const rejected = (await list('?status=rejected')).json().data as { id: number }[];
      expect(rejected[0]).toMatchObject({ id: request.id, reject_reason: 'Товар использовался' });
      expect((await list('?status=lost')).statusCode).toBe(400);
    });

    it('is for staff who read orders; deciding is for those who write them', async () => {
      const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
      const { b, orderId } = await delivered();
      await ask(b, orderId);
      const request = await requestOf(orderId);
      const refused = await decide(viewer, request.id, 'accept');
      expect(refused.statusCode).toBe(403);
      expect((await requestOf(orderId)).status).toBe('requested');
    });
  });
});
