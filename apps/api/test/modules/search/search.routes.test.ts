import { dataOf, SearchResult, toSearchLatin } from '@bozor/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import {
  createBrand,
  createCategory,
  createProduct,
  createTariffs,
} from '../../helpers/factories.ts';

type Listed = { slug: string };
const slugs = (body: { data: { products: { data: Listed[] } } }) =>
  body.data.products.data.map((p) => p.slug);

describe('search', () => {
  const ctx = useTestApp();
  const find = (query: string, extra = '', lang = 'uz') =>
    ctx.app.inject({
      url: `/api/search?query=${encodeURIComponent(query)}${extra}`,
      headers: { lang },
    });

  beforeAll(async () => {
    const db = ctx.db;
    await createTariffs(db);
    const phones = await createCategory(db, {
      slug: 'smartfonlar',
      nameUz: 'Smartfonlar',
      nameRu: 'Смартфоны',
    });
    const tvs = await createCategory(db, {
      slug: 'televizorlar',
      nameUz: 'Televizorlar',
      nameRu: 'Телевизоры',
    });
    const home = await createCategory(db, {
      slug: 'uy-texnikasi',
      nameUz: 'Uy texnikasi',
      nameRu: 'Техника для дома',
    });
    const samsung = await createBrand(db, { slug: 'samsung', name: 'Samsung' });
    const artel = await createBrand(db, { slug: 'artel', name: 'Artel' });
    const product = (slug: string, nameUz: string, nameRu: string, extra: object) =>
      createProduct(db, { slug, nameUz, nameRu, ...extra } as Parameters<typeof createProduct>[1]);
    await product('galaxy-a55', 'Samsung Galaxy A55 smartfoni', 'Смартфон Samsung Galaxy A55', {
      categoryId: phones.id,
      brandId: samsung.id,
      price: 5_000_000,
      popularity: 10,
    });
    await product('samsung-qe55', 'Samsung QE55 55" LED', 'Телевизор Samsung QE55', {
      categoryId: tvs.id,
      brandId: samsung.id,
      price: 9_000_000,
      popularity: 5,
    });
    await product('artel-43', 'Artel 43 LED', 'Телевизор Artel 43', {
      categoryId: tvs.id,
      brandId: artel.id,
      price: 3_000_000,
      popularity: 1,
    });
    await product('artel-ac', 'Artel konditsioneri', 'Кондиционер Artel', {
      categoryId: home.id,
      brandId: artel.id,
      price: 4_000_000,
      popularity: 100,
    });
    await product('artelio-chair', 'Artelio stuli', 'Стул Artelio', {
      categoryId: home.id,
      price: 900_000,
      popularity: 500,
    });
    await product('smash-ball', "Smash tennis to'pi", 'Теннисный мяч Smash', {
      categoryId: home.id,
      price: 90_000,
      popularity: 300,
    });
    await product('shivaki-fridge', 'Shivaki HD 360 muzlatgichi', 'Холодильник Shivaki HD 360', {
      categoryId: home.id,
      price: 6_000_000,
      popularity: 20,
    });
  });

  describe('GET /api/search', () => {
    it('finds Cyrillic names from a Latin query', async () => {
      const res = await find('televizor');
      expect(res.statusCode).toBe(200);
      expect(slugs(res.json()).sort()).toEqual(['artel-43', 'samsung-qe55']);
      expect(slugs((await find('xolodilnik')).json())).toEqual(['shivaki-fridge']);
    });

    it('finds Latin names from a Cyrillic query', async () => {
      expect(slugs((await find('самсунг')).json()).sort()).toEqual(['galaxy-a55', 'samsung-qe55']);
      expect(slugs((await find('шиваки')).json())).toEqual(['shivaki-fridge']);
    });

    it('tolerates a typo by matching the closest catalogue word of about the same length', async () => {
      expect(slugs((await find('smasung')).json()).sort()).toEqual(['galaxy-a55', 'samsung-qe55']);
      expect(slugs((await find('televzor')).json()).sort()).toEqual(['artel-43', 'samsung-qe55']);
    });

    it('matches the last word as a prefix while it is typed', async () => {
      expect(slugs((await find('samsung gal')).json())).toEqual(['galaxy-a55']);
      expect(slugs((await find('телев')).json()).sort()).toEqual(['artel-43', 'samsung-qe55']);
    });

    it('ranks whole-word matches before prefix matches, whatever their popularity', async () => {
      expect(slugs((await find('artel')).json())).toEqual([
        'artel-ac',
        'artel-43',
        'artelio-chair',
      ]);
    });

    it('sorts, filters and pages like any list when asked', async () => {
      const cheap = await find('artel', '&sort=cheap');
      expect(slugs(cheap.json())).toEqual(['artelio-chair', 'artel-43', 'artel-ac']);
      const branded = await find('artel', '&brands=artel&price_to=3500000');
      expect(slugs(branded.json())).toEqual(['artel-43']);
      const paged = await find('artel', '&per_page=2&page=2');
      expect(paged.json().data.products.meta).toEqual({
        current_page: 2,
        last_page: 2,
        per_page: 2,
        total: 3,
      });
      expect(paged.json().data.categories).toEqual([]);
    });

    it("writes its answer as the contract's serializer writes it", async () => {
      for (const [query, extra, lang] of [
        ['samsung', '', 'uz'],
        ['телевизор', '', 'ru'],
        ['artel', '&sort=cheap&per_page=2&page=2', 'ru'],
        ['qwertyuiop', '', 'uz'],
      ] as const) {
        const res = await find(query, extra, lang);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        // encoding checks every field, and stringifying writes the contract's order of keys
        expect(res.body).toBe(JSON.stringify(dataOf(SearchResult).encode(res.json())));
      }
      const card = (await find('galaxy')).json().data.products.data[0];
      expect(card).toMatchObject({ slug: 'galaxy-a55', price: 5_000_000, in_stock: true });
      expect(card.monthly_payment).toBeGreaterThan(0);
    });

    it('answers matching categories in the requested language', async () => {
      const res = await find('телевизор', '', 'ru');
      expect(res.json().data.categories).toEqual([
        {
          id: expect.any(Number),
          slug: 'televizorlar',
          name: 'Телевизоры',
          image: expect.any(String),
        },
      ]);
      expect((await find('smartfon')).json().data.categories.map((c: Listed) => c.slug)).toEqual([
        'smartfonlar',
      ]);
    });

    it('finds nothing for a word the catalogue does not have', async () => {
      const res = await find('velosiped');
      expect(res.json().data).toEqual({
        categories: [],
        products: { data: [], meta: { current_page: 1, last_page: 1, per_page: 24, total: 0 } },
      });
      expect(slugs((await find('?!')).json())).toEqual([]);
    });

    it('rejects an empty or whitespace-only query before searching', async () => {
      for (const url of ['/api/search', '/api/search?query=', '/api/search?query=%20%20%20']) {
        const res = await ctx.app.inject({ url, headers: { lang: 'ru' } });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.query).toEqual(['Введите запрос']);
      }
    });

    it('rejects a query longer than 100 characters and an unknown sort', async () => {
      expect((await find('a'.repeat(101))).statusCode).toBe(400);
      expect((await find('artel', '&sort=best')).statusCode).toBe(400);
    });
  });

  describe('GET /api/search/filters', () => {
    it('answers the facets of the matching products', async () => {
      const res = await ctx.app.inject({ url: '/api/search/filters?search=самсунг' });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.brands.map((b: Listed) => b.slug)).toEqual(['samsung']);
      expect(data.prices).toEqual({ min: 5_000_000, max: 9_000_000 });
    });

    it('rejects an empty search', async () => {
      const res = await ctx.app.inject({ url: '/api/search/filters?search=' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['search']);
    });
  });

  it('the database folds names exactly like the shared rule folds queries', async () => {
    const samples = [
      'Телевизор Samsung QE55',
      "Qo'shimcha G‘ALLA ҳаво Ўзбекистон",
      'ЧЁРНЫЙ объём щётка, Жакет 8/256ГБ',
      'Kholodilnik Zhaket XXL',
    ];
    for (const text of samples) {
      const result = await ctx.db.execute(sql`select bozor_latin(${text}) as latin`);
      const { rows } = result as unknown as { rows: { latin: string }[] };
      expect(rows[0]?.latin).toBe(toSearchLatin(text));
    }
  });
});
