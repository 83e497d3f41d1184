import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  basketItems,
  cards,
  checkoutItems,
  creditInstallments,
  credits,
  orderItems,
  orders,
  products,
  tariffs,
} from '../../../src/db/schema/index.ts';
import { stockOf } from '../../../src/modules/catalogue/stock.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { createInstallmentOrder } from '../../helpers/checkout.ts';
import { itRaces } from '../../helpers/database.ts';
import { createTariffs } from '../../helpers/factories.ts';
import { checkoutCalls } from './buyer.ts';

/** The monthly due dates of an order placed at `placedAt`, worked out day by day in Tashkent. */
function referenceDueDates(placedAt: Date, months: number): string[] {
  const tashkent = new Date(placedAt.getTime() + 5 * 3600 * 1000);
  const day = tashkent.getUTCDate();
  const dates: string[] = [];
  let year = tashkent.getUTCFullYear();
  let month = tashkent.getUTCMonth() + 1;
  for (let i = 0; i < months; i += 1) {
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    const length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
    dates.push(
      `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, length)).padStart(2, '0')}`,
    );
  }
  return dates;
}

describe('checkout', () => {
  const ctx = useTestApp();
  const shop = checkoutCalls(ctx);
  const { call } = shop;
  let sixMonths: number;

  beforeAll(async () => {
    await createTariffs(ctx.db);
    const [row] = await ctx.db.select().from(tariffs).where(eq(tariffs.months, 6));
    sixMonths = row!.id;
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['POST', '/api/baskets/add-to-order'],
      ['GET', '/api/order-products'],
      ['POST', '/api/orders'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('POST /api/baskets/add-to-order and GET /api/order-products', () => {
    it('takes the chosen lines with their counts, priced now, replacing the lines before', async () => {
      const s = await createCustomerSession(ctx.db);
      const phone = await shop.product({ price: 1_500_000 });
      const tv = await shop.product({ price: 4_000_000 });
      const cable = await shop.product({ price: 50_000 });
      expect((await call(s, 'GET', '/api/order-products')).json()).toEqual({
        data: { items: [], count: 0, total: 0, size_class: 'standard' },
      });
      await shop.takeToCheckout(s, [{ id: cable.id }]);
      const [phoneLine, tvLine] = await shop.takeToCheckout(s, [
        { id: phone.id, count: 2 },
        { id: tv.id },
      ]);
      expect(phoneLine).toBeDefined();
      expect(tvLine).toBeDefined();
      await ctx.db.update(products).set({ price: 1_400_000 }).where(eq(products.id, phone.id));
      const res = await call(s, 'GET', '/api/order-products');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.items.map((i: { product_id: number }) => i.product_id)).toEqual([
        phone.id,
        tv.id,
      ]);
      expect(data.items[0]).toMatchObject({
        count: 2,
        price: 1_400_000,
        total: 2_800_000,
        product: { id: phone.id, slug: phone.slug, name: phone.nameRu },
      });
      expect(data.count).toBe(3);
      expect(data.total).toBe(6_800_000);
    });

    it("answers 404 for another customer's basket line and a line that does not exist", async () => {
      const alice = await createCustomerSession(ctx.db);
      const bob = await createCustomerSession(ctx.db);
      const phone = await shop.product();
      const [bobLine] = await shop.takeToCheckout(bob, [{ id: phone.id }]);
      for (const ids of [[bobLine!], [2_000_000_000]]) {
        const res = await call(alice, 'POST', '/api/baskets/add-to-order', { ids });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('BASKET_LINE_NOT_FOUND');
      }
    });

    it('answers 409 naming a product with no stock left', async () => {
      const s = await createCustomerSession(ctx.db);
      const phone = await shop.product({ stock: 1 });
      const res = await call(s, 'POST', '/api/baskets', { product_id: phone.id, count: 1 });
      await ctx.db.update(products).set({ stock: 0 }).where(eq(products.id, phone.id));
      const taken = await call(s, 'POST', '/api/baskets/add-to-order', {
        ids: [res.json().data.id],
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        code: 'OUT_OF_STOCK',
        message: `«${phone.nameRu}» нет в наличии в нужном количестве. Измените корзину`,
      });
    });

    it('puts a bad body under its field', async () => {
      const s = await createCustomerSession(ctx.db);
      for (const payload of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }, { ids: [2 ** 31] }]) {
        const res = await call(s, 'POST', '/api/baskets/add-to-order', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(res.json().errors)[0], JSON.stringify(payload)).toMatch(/^ids/);
      }
      const res = await call(s, 'POST', '/api/baskets/add-to-order', { ids: ['x'] });
      expect(res.json().errors).toEqual({ 'ids.0': ['Неверно указан товар в корзине'] });
    });
  });

  describe('POST /api/orders', () => {
    it('places an order paid in full: reserved stock, ordered lines leave the basket', async () => {
      const b = await shop.buyer();
      const phone = await shop.product({ price: 1_500_000, stock: 5 });
      const kept = await shop.product({ price: 99_000 });
      await call(b, 'POST', '/api/baskets', { product_id: kept.id, count: 1 });
      const placed = await shop.order(b, [{ id: phone.id, count: 2 }], { payment_type: 'full' });
      expect(placed).toEqual({
        order_id: expect.any(Number),
        credit_id: null,
        need_payed_price: 3_000_000,
      });
      expect(await stockOf(ctx.db, phone.id)).toBe(3);
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order_id));
      expect(order).toMatchObject({ status: 1, total: 3_000_000, prepayment: 0, tariffId: null });
      expect(order!.deliveryRu).toContain("Bunyodkor ko'chasi, 7-uy, кв. 12");
      const lines = await ctx.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, placed.order_id));
      expect(lines).toEqual([
        expect.objectContaining({ productId: phone.id, price: 1_500_000, count: 2 }),
      ]);
      const basket = await ctx.db
        .select({ productId: basketItems.productId })
        .from(basketItems)
        .where(eq(basketItems.customerId, b.customer.id));
      expect(basket).toEqual([{ productId: kept.id }]);
      expect(
        await ctx.db
          .select()
          .from(checkoutItems)
          .where(eq(checkoutItems.customerId, b.customer.id)),
      ).toEqual([]);
      expect(
        await ctx.db.select().from(credits).where(eq(credits.orderId, placed.order_id)),
      ).toEqual([]);
    });

    it('places an installment order with its credit and a schedule that sums to the credit', async () => {
      const b = await shop.buyer({ limit: 10_000_000 });
      const phone = await shop.product({ price: 2_345_678 });
      const tv = await shop.product({ price: 1_000_001 });
      const placed = await shop.order(b, [{ id: phone.id }, { id: tv.id, count: 2 }], {
        payment_type: 'installment',
        tariff_id: sixMonths,
        prepayment: 500_000,
      });
      expect(placed).toEqual({
        order_id: expect.any(Number),
        credit_id: expect.any(Number),
        need_payed_price: 500_000,
      });
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order_id));
      expect(order).toMatchObject({
        status: 1,
        paymentType: 'installment',
        total: 4_345_680,
        prepayment: 500_000,
        tariffId: sixMonths,
        cardId: b.cardId,
      });
      const [credit] = await ctx.db.select().from(credits).where(eq(credits.id, placed.credit_id!));
      // 3,845,680 × 1.24 = 4,768,643.2 → 4,768,700; a sixth is 794,783.3 → 794,800
      expect(credit).toMatchObject({
        customerId: b.customer.id,
        orderId: placed.order_id,
        status: 'not_signed',
        months: 6,
        markupPercent: 24,
        financed: 3_845_680,
        monthlyPayment: 794_800,
        total: 4_768_700,
        cardId: b.cardId,
      });
      const schedule = await ctx.db
        .select()
        .from(creditInstallments)
        .where(eq(creditInstallments.creditId, credit!.id))
        .orderBy(asc(creditInstallments.number));
      expect(schedule.map((row) => row.amount)).toEqual([
        794_800,
        794_800,
        794_800,
        794_800,
        794_800,
        4_768_700 - 5 * 794_800,
      ]);
      expect(schedule.reduce((sum, row) => sum + row.amount, 0)).toBe(credit!.total);
      expect(schedule.map((row) => row.dueDate)).toEqual(referenceDueDates(order!.createdAt, 6));
      expect(schedule.every((row) => row.paid === 0 && row.penalty === 0)).toBe(true);
    });

    it('answers LIMIT_NOT_ENOUGH with the least prepayment that fits', async () => {
      const b = await shop.buyer({ limit: 1_000_000 });
      const tv = await shop.product({ price: 3_000_000, stock: 4 });
      await shop.takeToCheckout(b, [{ id: tv.id }]);
      const res = await shop.placeOrder(b, {
        payment_type: 'installment',
        tariff_id: sixMonths,
        prepayment: 1_500_000,
        card_id: b.cardId,
        address_id: b.addressId,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'LIMIT_NOT_ENOUGH',
        message: 'Лимита не хватает: увеличьте первоначальный взнос',
        data: { min_prepayment: 2_000_000, available: 1_000_000, total: 3_000_000 },
      });
      expect(await stockOf(ctx.db, tv.id)).toBe(4);
      // the least prepayment goes through
      const ok = await shop.placeOrder(b, {
        payment_type: 'installment',
        tariff_id: sixMonths,
        prepayment: 2_000_000,
        card_id: b.cardId,
        address_id: b.addressId,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.need_payed_price).toBe(2_000_000);
    });

    it('refuses installments without scoring, with an overdue credit, or on an unknown tariff', async () => {
      const phone = await shop.product({ price: 1_000_000 });
      const body = (b: { cardId: number; addressId: number }, tariff = sixMonths) => ({
        payment_type: 'installment',
        tariff_id: tariff,
        card_id: b.cardId,
        address_id: b.addressId,
      });

      const unscored = await shop.buyer();
      await shop.takeToCheckout(unscored, [{ id: phone.id }]);
      const refused = await shop.placeOrder(unscored, body(unscored));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('SCORING_REQUIRED');

      const late = await shop.buyer({ limit: 10_000_000 });
      await createInstallmentOrder(ctx.db, {
        customerId: late.customer.id,
        cardId: late.cardId,
        creditStatus: 'overdue',
      });
      await shop.takeToCheckout(late, [{ id: phone.id }]);
      const overdue = await shop.placeOrder(late, body(late));
      expect(overdue.statusCode).toBe(422);
      expect(overdue.json().code).toBe('CREDIT_OVERDUE');
      // paying in full is still open to them
      const full = await shop.placeOrder(late, { ...body(late), payment_type: 'full' });
      expect(full.statusCode, full.body).toBe(200);

      const b = await shop.buyer({ limit: 10_000_000 });
      await shop.takeToCheckout(b, [{ id: phone.id }]);
      const [off] = await createTariffs(ctx.db, [{ months: 24, markupPercent: 90 }]);
      await ctx.db.update(tariffs).set({ isActive: false }).where(eq(tariffs.id, off!.id));
      for (const tariff of [off!.id, 2_000_000]) {
        const res = await shop.placeOrder(b, body(b, tariff));
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('TARIFF_NOT_FOUND');
      }
    });

    it("answers 404 for another customer's card or address, a deleted card, an unknown branch", async () => {
      const alice = await shop.buyer();
      const bob = await shop.buyer();
      const phone = await shop.product();
      await shop.takeToCheckout(alice, [{ id: phone.id }]);
      const full = { payment_type: 'full' };
      const cases: [object, string][] = [
        [{ card_id: bob.cardId, address_id: alice.addressId }, 'CARD_NOT_FOUND'],
        [{ card_id: alice.cardId, address_id: bob.addressId }, 'ADDRESS_NOT_FOUND'],
        [{ card_id: alice.cardId, branch_id: 2_000_000 }, 'BRANCH_NOT_FOUND'],
      ];
      for (const [body, code] of cases) {
        const res = await shop.placeOrder(alice, { ...full, ...body });
        expect(res.statusCode, code).toBe(404);
        expect(res.json().code).toBe(code);
      }
      await ctx.db.update(cards).set({ deletedAt: new Date() }).where(eq(cards.id, alice.cardId));
      const deleted = await shop.placeOrder(alice, {
        ...full,
        card_id: alice.cardId,
        address_id: alice.addressId,
      });
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json().code).toBe('CARD_NOT_FOUND');
      expect(await stockOf(ctx.db, phone.id)).toBe(100);
    });

    it('takes a branch for pick-up', async () => {
      const b = await shop.buyer();
      const branch = await shop.branch();
      const phone = await shop.product();
      await shop.takeToCheckout(b, [{ id: phone.id }]);
      const res = await shop.placeOrder(b, {
        payment_type: 'full',
        card_id: b.cardId,
        branch_id: branch.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [order] = await ctx.db
        .select()
        .from(orders)
        .where(eq(orders.id, res.json().data.order_id));
      expect(order).toMatchObject({
        branchId: branch.id,
        addressId: null,
        deliveryUz: 'Olib ketish: Chilonzor filiali, Toshkent, Chilonzor 5',
        deliveryRu: 'Самовывоз: Филиал Чиланзар, Ташкент, Чиланзар 5',
      });
    });

    it('answers CHECKOUT_EMPTY when nothing was taken to checkout', async () => {
      const b = await shop.buyer();
      const res = await shop.placeOrder(b, {
        payment_type: 'full',
        card_id: b.cardId,
        address_id: b.addressId,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('CHECKOUT_EMPTY');
    });

    it('puts bad bodies under their fields, never a 500', async () => {
      const b = await shop.buyer({ limit: 10_000_000 });
      const phone = await shop.product({ price: 1_000_000 });
      await shop.takeToCheckout(b, [{ id: phone.id }]);
      const base = { card_id: b.cardId, address_id: b.addressId };
      const cases: [object, Record<string, string[]>][] = [
        [
          { ...base, payment_type: 'cash' },
          { payment_type: ['Выберите способ оплаты: рассрочка или полная оплата'] },
        ],
        [{ ...base, payment_type: 'installment' }, { tariff_id: ['Для рассрочки выберите срок'] }],
        [
          { payment_type: 'full', card_id: b.cardId },
          { address_id: ['Выберите адрес доставки или пункт самовывоза'] },
        ],
        [
          { ...base, payment_type: 'full', branch_id: 1 },
          { address_id: ['Выберите адрес доставки или пункт самовывоза'] },
        ],
        [
          { ...base, payment_type: 'installment', tariff_id: 'x' },
          { tariff_id: ['Неверно указан тариф'] },
        ],
        [
          { payment_type: 'full', address_id: b.addressId, card_id: 0 },
          { card_id: ['Неверно указана карта'] },
        ],
        [
          { payment_type: 'full', card_id: b.cardId, address_id: 2 ** 31 },
          { address_id: ['Неверно указан адрес'] },
        ],
        [
          { payment_type: 'full', card_id: b.cardId, branch_id: -1 },
          { branch_id: ['Неверно указан филиал'] },
        ],
        [
          { ...base, payment_type: 'installment', tariff_id: sixMonths, prepayment: 1_000_000 },
          { prepayment: ['Первоначальный взнос должен быть меньше суммы заказа'] },
        ],
        [
          { ...base, payment_type: 'installment', tariff_id: sixMonths, prepayment: 999_999 },
          { prepayment: ['Первоначальный взнос должен быть меньше суммы заказа'] },
        ],
        [
          { ...base, payment_type: 'installment', tariff_id: sixMonths, prepayment: 1e12 },
          { prepayment: ['Сумма — целое число от 0 до 10 000 000 000 сум'] },
        ],
      ];
      for (const [body, errors] of cases) {
        const res = await shop.placeOrder(b, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
      }
      const noKey = await call(b, 'POST', '/api/orders', { ...base, payment_type: 'full' });
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
      expect(
        await ctx.db.select().from(orders).where(eq(orders.customerId, b.customer.id)),
      ).toEqual([]);
    });

    it('places one order for a repeat with the same Idempotency-Key', async () => {
      const b = await shop.buyer();
      const phone = await shop.product({ stock: 10 });
      await shop.takeToCheckout(b, [{ id: phone.id, count: 3 }]);
      const body = { payment_type: 'full', card_id: b.cardId, address_id: b.addressId };
      const key = randomUUID();
      const first = await shop.placeOrder(b, body, key);
      const again = await shop.placeOrder(b, body, key);
      expect(first.statusCode, first.body).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(
        await ctx.db.select().from(orders).where(eq(orders.customerId, b.customer.id)),
      ).toHaveLength(1);
      expect(await stockOf(ctx.db, phone.id)).toBe(7);
      // a new key finds checkout empty: the lines were ordered
      const other = await shop.placeOrder(b, body);
      expect(other.json().code).toBe('CHECKOUT_EMPTY');
    });

    it('takes nothing when a product ran out after it was taken to checkout', async () => {
      const b = await shop.buyer();
      const phone = await shop.product({ stock: 5 });
      const tv = await shop.product({ stock: 2 });
      await shop.takeToCheckout(b, [
        { id: phone.id, count: 2 },
        { id: tv.id, count: 2 },
      ]);
      await ctx.db.update(products).set({ stock: 1 }).where(eq(products.id, tv.id));
      const res = await shop.placeOrder(b, {
        payment_type: 'full',
        card_id: b.cardId,
        address_id: b.addressId,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'OUT_OF_STOCK',
        message: `«${tv.nameRu}» нет в наличии в нужном количестве. Измените корзину`,
      });
      expect(await stockOf(ctx.db, phone.id)).toBe(5);
      expect(await stockOf(ctx.db, tv.id)).toBe(1);
      expect(
        await ctx.db.select().from(orders).where(eq(orders.customerId, b.customer.id)),
      ).toEqual([]);
      // checkout still holds the lines, to be changed
      expect(
        await ctx.db
          .select()
          .from(checkoutItems)
          .where(eq(checkoutItems.customerId, b.customer.id)),
      ).toHaveLength(2);
    });

    itRaces('sells the last unit once when two customers buy it at once', async () => {
      const last = await shop.product({ stock: 1 });
      const alice = await shop.buyer();
      const bob = await shop.buyer();
      await shop.takeToCheckout(alice, [{ id: last.id }]);
      await shop.takeToCheckout(bob, [{ id: last.id }]);
      const body = (b: typeof alice) => ({
        payment_type: 'full',
        card_id: b.cardId,
        address_id: b.addressId,
      });
      const answers = await Promise.all([
        shop.placeOrder(alice, body(alice)),
        shop.placeOrder(bob, body(bob)),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('OUT_OF_STOCK');
      expect(await stockOf(ctx.db, last.id)).toBe(0);
      const sold = await ctx.db.select().from(orderItems).where(eq(orderItems.productId, last.id));
      expect(sold).toHaveLength(1);
    });
  });
});
