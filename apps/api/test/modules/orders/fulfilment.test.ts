import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  deliveryAddresses,
  districts,
  notifications,
  orders,
} from '../../../src/db/schema/index.ts';
import type { LogSmsProvider } from '../../../src/providers/sms/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';

describe('orders to the door', () => {
  const ctx = useTestApp();

  async function paidOrder(deliveryType: 'address' | 'pickup') {
    const { customer, token } = await createCustomerSession(ctx.db);
    const [order] = await ctx.db
      .insert(orders)
      .values({
        customerId: customer.id,
        status: 2,
        paymentType: 'full',
        total: 169_000,
        deliveryType,
        deliveryUz: deliveryType === 'pickup' ? 'Olib ketish: Chilonzor' : 'Toshkent, Chilonzor 1',
        deliveryRu: deliveryType === 'pickup' ? 'Самовывоз: Чиланзар' : 'Ташкент, Чиланзар 1',
        paidAt: new Date(),
      })
      .returning();
    return { order: order!, customer, token };
  }

  const act = (headers: Record<string, string>, id: number, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/actions`,
      headers: { ...headers, lang: 'ru' },
      payload,
    });

  it('takes a delivery from confirmed to delivered; the customer sees each step', async () => {
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const { order, customer, token } = await paidOrder('address');

    const packed = await act(as(operator), order.id, { action: 'pack' });
    expect(packed.statusCode).toBe(200);
    expect(packed.json().data).toMatchObject({ step: 'packed', next_actions: ['hand_to_courier'] });
    // the customer reads the step in their own list and order page, in their language
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: { authorization: `Bearer ${token}`, lang: 'ru' },
    });
    expect(seen.json().data).toMatchObject({
      status: 2,
      status_name: 'Упакован и готов к отправке',
      step: 'packed',
    });
    expect(seen.json().data.progress.at(-1)).toMatchObject({
      step: 'packed',
      name: 'Упакован и готов к отправке',
    });

    const incomplete = await act(as(operator), order.id, { action: 'hand_to_courier' });
    expect(incomplete.statusCode).toBe(400);
    expect(Object.keys(incomplete.json().errors).sort()).toEqual([
      'courier_name',
      'tracking_number',
    ]);

    const handed = await act(as(operator), order.id, {
      action: 'hand_to_courier',
      courier_name: 'Jasur Aliyev',
      tracking_number: 'BZ-TRK-0042',
    });
    expect(handed.json().data).toMatchObject({
      step: 'with_courier',
      courier_name: 'Jasur Aliyev',
      tracking_number: 'BZ-TRK-0042',
      order: { status: 3 },
    });
    const delivered = await act(as(operator), order.id, { action: 'deliver' });
    const detail = delivered.json().data;
    expect(detail).toMatchObject({ step: 'delivered', next_actions: [], order: { status: 4 } });
    expect(detail.history.map((h: { step: string }) => h.step)).toEqual([
      'placed',
      'paid',
      'packed',
      'with_courier',
      'delivered',
    ]);

    // the customer's own order page says delivered, and a return is now possible
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.json().data).toMatchObject({
      status: 4,
      can_return: true,
      step: 'delivered',
      courier_name: 'Jasur Aliyev',
      tracking_number: 'BZ-TRK-0042',
    });
    expect(mine.json().data.progress.map((p: { step: string }) => p.step)).toEqual([
      'placed',
      'paid',
      'packed',
      'with_courier',
      'delivered',
    ]);
    const notes = await ctx.db
      .select({ text: notifications.textRu })
      .from(notifications)
      .where(eq(notifications.customerId, customer.id));
    expect(notes.map((n) => n.text)).toEqual([
      `Заказ №${order.id}: Упакован и готов к отправке.`,
      `Заказ №${order.id}: Передан курьеру. Курьер: Jasur Aliyev, номер для отслеживания BZ-TRK-0042.`,
      `Заказ №${order.id}: Доставлен.`,
    ]);
    const sms = (ctx.app.sms as LogSmsProvider).outbox(customer.phone);
    expect(sms).toHaveLength(3);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(order.id)));
    expect(audit.map((a) => a.action)).toEqual([
      'order.pack',
      'order.hand_to_courier',
      'order.deliver',
    ]);
    expect(audit.every((a) => a.staffId === operator.staffId)).toBe(true);
  });

  it('takes a pick-up from confirmed to picked up', async () => {
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const { order } = await paidOrder('pickup');
    await act(as(operator), order.id, { action: 'pack' });
    const ready = await act(as(operator), order.id, { action: 'ready_for_pickup' });
    expect(ready.json().data).toMatchObject({
      step: 'ready_for_pickup',
      next_actions: ['pick_up'],
    });
    const picked = await act(as(operator), order.id, { action: 'pick_up' });
    expect(picked.json().data).toMatchObject({ step: 'picked_up', order: { status: 4 } });
  });

  it('refuses a step out of turn with a 409 that names where the order is', async () => {
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const { order } = await paidOrder('address');
    const early = await act(as(operator), order.id, { action: 'deliver' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'ORDER_STEP_INVALID',
      message: 'В текущем состоянии заказа это действие недоступно',
    });
    const wrongWay = await act(as(operator), order.id, { action: 'ready_for_pickup' });
    expect(wrongWay.statusCode).toBe(409);
    await ctx.db.update(orders).set({ status: 1, paidAt: null }).where(eq(orders.id, order.id));
    expect((await act(as(operator), order.id, { action: 'pack' })).statusCode).toBe(409);
    expect((await act(as(operator), 2_000_000_000, { action: 'pack' })).statusCode).toBe(404);
  });

  it('lists the queue by status, delivery and a phone or order number', async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const { order, customer } = await paidOrder('pickup');
    const list = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: as(viewer) });
    const byNumber = (await list(`q=%23${order.id}`)).json();
    expect(byNumber.data.map((o: { id: number }) => o.id)).toContain(order.id);
    const byPhone = (await list(`q=${customer.phone.slice(-7)}`)).json();
    expect(byPhone.data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const pickups = (await list('delivery_type=pickup&status=2')).json();
    expect(pickups.data.every((o: { delivery_type: string }) => o.delivery_type === 'pickup')).toBe(
      true,
    );
    const bad = await list('q=drop%20table');
    expect(bad.statusCode).toBe(400);
    // a viewer reads but cannot move an order
    expect((await act(as(viewer), order.id, { action: 'pack' })).statusCode).toBe(403);
  });

  it('lists by the Tashkent days placed and by the region delivered to', async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const { order, customer } = await paidOrder('address');
    // placed at 23:30 Tashkent time on 1 March (18:30 UTC)
    await ctx.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-01T18:30:00Z') })
      .where(eq(orders.id, order.id));
    const [district] = await ctx.db.select().from(districts).limit(1);
    const [address] = await ctx.db
      .insert(deliveryAddresses)
      .values({
        customerId: customer.id,
        regionId: district!.regionId,
        districtId: district!.id,
        address: 'Bunyodkor 1',
        phone: customer.phone,
      })
      .returning();
    await ctx.db.update(orders).set({ addressId: address!.id }).where(eq(orders.id, order.id));
    const ids = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/orders?q=${customer.phone.slice(-7)}&${query}`,
        headers: as(viewer),
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.map((o: { id: number }) => o.id);
    };
    expect(await ids('from=2026-03-01&to=2026-03-01')).toEqual([order.id]);
    expect(await ids('from=2026-03-02')).toEqual([]);
    expect(await ids('to=2026-02-28')).toEqual([]);
    expect(await ids(`region_id=${district!.regionId}`)).toEqual([order.id]);
    expect(await ids(`region_id=${district!.regionId + 1}`)).toEqual([]);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders?from=2026-13-40',
      headers: as(viewer),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('staff cancelling an order', () => {
  const ctx = useTestApp();

  it('cancels with a reason the customer reads, once, and not after it ships', async () => {
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const { customer } = await createCustomerSession(ctx.db);
    const [order] = await ctx.db
      .insert(orders)
      .values({
        customerId: customer.id,
        status: 2,
        paymentType: 'full',
        total: 90_000,
        deliveryUz: 'Toshkent',
        deliveryRu: 'Ташкент',
      })
      .returning();
    const cancel = (reason: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order!.id}/cancel`,
        headers: { ...as(operator), lang: 'ru' },
        payload: { reason },
      });
    expect((await cancel('x')).statusCode).toBe(400);
    const done = await cancel('Нет на складе');
    expect(done.statusCode).toBe(200);
    const detail = done.json().data;
    expect(detail).toMatchObject({ step: 'cancelled', order: { status: -2 } });
    expect(detail.history.at(-1)).toMatchObject({ step: 'cancelled', note: 'Нет на складе' });
    expect(detail.history.filter((h: { step: string }) => h.step === 'cancelled')).toHaveLength(1);
    const [note] = await ctx.db
      .select({ text: notifications.textRu })
      .from(notifications)
      .where(eq(notifications.customerId, customer.id));
    expect(note?.text).toBe(`Заказ №${order!.id} отменён. Причина: Нет на складе`);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'order.cancel'));
    expect(audit).toMatchObject({ staffId: operator.staffId, objectId: String(order!.id) });

    const twice = await cancel('Нет на складе');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ORDER_NOT_CANCELLABLE');
  });
});
