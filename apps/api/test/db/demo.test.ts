import { generateCatalogue } from '@bozor/demo';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { type SeedCounts, seedDemo } from '../../src/db/demo.ts';
import { prepareDatabase } from '../../src/db/prepare.ts';
import {
  banners,
  brands,
  categories,
  collectionProducts,
  collections,
  products,
} from '../../src/db/schema/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { createCategory, createProduct } from '../helpers/factories.ts';

describe('seedDemo', () => {
  let database: DatabaseHandle;
  let counts: SeedCounts;
  let earlierProduct: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const category = await createCategory(database.db);
    earlierProduct = (await createProduct(database.db, { categoryId: category.id })).id;
    counts = await database.db.transaction((tx) => seedDemo(tx, { products: 300, seed: 11 }));
  });
  afterAll(async () => {
    await database?.close();
  });

  const countRows = async (table: string) => {
    const result = await database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };

  it('inserts the rows it reports', async () => {
    const expected = generateCatalogue({ products: 300, seed: 11 });
    expect(counts.products).toBe(300);
    expect(counts.categories).toBe(expected.categories.length);
    expect(await countRows('products')).toBe(301);
    expect(await countRows('categories')).toBe(counts.categories + 1);
    expect(await countRows('brands')).toBe(counts.brands);
    expect(await countRows('colors')).toBe(counts.colors);
    expect(await countRows('tags')).toBe(counts.tags);
    expect(await countRows('attribute_values')).toBe(counts.attributeValues);
    expect(await countRows('product_attribute_values')).toBe(counts.productAttributeValues);
    expect(await countRows('product_tags')).toBe(counts.productTags);
    expect(await countRows('tariffs')).toBe(4);
    expect(await countRows('contacts')).toBe(3);
    expect(await countRows('search_words')).toBeGreaterThan(100);
    expect(await countRows('contents')).toBe(counts.contents);
    expect(await countRows('questions')).toBe(counts.questions);
    expect(await countRows('branches')).toBe(counts.branches);
    expect(await countRows('banners')).toBe(counts.banners);
    expect(await countRows('collections')).toBe(counts.collections);
    expect(counts.collections).toBeGreaterThanOrEqual(3);
  });

  it('puts the rows after those already there and keeps their links', async () => {
    const first = generateCatalogue({ products: 1, seed: 11 }).products[0];
    const [seeded] = await database.db
      .select()
      .from(products)
      .where(eq(products.id, earlierProduct + 1));
    expect(seeded?.slug).toBe(first?.slug);
    const [category] = await database.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, seeded?.categoryId ?? 0));
    expect(category?.slug).toBe('android-smartfonlar');

    const held = await database.db
      .select({ productId: collectionProducts.productId, image: collections.image })
      .from(collectionProducts)
      .innerJoin(collections, eq(collections.id, collectionProducts.collectionId));
    expect(held.length).toBeGreaterThan(0);
    expect(held.some((row) => row.productId === earlierProduct)).toBe(false);
  });

  it('leads the first banner to scoring and the others to top categories', async () => {
    const links = await database.db
      .select({ link: banners.link })
      .from(banners)
      .orderBy(asc(banners.position));
    expect(links[0]?.link).toBe('/scoring');
    const [top] = await database.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.isTop, true))
      .orderBy(asc(categories.position), asc(categories.id));
    expect(links[1]?.link).toBe(`/category/${top?.slug}`);
  });

  it('moves the sequences past the seeded ids', async () => {
    const [category] = await database.db
      .insert(categories)
      .values({ slug: 'after-seed', nameUz: 'Keyin', nameRu: 'После' })
      .returning();
    const [brand] = await database.db
      .insert(brands)
      .values({ slug: 'after-seed', name: 'After' })
      .returning();
    const [product] = await database.db
      .insert(products)
      .values({
        slug: 'after-seed',
        code: 'AFTER-1',
        nameUz: 'Keyin',
        nameRu: 'После',
        price: 1_000,
        categoryId: category!.id,
        brandId: brand!.id,
      })
      .returning();
    expect(product!.id).toBe(302);
    expect(category!.id).toBe(counts.categories + 2);
    expect(brand!.id).toBe(counts.brands + 1);
  });
});

describe('a start with SEED_ON_START', () => {
  const ctx = useTestApp();
  const prepare = () => prepareDatabase(ctx.database, { seed: true, log: { info: () => {} } });

  beforeAll(prepare);

  it('seeds the demo shop into the empty database once', async () => {
    const count = async () => (await ctx.db.select({ id: products.id }).from(products)).length;
    expect(await count()).toBe(2_000);
    await prepare();
    expect(await count()).toBe(2_000);
  });

  it('serves every picture the seeded shop points at', async () => {
    const rows = await Promise.all([
      ctx.db.select({ src: categories.image }).from(categories),
      ctx.db.select({ src: brands.logo }).from(brands),
      ctx.db.select({ src: banners.image }).from(banners),
      ctx.db.select({ src: collections.image }).from(collections),
    ]);
    const photos = await ctx.db
      .select({ images: products.images })
      .from(products)
      .where(sql`${products.id} % 40 = 1`);
    const addresses = new Set([
      ...rows.flat().map((row) => row.src),
      ...photos.flatMap((row) => row.images),
    ]);
    expect(addresses.size).toBeGreaterThan(400);
    for (const url of addresses) {
      const res = await ctx.app.inject({ url: url ?? '' });
      expect(res.statusCode, url ?? 'no picture').toBe(200);
    }
  });
});
