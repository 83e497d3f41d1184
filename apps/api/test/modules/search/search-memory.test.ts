import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemo } from '../../../src/db/demo.ts';
import { categories, products, tariffs } from '../../../src/db/schema/index.ts';
import type { CatalogueChange } from '../../../src/lib/catalogue-changes.ts';
import { listHiddenCategoryIds } from '../../../src/modules/catalogue/repository.ts';
import { summarizeProducts } from '../../../src/modules/catalogue/summaries.ts';
import { SearchIndex } from '../../../src/modules/search/index-arrays.ts';
import {
  keptSearchMemory,
  SearchMemory,
  searchMemoryOf,
} from '../../../src/modules/search/memory.ts';
import {
  describeFacets,
  type SearchFilters,
  type SearchOrder,
  searchFacets,
  searchProductPage,
  type WordQuery,
} from '../../../src/modules/search/repository.ts';
import { parseQuery } from '../../../src/modules/search/service.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCategory, createProduct, createTag } from '../../helpers/factories.ts';

const ORDERS: SearchOrder[] = ['best', 'famous', 'cheap', 'expensive', 'discount'];

describe('search from memory', () => {
  // the app keeps the index in memory as a served process does
  const ctx = useTestApp({ watchCatalogue: true });
  let memory: SearchMemory;

  beforeAll(async () => {
    await seedDemo(ctx.db, { products: 600 });
    const kept = keptSearchMemory(ctx.db);
    if (!kept) throw new Error('the app keeps no search index');
    memory = kept;
    await memory.caughtUp();
  }, 120_000);

  /**
   * The page the database answers and the page memory answers: ids, totals and the cards as a
   * customer sees them (in Russian, whose names are not ASCII in the kept JSON).
   */
  async function both(
    query: WordQuery,
    filters: SearchFilters,
    order: SearchOrder,
    page: number,
    perPage = 24,
  ) {
    const hiddenCategoryIds = await listHiddenCategoryIds(ctx.db);
    const scoped = { ...filters, hiddenCategoryIds };
    const fromDb = await searchProductPage(ctx.db, query, scoped, order, page, perPage);
    const ready = searchMemoryOf(ctx.db);
    expect(ready, 'the index is in memory').toBeDefined();
    const fromMemory = ready?.pageRows(query, scoped, order, page, perPage);
    return {
      db: {
        ids: fromDb.rows.map((r) => r.id),
        total: fromDb.total,
        cards: await summarizeProducts(ctx.db, fromDb.rows, 'ru'),
      },
      memory: fromMemory && {
        ids: fromMemory.rows.map((r) => r.id),
        total: fromMemory.total,
        cards: await summarizeProducts(ctx.db, fromMemory.rows, 'ru'),
      },
    };
  }

  async function expectSame(text: string, filters: SearchFilters = {}) {
    const query = await parseQuery(ctx.db, text);
    if (!query) return;
    for (const order of ORDERS) {
      // short pages too, so that most matches are passed over by the bounded heap
      for (const [page, perPage] of [
        [1, 24],
        [2, 24],
        [3, 5],
      ] as const) {
        const { db, memory } = await both(query, filters, order, page, perPage);
        expect(memory, `${text} · ${order} · page ${page} of ${perPage}`).toEqual(db);
      }
    }
  }

  it('answers every query as the database does: words, prefixes, typos, phrases, sorts, pages', async () => {
    const { rows } = (await ctx.db.execute(
      // names from all over the catalogue (not the first category's), each giving seven queries
      sql`select name_uz, name_ru from products where is_active order by md5(id::text) limit 16`,
    )) as unknown as { rows: { name_uz: string; name_ru: string }[] };
    const texts = new Set<string>(['', 'sam', 's', 'smasung', 'televzor', 'телев', 'xyzzyq']);
    for (const r of rows) {
      const words = r.name_uz.split(/\s+/).filter(Boolean);
      texts.add(words[0] ?? '');
      texts.add((words[0] ?? '').slice(0, 3));
      texts.add(words.slice(0, 2).join(' '));
      texts.add(words.slice(1, 3).join(' '));
      texts.add(`${words[0] ?? ''} ${(words[1] ?? '').slice(0, 2)}`);
      texts.add(r.name_ru.split(/\s+/).slice(0, 2).join(' '));
      // a letter dropped: a typo the vocabulary corrects
      const w = words.find((x) => x.length > 5);
      if (w) texts.add(w.slice(0, 2) + w.slice(3));
    }
    expect(texts.size).toBeGreaterThan(80);
    for (const text of texts) await expectSame(text);
  }, 300_000);

  it('answers the search route from memory with the page the database would give', async () => {
    for (const [text, extra] of [
      ['samsung', ''],
      ['sam', '&sort=cheap&page=2'],
      ['televzor', '&per_page=12'],
    ] as const) {
      const res = await ctx.app.inject({
        url: `/api/search?query=${encodeURIComponent(text)}${extra}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as {
        data: { products: { data: { id: number }[]; meta: { total: number } } };
      };
      const query = await parseQuery(ctx.db, text);
      if (!query) throw new Error('no query');
      const params = new URLSearchParams(extra);
      const { db } = await both(
        query,
        {},
        (params.get('sort') as SearchOrder | null) ?? 'best',
        Number(params.get('page') ?? 1),
        Number(params.get('per_page') ?? 24),
      );
      expect(body.data.products.data.map((p) => p.id)).toEqual(db.ids);
      expect(body.data.products.meta.total).toBe(db.total);
      expect(db.total).toBeGreaterThan(0);
    }
  });

  it('counts the filter panel as the database does', async () => {
    const hidden = await listHiddenCategoryIds(ctx.db);
    for (const text of [
      'samsung',
      'sam',
      'smasung',
      'televizor',
      'телев',
      'iphone 15',
      'xyzzyq',
      's',
    ]) {
      const query = await parseQuery(ctx.db, text);
      if (!query) continue;
      const ready = searchMemoryOf(ctx.db);
      if (!ready) throw new Error('the index is not in memory');
      const fromDb = await searchFacets(ctx.db, query, hidden);
      const fromMemory = await describeFacets(ctx.db, ready.facets(query, hidden));
      expect(fromMemory, text).toEqual(fromDb);
    }
    const panel = await ctx.app.inject({ url: '/api/search/filters?search=samsung' });
    expect(panel.statusCode).toBe(200);
    expect(panel.json().data.brands.length).toBeGreaterThan(0);
  });

  it('filters by price, brand, colour and values as the database does', async () => {
    const { rows } = (await ctx.db.execute(
      sql`select brand_id, color_id, value_ids, price::int as price
        from search_postings where word = 'samsung' or word like 'tel%' limit 5`,
    )) as unknown as {
      rows: {
        brand_id: number | null;
        color_id: number | null;
        value_ids: number[];
        price: number;
      }[];
    };
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      for (const filters of [
        { priceFrom: r.price },
        { priceTo: r.price },
        r.brand_id ? { brandIds: [r.brand_id] } : {},
        r.color_id ? { colorIds: [r.color_id] } : {},
        r.value_ids.length ? { valueGroups: [r.value_ids.slice(0, 1)] } : {},
      ] satisfies SearchFilters[]) {
        await expectSame('samsung', filters);
        await expectSame('tel', filters);
      }
    }
  }, 120_000);

  it('pages a sort from its list with products read again since placed where they now belong', async () => {
    // enough matches that the sorts read their lists rather than key every match
    const query = await parseQuery(ctx.db, 's');
    if (!query) throw new Error('no query');
    const { rows } = (await ctx.db.execute(
      sql`select distinct product_id as id from search_postings where word like 's%'
        order by 1 limit 6`,
    )) as unknown as { rows: { id: number }[] };
    const [cheapest, dearest, popular, discounted, gone, renamed] = rows.map((r) => r.id);
    const change = (id: number | undefined, values: Partial<typeof products.$inferInsert>) =>
      ctx.db
        .update(products)
        .set(values)
        .where(eq(products.id, id as number));
    await change(cheapest, { price: 1_000 });
    await change(dearest, { price: 990_000_000, oldPrice: null });
    await change(popular, { popularity: 1_000_000 });
    await change(discounted, { price: 10_000, oldPrice: 9_000_000 });
    await change(gone, { isActive: false });
    await change(renamed, { nameUz: 'Zzzyangi nom' });
    await memory.caughtUp();
    expect(memory.ready).toBe(true);
    for (const order of ['famous', 'cheap', 'expensive', 'discount'] as const) {
      for (const [page, perPage] of [
        [1, 24],
        [2, 24],
        [1, 3],
      ] as const) {
        const { db, memory: fromMemory } = await both(query, {}, order, page, perPage);
        expect(fromMemory, `${order} · page ${page} of ${perPage}`).toEqual(db);
      }
      const { db } = await both(query, {}, order, 1, 3);
      expect(db.ids).not.toContain(gone);
      expect(db.ids).not.toContain(renamed);
    }
    expect((await both(query, {}, 'cheap', 1, 1)).memory?.ids).toEqual([cheapest]);
    expect((await both(query, {}, 'expensive', 1, 1)).memory?.ids).toEqual([dearest]);
    expect((await both(query, {}, 'famous', 1, 1)).memory?.ids).toEqual([popular]);
    expect((await both(query, {}, 'discount', 1, 1)).memory?.ids).toEqual([discounted]);
    // and every other query still answers as the database does: with products the filters
    // leave out, and those matching one word of two, among those the list passes
    for (const text of ['sam', 'samsung', 'televizor']) await expectSame(text);
    const { rows: common } = (await ctx.db.execute(
      sql`select word, (select percentile_disc(0.5) within group (order by price)::int
          from products where is_active) as price
        from search_postings group by word order by count(*) desc, word limit 1`,
    )) as unknown as { rows: { word: string; price: number }[] };
    const [top] = common;
    if (!top) throw new Error('no postings');
    await expectSame('s', { priceTo: top.price });
    await expectSame('s', { priceFrom: top.price });
    await expectSame(`${top.word} s`);
    await expectSame(`s ${top.word.slice(0, 2)}`);
  }, 60_000);

  it('keeps the cards up to date: price, availability, pictures and tags', async () => {
    const category = await createCategory(ctx.db, {
      slug: 'sinov-choynaklar',
      nameUz: 'Sinov choynaklar',
    });
    const kettle = await createProduct(ctx.db, {
      slug: 'sinov-choynak-lola',
      nameUz: 'Lolachoynak elektr',
      nameRu: 'Чайник Лола электрический',
      categoryId: category.id,
      price: 350_000,
      stock: 3,
    });
    await memory.caughtUp();
    const query = await parseQuery(ctx.db, 'lolachoynak');
    if (!query) throw new Error('no query');
    const card = async () => {
      const { db, memory: fromMemory } = await both(query, {}, 'best', 1);
      expect(fromMemory).toEqual(db);
      // the served answer, whose cards the index keeps as text from one search to the next
      for (let i = 0; i < 2; i++) {
        const served = await ctx.app.inject({
          url: '/api/search?query=lolachoynak',
          headers: { lang: 'ru' },
        });
        expect(served.statusCode).toBe(200);
        expect(served.json().data.products.data).toEqual(db.cards);
      }
      return fromMemory?.cards[0];
    };
    expect(await card()).toMatchObject({ id: kettle.id, price: 350_000, in_stock: true });

    // a sale that leaves some in stock changes no card
    await ctx.db.update(products).set({ stock: 1 }).where(eq(products.id, kettle.id));
    await memory.caughtUp();
    expect(await card()).toMatchObject({ in_stock: true });
    // the last one sold, a new price and picture
    await ctx.db
      .update(products)
      .set({ stock: 0, price: 299_000, oldPrice: 350_000, images: ['/media/products/kettle.svg'] })
      .where(eq(products.id, kettle.id));
    await memory.caughtUp();
    expect(await card()).toMatchObject({
      price: 299_000,
      old_price: 350_000,
      in_stock: false,
      images: [{ path: '/media/products/kettle.svg' }],
    });
    const tag = await createTag(ctx.db, [kettle.id], { nameUz: 'Chegirma', nameRu: 'Скидка' });
    await memory.caughtUp();
    expect((await card())?.tags).toEqual([{ id: tag.id, name: 'Скидка', color: tag.color }]);
    // a dearer longest tariff: every card's monthly payment with it
    const before = (await card())?.monthly_payment;
    const [longest] = await ctx.db
      .select()
      .from(tariffs)
      .where(eq(tariffs.isActive, true))
      .orderBy(desc(tariffs.months))
      .limit(1);
    if (!longest) throw new Error('no tariff');
    await ctx.db
      .update(tariffs)
      .set({ markupPercent: longest.markupPercent + 10 })
      .where(eq(tariffs.id, longest.id));
    await memory.caughtUp();
    expect((await card())?.monthly_payment).toBeGreaterThan(before ?? Number.POSITIVE_INFINITY);
    await ctx.db
      .update(tariffs)
      .set({ markupPercent: longest.markupPercent })
      .where(eq(tariffs.id, longest.id));
    await memory.caughtUp();
    expect((await card())?.monthly_payment).toBe(before);
  });

  it('follows renames, new products, hidden products and hidden categories', async () => {
    const category = await createCategory(ctx.db, {
      slug: 'sinov-qozonlar',
      nameUz: 'Sinov qozonlar',
    });
    const added = await createProduct(ctx.db, {
      slug: 'sinov-qozon-zumrad',
      nameUz: 'Zumradqozon oshxona',
      nameRu: 'Казан Зумрад',
      categoryId: category.id,
    });
    await memory.caughtUp();
    const found = async (text: string) => {
      const query = await parseQuery(ctx.db, text);
      if (!query) return [];
      return (await both(query, {}, 'best', 1)).memory?.ids ?? [];
    };
    expect(await found('zumradqozon')).toEqual([added.id]);
    await expectSame('zumradqozon');

    await ctx.db
      .update(products)
      .set({ nameUz: 'Feruzaqozon oshxona' })
      .where(eq(products.id, added.id));
    await memory.caughtUp();
    expect(await found('feruzaqozon')).toEqual([added.id]);
    expect(await found('zumradqozon oshxona')).toEqual([]);

    await ctx.db.update(categories).set({ isActive: false }).where(eq(categories.id, category.id));
    await memory.caughtUp();
    expect(await found('feruzaqozon')).toEqual([]);
    await ctx.db.update(categories).set({ isActive: true }).where(eq(categories.id, category.id));
    await memory.caughtUp();
    expect(await found('feruzaqozon')).toEqual([added.id]);

    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, added.id));
    await memory.caughtUp();
    expect(await found('feruzaqozon')).toEqual([]);
    await expectSame('oshxona');
  }, 60_000);

  it('finds a phrase past the 32nd word, laid over the index and read whole', async () => {
    const category = await createCategory(ctx.db, { slug: 'sinov-ruchkalar', nameUz: 'Ruchkalar' });
    const filler = Array.from({ length: 31 }, (_, i) => `soz${i + 1}`).join(' ');
    const phrase = await createProduct(ctx.db, {
      slug: 'sinov-qalamdon-ruchka',
      nameUz: `${filler} qalamdon ruchka`,
      nameRu: 'Пенал',
      categoryId: category.id,
      popularity: 1,
    });
    const apart = await createProduct(ctx.db, {
      slug: 'sinov-ruchka-qalamdon',
      nameUz: `${filler} qalamdon qora ruchka`,
      nameRu: 'Пенал',
      categoryId: category.id,
      popularity: 99,
    });
    await memory.caughtUp();
    const query = await parseQuery(ctx.db, 'qalamdon ruchka');
    if (!query) throw new Error('no query');
    // laid over the index
    let { db, memory: fromMemory } = await both(query, {}, 'best', 1);
    expect(db.ids).toEqual([phrase.id, apart.id]);
    expect(fromMemory).toEqual(db);
    // read whole: a category's change drops the index and reads it again
    await ctx.db.update(categories).set({ nameRu: 'Ручки' }).where(eq(categories.id, category.id));
    await memory.caughtUp();
    ({ db, memory: fromMemory } = await both(query, {}, 'best', 1));
    expect(fromMemory).toEqual(db);
    expect(db.ids).toEqual([phrase.id, apart.id]);
  }, 60_000);

  it('counts each word once at its best: matching every word outranks one word matched many times', async () => {
    const category = await createCategory(ctx.db, {
      slug: 'sinov-giloflar',
      nameUz: 'Sinov giloflar',
    });
    const whole = await createProduct(ctx.db, {
      slug: 'sinov-qalqon-15',
      nameUz: 'Qalqon 15 pro',
      nameRu: 'Qalqon 15 pro',
      categoryId: category.id,
      popularity: 50,
    });
    const many = await createProduct(ctx.db, {
      slug: 'sinov-qalqon-gilof',
      nameUz: 'Qalqon 11 12 13 14 uchun g‘ilof',
      nameRu: 'Qalqon 11 12 13 14 uchun g‘ilof',
      categoryId: category.id,
      popularity: 10,
    });
    await memory.caughtUp();
    const query = await parseQuery(ctx.db, 'qalqon 1');
    if (!query) throw new Error('no query');
    const { db, memory: fromMemory } = await both(query, {}, 'best', 1);
    expect(db.ids).toEqual([whole.id, many.id]);
    expect(fromMemory).toEqual(db);
  }, 60_000);

  it('reads the index whole at most once for a run of "everything changed", then again later', async () => {
    const subscribers = new Set<(change: CatalogueChange) => void>();
    const changes = {
      live: true,
      subscribe(fn: (change: CatalogueChange) => void) {
        subscribers.add(fn);
        return () => subscribers.delete(fn);
      },
      close: async () => {},
    };
    // each whole read is made to take at least READ ms, so the spacing does not hang on how
    // fast this machine happens to read at the moment
    const READ = 60;
    const original = SearchIndex.read.bind(SearchIndex);
    const spans: { at: number; took: number }[] = [];
    const reads = vi.spyOn(SearchIndex, 'read').mockImplementation(async (...args) => {
      const at = Date.now();
      const index = await original(...args);
      const left = at + READ - Date.now();
      if (left > 0) await new Promise((r) => setTimeout(r, left));
      spans.push({ at, took: Date.now() - at });
      return index;
    });
    try {
      const own = new SearchMemory(ctx.db, changes, (error) => {
        throw error;
      });
      await own.settled();
      // a spreadsheet import announces "everything" for each batch, one after another
      const began = Date.now();
      for (let i = 0; i < 10; i++) {
        for (const fn of subscribers) fn({ all: true });
        await new Promise((r) => setTimeout(r, READ / 4));
      }
      const announcing = Date.now() - began;
      await own.settled();
      expect(own.ready).toBe(true);
      // the ten announcements made one more read (more only if announcing itself was slowed
      // past five reads' time), not ten
      expect(reads.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(reads.mock.calls.length).toBeLessThanOrEqual(2 + Math.floor(announcing / (5 * READ)));
      // and no read began sooner than five of the previous one's durations after it began
      for (let i = 1; i < spans.length; i++) {
        const before = spans[i - 1] as { at: number; took: number };
        expect((spans[i] as { at: number }).at - before.at).toBeGreaterThanOrEqual(
          5 * before.took - 2,
        );
      }
      own.close();
    } finally {
      reads.mockRestore();
    }
  });
});
