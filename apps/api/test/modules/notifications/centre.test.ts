import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  credits,
  jobs,
  messageOutbox,
  notifications,
  productAlerts,
  products,
} from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { fireAlerts, PRICE_ALERT_GAP_MS } from '../../../src/modules/notifications/alerts.ts';
import {
  deliverNotice,
  type Notice,
  registerNoticeChannel,
  sendNotice,
} from '../../../src/modules/notifications/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { createCategory, createCredit, createProduct } from '../../helpers/factories.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';

const orderNotice = (id: number): Notice => ({
  kind: 'order_status',
  text: { uz: `№${id} buyurtma yo'lda`, ru: `Заказ №${id} в пути` },
  link: { type: 'order', id },
});
const paidNotice = (id: number): Notice => ({
  kind: 'payment_paid',
  text: { uz: `№${id} to'landi`, ru: `Заказ №${id} оплачен` },
  link: { type: 'payment', order_id: id },
});
const promotion: Notice = {
  kind: 'promotion',
  text: { uz: 'Chegirmalar haftasi', ru: 'Неделя скидок' },
};

describe('the notification centre', () => {
  const ctx = useTestApp();
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const sent: { phone: string; text: string }[] = [];
  const deps = () => ({
    db: ctx.db,
    sms: {
      name: 'test',
      send: async (m: { phone: string; text: string }) => {
        sent.push(m);
      },
    },
    log: quiet,
  });
  const deliver = (customerId: number, notice: Notice) =>
    inTransaction(ctx.db, (tx) => deliverNotice(tx, customerId, notice));
  const outboxOf = (customerId: number) =>
    ctx.db.select().from(messageOutbox).where(eq(messageOutbox.customerId, customerId));
  const get = (url: string, headers: Record<string, string>, lang = 'uz') =>
    ctx.app.inject({ url, headers: { ...headers, lang } });

  it('lists unread notices first with their links, counts them, and marks one or all read', async () => {
    const { customer, headers } = await createCustomerSession(ctx.db);
    const first = await deliver(customer.id, orderNotice(1));
    await deliver(customer.id, orderNotice(2));
    await ctx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, first));
    await deliver(customer.id, paidNotice(3));

    const unread = await get('/api/clients/notifications/unread', headers);
    expect(unread.json()).toEqual({ data: { unread: 2 } });
    const list = await get('/api/clients/notifications', headers, 'ru');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.map((n: { text: string; read: boolean; link: unknown; topic: string }) => [
          n.text,
          n.read,
          n.topic,
          n.link,
        ]),
    ).toEqual([
      ['Заказ №3 оплачен', false, 'payments', { type: 'payment', order_id: 3 }],
      ['Заказ №2 в пути', false, 'orders', { type: 'order', id: 2 }],
      ['Заказ №1 в пути', true, 'orders', { type: 'order', id: 1 }],
    ]);

    const one = list.json().data[1].id;
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/clients/notifications/${one}/read`,
      headers,
    });
    expect(read.statusCode).toBe(200);
    expect((await get('/api/clients/notifications/unread', headers)).json().data.unread).toBe(1);

    const all = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/notifications/read-all',
      headers: { ...headers, lang: 'ru' },
    });
    expect(all.json()).toEqual({ message: 'Все прочитаны' });
    expect((await get('/api/clients/notifications/unread', headers)).json().data.unread).toBe(0);
  });

  it("does not mark another customer's notice, nor a made-up one, and asks to sign in", async () => {
    const owner = await createCustomerSession(ctx.db);
    const other = await createCustomerSession(ctx.db);
    const id = await deliver(owner.customer.id, orderNotice(4));
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: `/api/clients/notifications/${id}/read`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NOTIFICATION_NOT_FOUND');
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row!.readAt).toBeNull();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/notifications/abc/read',
      headers: owner.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/clients/notifications/unread' })).statusCode).toBe(
      401,
    );
  });

  it('answers the defaults, saves a topic, and keeps promotions off until the customer consents', async () => {
    const { customer, headers } = await createCustomerSession(ctx.db);
    const before = await get('/api/clients/notification-settings', headers);
    expect(before.json().data).toMatchObject({ telegram_linked: false, credit_open: false });
    expect(before.json().data.topics).toContainEqual({
      topic: 'promotions',
      sms: false,
      telegram: false,
      in_shop: false,
    });

    await deliver(customer.id, promotion);
    expect(await outboxOf(customer.id)).toEqual([]);
    const [unseen] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, customer.id));
    expect(unseen!.readAt).not.toBeNull();

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/clients/notification-settings',
      headers,
      payload: { topics: [{ topic: 'promotions', sms: true, telegram: false, in_shop: true }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.topics).toContainEqual({
      topic: 'promotions',
      sms: true,
      telegram: false,
      in_shop: true,
    });
    await deliver(customer.id, promotion);
    const [sms] = await outboxOf(customer.id);
    // every promotional SMS says how to stop them
    expect(sms!.text).toBe("Bozor: Chegirmalar haftasi To'xtatish: Kabinet → Bildirishnomalar");
  });

  it('refuses a bad body with a message, never a 500', async () => {
    const { headers } = await createCustomerSession(ctx.db);
    for (const payload of [
      { topics: [{ topic: 'weather', sms: true, telegram: true, in_shop: true }] },
      { topics: [{ topic: 'orders', sms: 'yes', telegram: true, in_shop: true }] },
      { topics: [] },
      {
        topics: [
          { topic: 'orders', sms: true, telegram: true, in_shop: true },
          { topic: 'orders', sms: false, telegram: true, in_shop: true },
        ],
      },
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/clients/notification-settings',
        headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('keeps payments reaching a customer with an open credit', async () => {
    const { customer, headers } = await createCustomerSession(ctx.db);
    const off = { topic: 'payments', sms: false, telegram: false, in_shop: true };
    const put = () =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/clients/notification-settings',
        headers: { ...headers, lang: 'ru' },
        payload: { topics: [off] },
      });
    // without a credit the customer may silence payments
    expect((await put()).statusCode).toBe(200);
    await deliver(customer.id, paidNotice(5));
    expect(await outboxOf(customer.id)).toEqual([]);

    const credit = await createCredit(ctx.db, customer.id);
    await ctx.db.update(credits).set({ status: 'active' }).where(eq(credits.id, credit.id));
    const refused = await put();
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'PAYMENT_NOTICES_REQUIRED',
      message:
        'Пока рассрочка открыта, платежи и напоминания должны приходить по SMS или в Telegram',
    });
    // and a setting saved before the credit opened does not silence them either
    await deliver(customer.id, paidNotice(6));
    expect((await outboxOf(customer.id)).map((m) => m.channel)).toEqual(['sms']);
  });

  it('follows the channels chosen: no SMS when off, Telegram through the plugged sender, SMS when Telegram cannot reach a payment', async () => {
    const { customer, headers } = await createCustomerSession(ctx.db);
    const linked = new Set<number>();
    const telegram: { customerId: number; text: string; link: unknown }[] = [];
    const unplug = registerNoticeChannel('telegram', {
      reaches: async (_db, customerId) => linked.has(customerId),
      send: async (m) => {
        telegram.push({ customerId: m.customerId, text: m.text, link: m.link });
      },
    });
    try {
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/clients/notification-settings',
        headers,
        payload: {
          topics: [
            { topic: 'orders', sms: false, telegram: true, in_shop: true },
            { topic: 'payments', sms: false, telegram: true, in_shop: true },
          ],
        },
      });
      // not linked: an order step is only in the shop; a payment falls back to SMS
      await deliver(customer.id, orderNotice(7));
      await deliver(customer.id, paidNotice(7));
      expect((await outboxOf(customer.id)).map((m) => [m.kind, m.channel])).toEqual([
        ['payment_paid', 'sms'],
      ]);

      linked.add(customer.id);
      const settings = await get('/api/clients/notification-settings', headers);
      expect(settings.json().data.telegram_linked).toBe(true);
      await deliver(customer.id, orderNotice(8));
      await sendNotice(deps(), customer.id, orderNotice(8));
      expect(telegram).toEqual([
        { customerId: customer.id, text: "№8 buyurtma yo'lda", link: { type: 'order', id: 8 } },
      ]);
      const rows = await outboxOf(customer.id);
      expect(rows.filter((m) => m.channel === 'telegram').map((m) => m.sentAt)).toEqual([
        expect.any(Date),
      ]);
    } finally {
      unplug();
    }
  });

  describe('alerts', () => {
    const subscribe = (headers: Record<string, string>, productId: number, body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/clients/alerts/${productId}`,
        headers: { ...headers, lang: 'ru' },
        payload: body,
      });
    const alertJobs = () => ctx.db.select().from(jobs).where(eq(jobs.kind, 'product-alerts'));
    const noticesOf = (customerId: number) =>
      ctx.db.select().from(notifications).where(eq(notifications.customerId, customerId));

    it('back in stock: subscribes one tap on a sold-out product, fires once when the stock comes back from 0 (a job, not the change), and staff see who waits', async () => {
      const category = await createCategory(ctx.db);
      const product = await createProduct(ctx.db, { categoryId: category.id, stock: 0 });
      const { customer, headers } = await createCustomerSession(ctx.db);
      const res = await subscribe(headers, product.id, { kind: 'back_in_stock' });
      expect(res.statusCode).toBe(200);
      // a second tap keeps one subscription
      expect((await subscribe(headers, product.id, { kind: 'back_in_stock' })).statusCode).toBe(
        200,
      );
      const mine = await get(`/api/clients/alerts?product_id=${product.id}`, headers);
      expect(mine.json().data).toMatchObject([{ product_id: product.id, kind: 'back_in_stock' }]);

      const staff = await signedInStaff(ctx.app, ctx.db, 'content_manager');
      const counts = await ctx.app.inject({
        url: `/api/admin/products/${product.id}/alerts`,
        headers: as(staff),
      });
      expect(counts.json()).toEqual({ data: { back_in_stock: 1, price_drop: 0 } });

      // a change that brings nothing back schedules nothing
      await ctx.db.update(products).set({ nameRu: 'Новое имя' }).where(eq(products.id, product.id));
      const before = (await alertJobs()).length;
      await ctx.db.update(products).set({ stock: 3 }).where(eq(products.id, product.id));
      const scheduled = await alertJobs();
      expect(scheduled.length).toBe(before + 1);
      expect(scheduled.at(-1)!.payload).toEqual({ products: [product.id] });
      // nothing was told inside the change itself
      expect(await noticesOf(customer.id)).toEqual([]);

      const now = new Date();
      expect(await fireAlerts(deps(), [product.id], now)).toBe(1);
      expect(await fireAlerts(deps(), [product.id], now)).toBe(0);
      const told = await noticesOf(customer.id);
      expect(told.map((n) => [n.kind, n.textRu, n.link])).toEqual([
        [
          'back_in_stock',
          '«Новое имя» снова в продаже. Успейте заказать',
          { type: 'product', slug: product.slug },
        ],
      ]);
      const after = await ctx.app.inject({
        url: `/api/admin/products/${product.id}/alerts`,
        headers: as(staff),
      });
      expect(after.json().data.back_in_stock).toBe(0);
    });

    it('refuses "back" on a product in stock, a sum not below the price, and an unknown product; cancels', async () => {
      const category = await createCategory(ctx.db);
      const product = await createProduct(ctx.db, { categoryId: category.id, price: 1_000_000 });
      const { headers } = await createCustomerSession(ctx.db);
      const inStock = await subscribe(headers, product.id, { kind: 'back_in_stock' });
      expect(inStock.statusCode).toBe(409);
      expect(inStock.json().code).toBe('ALERT_IN_STOCK');
      const notBelow = await subscribe(headers, product.id, {
        kind: 'price_drop',
        below_price: 1_000_000,
      });
      expect(notBelow.statusCode).toBe(422);
      expect(notBelow.json().errors).toEqual({ below_price: [expect.any(String)] });
      const typo = await subscribe(headers, product.id, { kind: 'price_drop', below_price: -5 });
      expect(typo.statusCode).toBe(400);
      expect((await subscribe(headers, 999_999, { kind: 'price_drop' })).statusCode).toBe(404);

      expect((await subscribe(headers, product.id, { kind: 'price_drop' })).statusCode).toBe(200);
      const cancel = () =>
        ctx.app.inject({
          method: 'DELETE',
          url: `/api/clients/alerts/${product.id}/price_drop`,
          headers,
        });
      expect((await cancel()).statusCode).toBe(200);
      expect((await cancel()).statusCode).toBe(404);
    });

    it('cheaper: fires once when the price falls to the chosen sum, and at most once a week per product', async () => {
      const category = await createCategory(ctx.db);
      const product = await createProduct(ctx.db, { categoryId: category.id, price: 1_000_000 });
      const { customer, headers } = await createCustomerSession(ctx.db);
      expect(
        (await subscribe(headers, product.id, { kind: 'price_drop', below_price: 900_000 }))
          .statusCode,
      ).toBe(200);
      const setPrice = (price: number) =>
        ctx.db.update(products).set({ price }).where(eq(products.id, product.id));

      const now = new Date();
      await setPrice(950_000);
      expect(await fireAlerts(deps(), [product.id], now)).toBe(0);
      await setPrice(890_000);
      expect(await fireAlerts(deps(), [product.id], now)).toBe(1);
      await setPrice(800_000);
      expect(await fireAlerts(deps(), [product.id], now)).toBe(0);
      expect((await noticesOf(customer.id)).map((n) => n.textUz)).toEqual([
        `"${product.nameUz}" arzonlashdi: endi 890 000 so'm`,
      ]);

      // subscribed again, the price falls again within the week: told only once the week is over
      expect((await subscribe(headers, product.id, { kind: 'price_drop' })).statusCode).toBe(200);
      await setPrice(700_000);
      expect(await fireAlerts(deps(), [product.id], now)).toBe(0);
      const later = new Date(now.getTime() + PRICE_ALERT_GAP_MS + 1);
      expect(await fireAlerts(deps(), [product.id], later)).toBe(1);
      const waiting = await ctx.db
        .select()
        .from(productAlerts)
        .where(eq(productAlerts.customerId, customer.id));
      expect(waiting.every((a) => a.firedAt !== null)).toBe(true);
    });
  });
});
