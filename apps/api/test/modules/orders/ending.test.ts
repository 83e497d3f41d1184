import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, notifications, orders, returnRequests } from '../../../src/db/schema/index.ts';
import type { LogSmsProvider } from '../../../src/providers/sms/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { payRequest } from '../payments/fixtures.ts';

describe('what a cancelled or returned order tells the customer of the money', () => {
  const ctx = useTestApp();

  /** A confirmed installment order (delivered, for a return) of a customer with a card. */
  async function orderOnCredit(options: { delivered?: boolean; lang?: 'uz' | 'ru' } = {}) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    if (options.lang) {
      await ctx.db
        .update(customers)
        .set({ lang: options.lang })
        .where(eq(customers.id, session.customer.id));
    }
    const card = await bindCard(ctx.app, session.customer.id);
    const { order, credit } = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      orderStatus: options.delivered ? 4 : 2,
    });
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    return {
      ...session,
      order,
      payByCard: async (amount: number) => {
        const res = await payRequest(
          ctx.app,
          session.headers,
          `/api/credits/payment/${credit.id}`,
          {
            body: { card_id: card.id, amount },
          },
        );
        expect(res.statusCode, res.body).toBe(200);
      },
      payInCash: async (amount: number) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/credits/${credit.id}/cash-payments`,
          headers: { ...as(officer), 'idempotency-key': randomUUID() },
          payload: { amount, receipt_number: `R-${randomUUID().slice(0, 8)}` },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    };
  }

  const cancel = async (headers: Record<string, string>, orderId: number) => {
    const res = await payRequest(ctx.app, headers, `/api/orders/cancel/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
  };

  /** The order's ending notice as it was recorded, and the SMS the customer got last. */
  async function toldOf(customerId: number, phone: string, kind: string) {
    const [notice] = await ctx.db
      .select({ uz: notifications.textUz, ru: notifications.textRu })
      .from(notifications)
      .where(and(eq(notifications.customerId, customerId), eq(notifications.kind, kind)));
    const [sms] = (ctx.app.sms as LogSmsProvider).outbox(phone);
    return { ...notice, sms: sms?.text };
  }

  it('says that money paid by card goes back to the card', async () => {
    const { customer, order, headers, payByCard } = await orderOnCredit();
    await payByCard(250_000);
    await cancel(headers, order.id);
    expect(await toldOf(customer.id, customer.phone, 'order_cancelled')).toEqual({
      uz: `№${order.id} buyurtma bekor qilindi. 250 000 so'm kartangizga qaytariladi.`,
      ru: `Заказ №${order.id} отменён. 250 000 сум вернутся на карту.`,
      sms: `Bozor: №${order.id} buyurtma bekor qilindi. 250 000 so'm kartangizga qaytariladi.`,
    });
  });

  it('says that cash is handed back at a branch against the passport and the receipt, not to a card', async () => {
    const { customer, order, headers, payInCash } = await orderOnCredit({ lang: 'ru' });
    await payInCash(400_000);
    await cancel(headers, order.id);
    expect(await toldOf(customer.id, customer.phone, 'order_cancelled')).toEqual({
      uz: `№${order.id} buyurtma bekor qilindi. 400 000 so'm Bozor filialida naqd pulda qaytariladi: pasportingiz va kvitansiyani olib keling.`,
      ru: `Заказ №${order.id} отменён. 400 000 сум вернём наличными в филиале Bozor: возьмите паспорт и квитанцию.`,
      sms: `Bozor: Заказ №${order.id} отменён. 400 000 сум вернём наличными в филиале Bozor: возьмите паспорт и квитанцию.`,
    });
  });

  it('tells the card sum and the cash sum of a return apart, with every receipt', async () => {
    const { customer, order, headers, payByCard, payInCash } = await orderOnCredit({
      delivered: true,
    });
    await payByCard(300_000);
    await payInCash(100_000);
    await payInCash(50_000);
    const asked = await payRequest(ctx.app, headers, `/api/orders/return/${order.id}`);
    expect(asked.statusCode, asked.body).toBe(200);
    const [request] = await ctx.db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id));
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${request!.id}/accept`,
      headers: as(operator),
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await toldOf(customer.id, customer.phone, 'order_returned')).toEqual({
      uz: `№${order.id} buyurtma qaytarildi. 300 000 so'm kartangizga qaytariladi. 150 000 so'm Bozor filialida naqd pulda qaytariladi: pasportingiz va kvitansiyalarni olib keling.`,
      ru: `Заказ №${order.id} возвращён. 300 000 сум вернутся на карту. 150 000 сум вернём наличными в филиале Bozor: возьмите паспорт и квитанции.`,
      sms: `Bozor: №${order.id} buyurtma qaytarildi. 300 000 so'm kartangizga qaytariladi. 150 000 so'm Bozor filialida naqd pulda qaytariladi: pasportingiz va kvitansiyalarni olib keling.`,
    });
  });

  it('says nothing of money when nothing was paid', async () => {
    const { customer, order, headers } = await orderOnCredit();
    await cancel(headers, order.id);
    const [ended] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(ended!.status).toBe(-2);
    expect(await toldOf(customer.id, customer.phone, 'order_cancelled')).toEqual({
      uz: `№${order.id} buyurtma bekor qilindi.`,
      ru: `Заказ №${order.id} отменён.`,
      sms: `Bozor: №${order.id} buyurtma bekor qilindi.`,
    });
  });
});
