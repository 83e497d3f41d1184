import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PICKUP, DEFAULT_RATES } from '../../../src/db/delivery-rates.ts';
import {
  auditLog,
  credits,
  deliveryAddresses,
  deliveryRates,
  districts,
  orders,
  products,
  regions,
  tariffs,
} from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createTariffs } from '../../helpers/factories.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';
import { type Buyer, checkoutCalls } from '../orders/buyer.ts';

/** Moves the app's clock so that "now" is `at` (to the millisecond, give or take the test's run). */
function clockAt(app: { clock: { shift(ms: number): void } }, at: string) {
  app.clock.shift(Date.parse(at) - Date.now());
}

describe('delivery', () => {
  const ctx = useTestApp();
  const shop = checkoutCalls(ctx);
  const tashkent = DEFAULT_RATES['toshkent-shahri']!;
  const ids = { tashkent: 0, chilonzor: 0, viloyat: 0, bostonliq: 0, chirchiq: 0 };
  let sixMonths = 0;

  const quote = (query: string, lang = 'ru') =>
    ctx.app.inject({ url: `/api/delivery/quote?${query}`, headers: { lang } });
  const admin = (
    browser: Awaited<ReturnType<typeof signedInStaff>>,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...as(browser), lang: 'ru' },
      ...(payload ? { payload } : {}),
    });
  const regionRate = async (regionId: number) => {
    const [row] = await ctx.db
      .select()
      .from(deliveryRates)
      .where(and(eq(deliveryRates.regionId, regionId), isNull(deliveryRates.districtId)));
    return row!;
  };

  beforeAll(async () => {
    const place = async (regionSlug: string, districtSlug: string) => {
      const [row] = await ctx.db
        .select({ regionId: regions.id, districtId: districts.id })
        .from(districts)
        .innerJoin(regions, eq(regions.id, districts.regionId))
        .where(and(eq(regions.slug, regionSlug), eq(districts.slug, districtSlug)));
      return row!;
    };
    const chilonzor = await place('toshkent-shahri', 'chilonzor');
    const bostonliq = await place('toshkent-viloyati', 'bostonliq');
    const chirchiq = await place('toshkent-viloyati', 'chirchiq-shahri');
    ids.tashkent = chilonzor.regionId;
    ids.chilonzor = chilonzor.districtId;
    ids.viloyat = bostonliq.regionId;
    ids.bostonliq = bostonliq.districtId;
    ids.chirchiq = chirchiq.districtId;
    await createTariffs(ctx.db);
    const [six] = await ctx.db.select().from(tariffs).where(eq(tariffs.months, 6));
    sixMonths = six!.id;
  });

  afterEach(() => ctx.app.clock.reset());

  describe('the reference rates', () => {
    it('has a rate for pick-up and for every region, Tashkent city the cheapest and fastest', async () => {
      const rows = await ctx.db.select().from(deliveryRates);
      const allRegions = await ctx.db.select({ id: regions.id }).from(regions);
      const byRegion = rows.filter((r) => r.regionId !== null && r.districtId === null);
      expect(byRegion.map((r) => r.regionId).sort()).toEqual(allRegions.map((r) => r.id).sort());
      expect(rows.filter((r) => r.regionId === null)).toMatchObject([
        { courierFee: 0, freeFrom: null, days: DEFAULT_PICKUP.days },
      ]);
      for (const [slug, rate] of Object.entries(DEFAULT_RATES)) {
        // a freight courier costs more than a parcel's, and takes its time
        expect(rate.bulkyFee, slug).toBeGreaterThan(rate.courierFee);
        expect(rate.bulkyExtraDays, slug).toBeGreaterThanOrEqual(1);
        if (slug === 'toshkent-shahri') continue;
        expect(rate.courierFee, slug).toBeGreaterThan(tashkent.courierFee);
        expect(rate.days, slug).toBeGreaterThanOrEqual(tashkent.days);
        expect(rate.bulkyFee, slug).toBeGreaterThan(tashkent.bulkyFee);
      }
      expect(tashkent).toMatchObject({ bulkyFee: 150_000, bulkyExtraDays: 1 });
      expect(rows.find((r) => r.regionId === null)).toMatchObject({ bulkyFee: 0 });
    });
  });

  describe('GET /api/delivery/quote', () => {
    it('answers the courier fee below the free threshold, what is left to it and the day', async () => {
      // 10:00 in Tashkent: before the city's cut-off, delivered the next day
      clockAt(ctx.app, '2026-03-10T05:00:00Z');
      const res = await quote(`region_id=${ids.tashkent}&sum=300000`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        type: 'courier',
        size_class: 'standard',
        region: { id: ids.tashkent, name: 'город Ташкент' },
        fee: tashkent.courierFee,
        promised_on: '2026-03-11',
        free_from: tashkent.freeFrom,
        left_for_free: tashkent.freeFrom! - 300_000,
      });
      expect((await quote(`region_id=${ids.tashkent}`, 'uz')).json().data.region.name).toBe(
        'Toshkent shahri',
      );
    });

    it('delivers free from the threshold on', async () => {
      const at = await quote(`region_id=${ids.tashkent}&sum=${tashkent.freeFrom}`);
      expect(at.json().data).toMatchObject({ fee: 0, left_for_free: 0 });
      const below = await quote(`region_id=${ids.tashkent}&sum=${tashkent.freeFrom! - 1}`);
      expect(below.json().data).toMatchObject({ fee: tashkent.courierFee, left_for_free: 1 });
    });

    it('makes pick-up free whatever the basket, with its own days', async () => {
      clockAt(ctx.app, '2026-03-10T05:00:00Z');
      const res = await quote('type=pickup&sum=1000');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        type: 'pickup',
        size_class: 'standard',
        region: null,
        fee: 0,
        promised_on: `2026-03-${10 + DEFAULT_PICKUP.days}`,
        free_from: null,
        left_for_free: 0,
      });
    });

    it('charges a bulky basket the bulky fee even above the free threshold, days later', async () => {
      clockAt(ctx.app, '2026-03-10T05:00:00Z');
      const above = tashkent.freeFrom! * 4;
      const res = await quote(`region_id=${ids.tashkent}&sum=${above}&size_class=bulky`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        type: 'courier',
        size_class: 'bulky',
        region: { id: ids.tashkent, name: 'город Ташкент' },
        fee: tashkent.bulkyFee,
        promised_on: `2026-03-${11 + tashkent.bulkyExtraDays}`,
        free_from: null,
        left_for_free: 0,
      });
      // the same basket of standard goods goes free, the next day
      const standard = await quote(`region_id=${ids.tashkent}&sum=${above}`);
      expect(standard.json().data).toMatchObject({ fee: 0, promised_on: '2026-03-11' });
      // a branch hands bulky goods over free, the pick-up rate's extra days later
      const pickup = await quote('type=pickup&sum=1000&size_class=bulky');
      expect(pickup.json().data).toMatchObject({
        fee: 0,
        promised_on: `2026-03-${10 + DEFAULT_PICKUP.days + DEFAULT_PICKUP.bulkyExtraDays}`,
      });
      const unknown = await quote(`region_id=${ids.tashkent}&size_class=huge`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toHaveProperty('size_class');
    });

    it('counts an order placed after the cut-off hour (Tashkent time) from the next day', async () => {
      const cutoff = tashkent.cutoffHour;
      // half an hour before and after the cut-off, Tashkent being UTC+5
      const hh = (h: number) => String(h).padStart(2, '0');
      clockAt(ctx.app, `2026-03-10T${hh(cutoff - 6)}:30:00Z`);
      const before = (await quote(`region_id=${ids.tashkent}`)).json().data;
      clockAt(ctx.app, `2026-03-10T${hh(cutoff - 5)}:30:00Z`);
      const after = (await quote(`region_id=${ids.tashkent}`)).json().data;
      expect(before.promised_on).toBe('2026-03-11');
      expect(after.promised_on).toBe('2026-03-12');
    });

    it("uses a district's own rate where it has one, and its region's elsewhere", async () => {
      const viloyat = DEFAULT_RATES['toshkent-viloyati']!;
      const own = viloyat.districts!.bostonliq!;
      const mountains = await quote(`region_id=${ids.viloyat}&district_id=${ids.bostonliq}`);
      expect(mountains.json().data).toMatchObject({ fee: own.courierFee, free_from: own.freeFrom });
      const town = await quote(`region_id=${ids.viloyat}&district_id=${ids.chirchiq}`);
      expect(town.json().data).toMatchObject({
        fee: viloyat.courierFee,
        free_from: viloyat.freeFrom,
      });
      // a district of another region does not lend the region its rate
      const elsewhere = await quote(`region_id=${ids.tashkent}&district_id=${ids.bostonliq}`);
      expect(elsewhere.json().data.fee).toBe(tashkent.courierFee);
    });

    it('asks for the region of a courier, and answers 404 for a region with no rate', async () => {
      const none = await quote('sum=100');
      expect(none.statusCode).toBe(400);
      expect(none.json().errors).toHaveProperty('region_id');
      const unknown = await quote('region_id=2000000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('DELIVERY_RATE_NOT_FOUND');
      expect((await quote('region_id=1&sum=-5')).statusCode).toBe(400);
    });
  });

  describe('rates in the back office', () => {
    it('lists pick-up first, then the regions; a viewer reads them and cannot change them', async () => {
      const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
      const res = await admin(viewer, 'GET', '/delivery-rates');
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().data;
      expect(list[0]).toMatchObject({ kind: 'pickup', region: null, courier_fee: 0 });
      expect(list[1]).toMatchObject({ kind: 'region', region: { name: 'город Ташкент' } });
      expect(list.some((r: { kind: string }) => r.kind === 'district')).toBe(true);
      const rate = await regionRate(ids.tashkent);
      const body = {
        courier_fee: 1,
        free_from: null,
        days: 1,
        cutoff_hour: 12,
        bulky_fee: 2,
        bulky_extra_days: 0,
      };
      expect((await admin(viewer, 'PATCH', `/delivery-rates/${rate.id}`, body)).statusCode).toBe(
        403,
      );
      const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
      expect((await admin(operator, 'PATCH', `/delivery-rates/${rate.id}`, body)).statusCode).toBe(
        403,
      );
    });

    it("changes a region's rate, audited, and the next quote follows at once", async () => {
      const manager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
      const rate = await regionRate(ids.viloyat);
      const sum = 'sum=200000';
      const url = `region_id=${ids.viloyat}&district_id=${ids.chirchiq}&${sum}`;
      expect((await quote(url)).json().data.fee).toBe(rate.courierFee);
      const res = await admin(manager, 'PATCH', `/delivery-rates/${rate.id}`, {
        courier_fee: 27_000,
        free_from: 150_000,
        days: 4,
        cutoff_hour: 24,
        bulky_fee: 230_000,
        bulky_extra_days: 3,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        id: rate.id,
        kind: 'region',
        courier_fee: 27_000,
        free_from: 150_000,
        days: 4,
        cutoff_hour: 24,
        bulky_fee: 230_000,
        bulky_extra_days: 3,
      });
      expect((await quote(url)).json().data).toMatchObject({ fee: 0, free_from: 150_000 });
      expect((await quote(`${url}&size_class=bulky`)).json().data).toMatchObject({
        fee: 230_000,
        free_from: null,
      });
      expect(
        (await quote(`region_id=${ids.viloyat}&district_id=${ids.chirchiq}&sum=100000`)).json()
          .data,
      ).toMatchObject({ fee: 27_000, left_for_free: 50_000 });
      const [entry] = await ctx.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.objectType, 'delivery_rate'), eq(auditLog.objectId, String(rate.id))),
        );
      expect(entry).toMatchObject({
        action: 'delivery_rate.update',
        staffId: manager.staffId,
        before: expect.objectContaining({
          courier_fee: rate.courierFee,
          bulky_fee: rate.bulkyFee,
          bulky_extra_days: rate.bulkyExtraDays,
        }),
        after: expect.objectContaining({
          courier_fee: 27_000,
          free_from: 150_000,
          bulky_fee: 230_000,
          bulky_extra_days: 3,
        }),
      });
    });

    it('keeps pick-up free whatever is sent, and names wrong fields', async () => {
      const manager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
      const [pickup] = await ctx.db
        .select()
        .from(deliveryRates)
        .where(isNull(deliveryRates.regionId));
      const res = await admin(manager, 'PATCH', `/delivery-rates/${pickup!.id}`, {
        courier_fee: 10_000,
        free_from: 100,
        days: 2,
        cutoff_hour: 18,
        bulky_fee: 90_000,
        bulky_extra_days: 2,
      });
      expect(res.json().data).toMatchObject({
        courier_fee: 0,
        free_from: null,
        days: 2,
        bulky_fee: 0,
        bulky_extra_days: 2,
      });
      const bad = await admin(manager, 'PATCH', `/delivery-rates/${pickup!.id}`, {
        courier_fee: -1,
        free_from: 0,
        days: 31,
        cutoff_hour: 25,
        bulky_fee: -5,
        bulky_extra_days: 31,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({
        courier_fee: [expect.any(String)],
        free_from: [expect.any(String)],
        days: ['Дни — целое число от 0 до 30'],
        cutoff_hour: ['Час — целое число от 0 до 24 (24 — без ограничения)'],
        bulky_fee: [expect.any(String)],
        bulky_extra_days: ['Дополнительные дни для КГТ — целое число от 0 до 30'],
      });
      const uz = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/delivery-rates/${pickup!.id}`,
        headers: { ...as(manager), lang: 'uz' },
        payload: { courier_fee: 0, free_from: null, days: 1, cutoff_hour: 18, bulky_fee: 0 },
      });
      expect(uz.statusCode).toBe(400);
      expect(uz.json().errors).toEqual({ bulky_extra_days: [expect.stringMatching(/0 dan 30/)] });
      await admin(manager, 'PATCH', `/delivery-rates/${pickup!.id}`, {
        courier_fee: 0,
        free_from: null,
        days: DEFAULT_PICKUP.days,
        cutoff_hour: DEFAULT_PICKUP.cutoffHour,
        bulky_fee: 0,
        bulky_extra_days: DEFAULT_PICKUP.bulkyExtraDays,
      });
    });

    it("gives a district its own rate once, removes it back to the region's, never a region's", async () => {
      const manager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
      const body = {
        region_id: ids.tashkent,
        district_id: ids.chilonzor,
        courier_fee: 15_000,
        free_from: 300_000,
        days: 0,
        cutoff_hour: 12,
        bulky_fee: 120_000,
        bulky_extra_days: 1,
      };
      const created = await admin(manager, 'POST', '/delivery-rates', body);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data).toMatchObject({
        kind: 'district',
        district: { id: ids.chilonzor, name: 'Чиланзарский район' },
        bulky_fee: 120_000,
        bulky_extra_days: 1,
      });
      expect((await admin(manager, 'POST', '/delivery-rates', body)).statusCode).toBe(409);
      const wrong = await admin(manager, 'POST', '/delivery-rates', {
        ...body,
        district_id: ids.bostonliq,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toHaveProperty('district_id');
      clockAt(ctx.app, '2026-03-10T05:00:00Z');
      const own = await quote(`region_id=${ids.tashkent}&district_id=${ids.chilonzor}&sum=1000`);
      expect(own.json().data).toMatchObject({ fee: 15_000, promised_on: '2026-03-10' });

      const id = created.json().data.id;
      expect((await admin(manager, 'DELETE', `/delivery-rates/${id}`)).statusCode).toBe(200);
      const back = await quote(`region_id=${ids.tashkent}&district_id=${ids.chilonzor}&sum=1000`);
      expect(back.json().data.fee).toBe(tashkent.courierFee);
      const region = await regionRate(ids.tashkent);
      const kept = await admin(manager, 'DELETE', `/delivery-rates/${region.id}`);
      expect(kept.statusCode).toBe(409);
      expect(kept.json().code).toBe('DELIVERY_RATE_KEPT');
    });
  });

  describe('checkout', () => {
    /** A buyer whose address is in Tashkent city, Chilonzor. */
    const cityBuyer = async (options: { limit?: number } = {}): Promise<Buyer> => {
      const b = await shop.buyer(options);
      await ctx.db
        .update(deliveryAddresses)
        .set({ regionId: ids.tashkent, districtId: ids.chilonzor })
        .where(eq(deliveryAddresses.id, b.addressId));
      return b;
    };
    const detail = async (b: Buyer, id: number) =>
      (await shop.call(b, 'GET', `/api/orders/${id}`)).json().data;

    it('charges the fee with a full-price order and keeps it and the promised day', async () => {
      clockAt(ctx.app, '2026-03-10T05:00:00Z');
      const b = await cityBuyer();
      const product = await shop.product({ price: 120_000 });
      const placed = await shop.order(b, [{ id: product.id, count: 2 }], { payment_type: 'full' });
      expect(placed.need_payed_price).toBe(240_000 + tashkent.courierFee);
      const order = await detail(b, placed.order_id);
      expect(order).toMatchObject({
        total: 240_000 + tashkent.courierFee,
        delivery_fee: tashkent.courierFee,
        delivery_promised_on: '2026-03-11',
        need_payed_price: 240_000 + tashkent.courierFee,
      });
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.order_id));
      expect(row).toMatchObject({
        deliveryFee: tashkent.courierFee,
        deliveryPromisedOn: '2026-03-11',
      });
    });

    it('charges a basket holding a bulky product the bulky fee above the free threshold, days later', async () => {
      clockAt(ctx.app, '2026-03-10T05:00:00Z');
      const b = await cityBuyer();
      const phone = await shop.product({ price: tashkent.freeFrom! });
      const fridge = await shop.product({ price: 7_000_000 });
      await ctx.db.update(products).set({ sizeClass: 'bulky' }).where(eq(products.id, fridge.id));
      await shop.takeToCheckout(b, [{ id: phone.id }, { id: fridge.id }]);
      // the basket and checkout say which class the storefront quotes delivery for
      const info = await shop.call(b, 'GET', '/api/baskets/info');
      expect(info.json().data.size_class).toBe('bulky');
      const lines = await shop.call(b, 'GET', '/api/order-products');
      expect(lines.json().data.size_class).toBe('bulky');
      const res = await shop.placeOrder(b, {
        payment_type: 'full',
        card_id: b.cardId,
        address_id: b.addressId,
      });
      expect(res.statusCode, res.body).toBe(200);
      const goods = tashkent.freeFrom! + 7_000_000;
      expect(res.json().data.need_payed_price).toBe(goods + tashkent.bulkyFee);
      expect(await detail(b, res.json().data.order_id)).toMatchObject({
        total: goods + tashkent.bulkyFee,
        delivery_fee: tashkent.bulkyFee,
        delivery_promised_on: `2026-03-${11 + tashkent.bulkyExtraDays}`,
      });
      // the phone alone goes free, the next day
      const alone = await shop.order(b, [{ id: phone.id }], { payment_type: 'full' });
      expect(await detail(b, alone.order_id)).toMatchObject({
        delivery_fee: 0,
        delivery_promised_on: '2026-03-11',
      });
    });

    it('charges nothing from the free threshold on', async () => {
      const b = await cityBuyer();
      const product = await shop.product({ price: tashkent.freeFrom! });
      const placed = await shop.order(b, [{ id: product.id }], { payment_type: 'full' });
      expect(placed.need_payed_price).toBe(tashkent.freeFrom);
      expect(await detail(b, placed.order_id)).toMatchObject({ delivery_fee: 0 });
    });

    it('finances the fee with the goods on installments', async () => {
      const b = await cityBuyer({ limit: 5_000_000 });
      const product = await shop.product({ price: 300_000 });
      const placed = await shop.order(b, [{ id: product.id }], {
        payment_type: 'installment',
        tariff_id: sixMonths,
        prepayment: 50_000,
      });
      const [credit] = await ctx.db.select().from(credits).where(eq(credits.id, placed.credit_id!));
      expect(credit!.financed).toBe(300_000 + tashkent.courierFee - 50_000);
      expect(await detail(b, placed.order_id)).toMatchObject({
        total: 300_000 + tashkent.courierFee,
        delivery_fee: tashkent.courierFee,
      });
    });

    it('makes pick-up free, promised by the pick-up rate', async () => {
      clockAt(ctx.app, '2026-03-10T05:00:00Z');
      const b = await cityBuyer();
      const branch = await shop.branch();
      const product = await shop.product({ price: 50_000 });
      await shop.takeToCheckout(b, [{ id: product.id }]);
      const res = await shop.placeOrder(b, {
        payment_type: 'full',
        card_id: b.cardId,
        branch_id: branch.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.need_payed_price).toBe(50_000);
      expect(await detail(b, res.json().data.order_id)).toMatchObject({
        delivery_fee: 0,
        delivery_promised_on: `2026-03-${10 + DEFAULT_PICKUP.days}`,
      });
    });

    it('charges what the rates say at the moment of ordering, after the cut-off from the next day', async () => {
      const cutoff = tashkent.cutoffHour;
      clockAt(ctx.app, `2026-03-10T${String(cutoff - 5).padStart(2, '0')}:30:00Z`);
      const b = await cityBuyer();
      const product = await shop.product({ price: 100_000 });
      const placed = await shop.order(b, [{ id: product.id }], { payment_type: 'full' });
      expect(await detail(b, placed.order_id)).toMatchObject({
        delivery_promised_on: '2026-03-12',
      });
    });
  });

  describe('late orders in the queue', () => {
    it('lists orders whose promised day passed and that have not reached the customer', async () => {
      const b = await shop.buyer();
      const product = await shop.product({ price: 900_000 });
      const make = async (status: number, promised: string | null) => {
        const placed = await shop.order(b, [{ id: product.id }], { payment_type: 'full' });
        await ctx.db
          .update(orders)
          .set({ status, deliveryPromisedOn: promised, paidAt: new Date() })
          .where(eq(orders.id, placed.order_id));
        return placed.order_id;
      };
      const late = await make(2, '2020-01-01');
      const shipped = await make(3, '2020-01-02');
      const delivered = await make(4, '2020-01-01');
      const onTime = await make(2, '2999-01-01');
      const older = await make(2, null);
      const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
      const res = await admin(operator, 'GET', '/orders?late=true&limit=100');
      expect(res.statusCode, res.body).toBe(200);
      const listed = res.json().data.map((row: { id: number }) => row.id);
      expect(listed).toEqual(expect.arrayContaining([late, shipped]));
      for (const id of [delivered, onTime, older]) expect(listed).not.toContain(id);
      const all = (await admin(operator, 'GET', '/orders?limit=100')).json().data;
      expect(all.find((row: { id: number }) => row.id === late)).toMatchObject({
        late: true,
        delivery_promised_on: '2020-01-01',
      });
      expect(all.find((row: { id: number }) => row.id === onTime)).toMatchObject({ late: false });
      const detail = await admin(operator, 'GET', `/orders/${late}`);
      expect(detail.json().data).toMatchObject({
        late: true,
        order: { delivery_promised_on: '2020-01-01' },
      });
    });
  });
});
