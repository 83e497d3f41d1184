import { MAX_DELIVERY_ADDRESSES } from '@bozor/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { itRaces } from '../../helpers/database.ts';

type Session = Awaited<ReturnType<typeof createCustomerSession>>;
type Place = { id: number; name: string };
type Address = {
  id: number;
  region: Place;
  district: Place;
  address: string;
  apartment: string | null;
  landmark: string | null;
  phone: string;
};

describe('regions, districts and delivery addresses', () => {
  const ctx = useTestApp();
  let alice: Session;
  let bob: Session;
  let samarqand: Place;
  let urgut: Place;
  let tashkent: Place;
  let chilonzor: Place;

  const get = (url: string, lang = 'uz') =>
    ctx.app.inject({ method: 'GET', url, headers: { lang } });
  const call = (
    s: Session,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    lang = 'uz',
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...s.headers, lang },
      ...(payload ? { payload } : {}),
    });
  const body = (overrides: object = {}) => ({
    region_id: samarqand.id,
    district_id: urgut.id,
    address: "Navoiy ko'chasi, 12-uy",
    apartment: '5',
    landmark: 'Bozor yonida',
    phone: '998901234567',
    ...overrides,
  });
  const list = async (s: Session): Promise<Address[]> =>
    (await call(s, 'GET', '/api/orders/delivery-addresses')).json().data;
  const add = async (s: Session, overrides: object = {}): Promise<Address> => {
    const res = await call(s, 'POST', '/api/orders/delivery-addresses', body(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };

  beforeAll(async () => {
    alice = await createCustomerSession(ctx.db);
    bob = await createCustomerSession(ctx.db);
    const regions: Place[] = (await get('/api/regions')).json().data;
    samarqand = regions.find((r) => r.name === 'Samarqand viloyati')!;
    tashkent = regions.find((r) => r.name === 'Toshkent shahri')!;
    const districts: Place[] = (await get(`/api/regions/district/${samarqand.id}`)).json().data;
    urgut = districts.find((d) => d.name === 'Urgut tumani')!;
    const capital: Place[] = (await get(`/api/regions/district/${tashkent.id}`)).json().data;
    chilonzor = capital.find((d) => d.name === 'Chilonzor tumani')!;
  });

  describe('GET /api/regions', () => {
    it('lists the 14 regions in Uzbek, Tashkent city first and the rest in Uzbek alphabetical order', async () => {
      const res = await get('/api/regions');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((r: Place) => r.name)).toEqual([
        'Toshkent shahri',
        'Andijon viloyati',
        'Buxoro viloyati',
        "Farg'ona viloyati",
        'Jizzax viloyati',
        'Namangan viloyati',
        'Navoiy viloyati',
        'Qashqadaryo viloyati',
        "Qoraqalpog'iston Respublikasi",
        'Samarqand viloyati',
        'Sirdaryo viloyati',
        'Surxondaryo viloyati',
        'Toshkent viloyati',
        'Xorazm viloyati',
      ]);
    });

    it('names them in Russian for lang: ru, with the same ids', async () => {
      const uz: Place[] = (await get('/api/regions')).json().data;
      const ru: Place[] = (await get('/api/regions', 'ru')).json().data;
      expect(ru.map((r) => r.name)).toEqual([
        'город Ташкент',
        'Андижанская область',
        'Бухарская область',
        'Джизакская область',
        'Кашкадарьинская область',
        'Навоийская область',
        'Наманганская область',
        'Республика Каракалпакстан',
        'Самаркандская область',
        'Сурхандарьинская область',
        'Сырдарьинская область',
        'Ташкентская область',
        'Ферганская область',
        'Хорезмская область',
      ]);
      expect(ru.map((r) => r.id).sort()).toEqual(uz.map((r) => r.id).sort());
      expect(ru.find((r) => r.id === samarqand.id)?.name).toBe('Самаркандская область');
    });
  });

  describe('GET /api/regions/district/{regionId}', () => {
    it("lists Samarqand region's 14 districts and 2 cities in each language's alphabetical order (Uzbek Sh after T)", async () => {
      const uz: Place[] = (await get(`/api/regions/district/${samarqand.id}`)).json().data;
      expect(uz.map((d) => d.name)).toEqual([
        "Bulung'ur tumani",
        'Ishtixon tumani',
        'Jomboy tumani',
        "Kattaqo'rg'on tumani",
        "Kattaqo'rg'on shahri",
        'Narpay tumani',
        'Nurobod tumani',
        'Oqdaryo tumani',
        "Pastdarg'om tumani",
        'Paxtachi tumani',
        'Payariq tumani',
        "Qo'shrabot tumani",
        'Samarqand tumani',
        'Samarqand shahri',
        'Tayloq tumani',
        'Urgut tumani',
      ]);
      const ru: Place[] = (await get(`/api/regions/district/${samarqand.id}`, 'ru')).json().data;
      expect(ru).toHaveLength(16);
      expect(ru.find((d) => d.id === urgut.id)?.name).toBe('Ургутский район');
      expect(ru.map((d) => d.name)).toContain('Самарканд');
      expect(ru[0]?.name).toBe('Акдарьинский район');
    });

    it("lists Tashkent city's 12 districts and about 200 districts and cities in all", async () => {
      const capital: Place[] = (await get(`/api/regions/district/${tashkent.id}`)).json().data;
      expect(capital).toHaveLength(12);
      expect(capital.map((d) => d.name)).toContain('Yangihayot tumani');
      let total = 0;
      for (const region of (await get('/api/regions')).json().data as Place[]) {
        const districts: Place[] = (await get(`/api/regions/district/${region.id}`)).json().data;
        expect(districts.length, region.name).toBeGreaterThanOrEqual(11);
        total += districts.length;
      }
      expect(total).toBeGreaterThanOrEqual(200);
    });

    it('answers 404 for an unknown region and 400 for an id that is not a number', async () => {
      const missing = await get('/api/regions/district/999999', 'ru');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        code: 'REGION_NOT_FOUND',
        message: 'Регион не найден',
      });
      expect((await get('/api/regions/district/abc')).statusCode).toBe(400);
    });
  });

  describe('delivery addresses', () => {
    it('answers 401 without a session', async () => {
      for (const [method, url] of [
        ['GET', '/api/orders/delivery-addresses'],
        ['POST', '/api/orders/delivery-addresses'],
        ['PUT', '/api/orders/delivery-addresses/1'],
        ['PUT', '/api/orders/delivery-addresses/1/current'],
        ['DELETE', '/api/orders/delivery-addresses/1'],
      ] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          payload: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    });

    it('creates, lists, edits and deletes an address', async () => {
      const customer = await createCustomerSession(ctx.db);
      const created = await call(
        customer,
        'POST',
        '/api/orders/delivery-addresses',
        body({ phone: '+998 90 123-45-67', apartment: '' }),
        'ru',
      );
      expect(created.statusCode).toBe(201);
      const { message, data } = created.json();
      expect(message).toBe('Адрес сохранён');
      expect(data).toMatchObject({
        region: { id: samarqand.id, name: 'Самаркандская область' },
        district: { id: urgut.id, name: 'Ургутский район' },
        address: "Navoiy ko'chasi, 12-uy",
        apartment: null,
        landmark: 'Bozor yonida',
        phone: '998901234567',
      });
      expect(await list(customer)).toEqual([
        expect.objectContaining({ id: data.id, district: { id: urgut.id, name: 'Urgut tumani' } }),
      ]);

      const edited = await call(customer, 'PUT', `/api/orders/delivery-addresses/${data.id}`, {
        region_id: tashkent.id,
        district_id: chilonzor.id,
        address: '  Bunyodkor shoh ko‘chasi, 7  ',
        phone: '998971112233',
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        message: "Manzil o'zgartirildi",
        data: {
          id: data.id,
          region: { id: tashkent.id, name: 'Toshkent shahri' },
          district: { id: chilonzor.id, name: 'Chilonzor tumani' },
          address: 'Bunyodkor shoh ko‘chasi, 7',
          apartment: null,
          landmark: null,
          phone: '998971112233',
        },
      });
      expect((await list(customer))[0]?.address).toBe('Bunyodkor shoh ko‘chasi, 7');

      const deleted = await call(customer, 'DELETE', `/api/orders/delivery-addresses/${data.id}`);
      expect(deleted.json()).toEqual({ message: "Manzil o'chirildi" });
      expect(await list(customer)).toEqual([]);
      const again = await call(customer, 'DELETE', `/api/orders/delivery-addresses/${data.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('ADDRESS_NOT_FOUND');
    });

    it('keeps the current address last: a new one and a chosen one move to the end, an edit does not', async () => {
      const customer = await createCustomerSession(ctx.db);
      const home = await add(customer, { address: 'Uy manzili' });
      const work = await add(customer, { address: 'Ish joyi' });
      const ids = async () => (await list(customer)).map((a) => a.id);
      expect(await ids()).toEqual([home.id, work.id]);

      const chosen = await call(
        customer,
        'PUT',
        `/api/orders/delivery-addresses/${home.id}/current`,
      );
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json()).toMatchObject({
        message: 'Yetkazib berish manzili tanlandi',
        data: { id: home.id },
      });
      expect(await ids()).toEqual([work.id, home.id]);

      await call(
        customer,
        'PUT',
        `/api/orders/delivery-addresses/${work.id}`,
        body({ address: 'Yangi ofis' }),
      );
      expect(await ids()).toEqual([work.id, home.id]);

      const third = await add(customer);
      expect(await ids()).toEqual([work.id, home.id, third.id]);
      await call(customer, 'DELETE', `/api/orders/delivery-addresses/${third.id}`);
      expect((await list(customer)).at(-1)?.id).toBe(home.id);
    });

    it("answers 404 for another customer's address and leaves it untouched", async () => {
      const own = await add(alice, { address: 'Aliceniki' });
      const url = `/api/orders/delivery-addresses/${own.id}`;
      for (const [method, path, payload] of [
        ['PUT', url, body({ address: 'Bobniki' })],
        ['PUT', `${url}/current`, undefined],
        ['DELETE', url, undefined],
      ] as const) {
        const res = await call(bob, method, path, payload);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().code).toBe('ADDRESS_NOT_FOUND');
      }
      expect(await list(bob)).toEqual([]);
      expect((await list(alice)).find((a) => a.id === own.id)).toMatchObject({
        address: 'Aliceniki',
        district: { id: urgut.id },
      });
    });

    it('answers 404 when editing or choosing an address that does not exist', async () => {
      const url = '/api/orders/delivery-addresses/999999';
      expect((await call(alice, 'PUT', url, body())).statusCode).toBe(404);
      expect((await call(alice, 'PUT', `${url}/current`)).statusCode).toBe(404);
      expect(
        (await call(alice, 'PUT', '/api/orders/delivery-addresses/abc', body())).statusCode,
      ).toBe(400);
    });
  });

  describe('bad input', () => {
    const post = (payload: object, lang = 'uz') =>
      call(alice, 'POST', '/api/orders/delivery-addresses', payload, lang);

    it('names every missing field', async () => {
      const res = await post({}, 'ru');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: {
          region_id: ['Обязательное поле'],
          district_id: ['Обязательное поле'],
          address: ['Обязательное поле'],
          phone: ['Обязательное поле'],
        },
      });
      const blank = await post(body({ region_id: '', district_id: '', address: '   ' }));
      expect(blank.json().errors).toEqual({
        region_id: ["To'ldirish shart"],
        district_id: ["To'ldirish shart"],
        address: ["To'ldirish shart"],
      });
    });

    it('refuses a district of another region and a region that does not exist', async () => {
      const wrong = await post(body({ district_id: chilonzor.id }), 'ru');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: 'Неверные данные',
        code: 'VALIDATION_ERROR',
        errors: { district_id: ['В выбранном регионе нет такого района или города'] },
      });
      const unknown = await post(body({ region_id: 999999 }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ region_id: ["Bunday viloyat yo'q"] });
      const noDistrict = await post(body({ district_id: 999999 }));
      expect(noDistrict.json().errors).toHaveProperty('district_id');
    });

    it('refuses a phone that is not 998 and nine digits', async () => {
      for (const phone of ['90123456', '99890123456', '7901234567', '99890123456a']) {
        const res = await post(body({ phone }));
        expect(res.statusCode, phone).toBe(400);
        expect(res.json().errors, phone).toEqual({
          phone: ["Telefon raqami 998 va 9 ta raqamdan iborat bo'lishi kerak"],
        });
      }
    });

    it('refuses texts that are too short or too long', async () => {
      const res = await post(
        body({ address: 'a'.repeat(201), apartment: '1'.repeat(21), landmark: 'b'.repeat(201) }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        address: ['Juda uzun'],
        apartment: ['Juda uzun'],
        landmark: ['Juda uzun'],
      });
      const short = await post(body({ address: 'ab' }), 'ru');
      expect(short.json().errors).toEqual({
        address: ['Укажите улицу и дом (не меньше 3 символов)'],
      });
      const limits = await post(
        body({ address: 'a'.repeat(200), apartment: '1'.repeat(20), landmark: 'b'.repeat(200) }),
      );
      expect(limits.statusCode).toBe(201);
    });
  });

  describe('the limit', () => {
    it(`keeps at most ${MAX_DELIVERY_ADDRESSES} addresses and answers 422 beyond`, async () => {
      const customer = await createCustomerSession(ctx.db);
      const saved: Address[] = [];
      for (let i = 0; i < MAX_DELIVERY_ADDRESSES; i += 1) {
        saved.push(await add(customer, { address: `Manzil ${i + 1}` }));
      }
      const over = await call(customer, 'POST', '/api/orders/delivery-addresses', body(), 'ru');
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({ code: 'ADDRESS_LIMIT' });
      expect(await list(customer)).toHaveLength(MAX_DELIVERY_ADDRESSES);

      await call(customer, 'DELETE', `/api/orders/delivery-addresses/${saved[0]!.id}`);
      await add(customer);
      expect(await list(customer)).toHaveLength(MAX_DELIVERY_ADDRESSES);
    });

    itRaces('counts concurrent additions one by one', async () => {
      const customer = await createCustomerSession(ctx.db);
      for (let i = 0; i < MAX_DELIVERY_ADDRESSES - 2; i += 1) await add(customer);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          call(customer, 'POST', '/api/orders/delivery-addresses', body()),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
      expect(results.filter((r) => r.statusCode === 422)).toHaveLength(3);
      expect(await list(customer)).toHaveLength(MAX_DELIVERY_ADDRESSES);
    });
  });
});
