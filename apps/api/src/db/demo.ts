/**
 * Writes the demo shop of @bozor/demo into the shop's tables: the package generates plain rows,
 * this seam gives them ids after any rows already there and inserts them in batches.
 */
import {
  type GeneratedCatalogue,
  type GeneratedContent,
  type GenerateOptions,
  generateCatalogue,
  generateContent,
} from '@bozor/demo';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import {
  attributes,
  attributeValues,
  banners,
  branches,
  brands,
  categories,
  collectionProducts,
  collections,
  colors,
  contacts,
  contents,
  productAttributeValues,
  products,
  productTags,
  questions,
  tags,
  tariffs,
} from './schema/index.ts';

/** Rows written per table (collections: those that found products). */
export type SeedCounts = { [K in keyof GeneratedCatalogue | keyof GeneratedContent]: number };

/** Rows per insert statement: ~16 parameters a product stays well under PostgreSQL's 65,535. */
const PRODUCT_BATCH = 1_000;
const LINK_BATCH = 5_000;

const SERIAL_TABLES = [
  'categories',
  'brands',
  'colors',
  'tags',
  'attributes',
  'attribute_values',
  'products',
] as const;
type SerialTable = (typeof SERIAL_TABLES)[number];

async function insertInBatches<T extends Record<string, unknown>>(
  db: Executor,
  table: PgTable,
  rows: readonly T[],
  size: number,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size) as never);
  }
}

async function highestIds(db: Executor): Promise<Record<SerialTable, number>> {
  const selects = SERIAL_TABLES.map(
    (t) =>
      sql`(select coalesce(max(id), 0) from ${sql.identifier(t)})::int as ${sql.identifier(t)}`,
  );
  const result = await db.execute(sql`select ${sql.join(selects, sql`, `)}`);
  const row = (result as unknown as { rows: Record<SerialTable, number>[] }).rows[0];
  if (!row) throw new Error('could not read the highest ids');
  return row;
}

/**
 * Inserts the demo shop: the catalogue (default 2,000 products, fixed seed), then its pages,
 * questions, branches, banners and collections. Ids are assigned here, after any rows already in
 * the tables, and the serial sequences are moved past them afterwards.
 */
export async function seedDemo(db: Executor, options: GenerateOptions = {}): Promise<SeedCounts> {
  const c = generateCatalogue(options);
  const content = generateContent(c);
  const base = await highestIds(db);
  const shift = (id: number | null | undefined, table: SerialTable) =>
    id == null ? null : id + base[table];

  await db.insert(colors).values(c.colors.map((r) => ({ ...r, id: r.id + base.colors })));
  await db.insert(tags).values(c.tags.map((r) => ({ ...r, id: r.id + base.tags })));
  await db.insert(brands).values(c.brands.map((r) => ({ ...r, id: r.id + base.brands })));
  await db.insert(categories).values(
    c.categories.map((r) => ({
      ...r,
      id: r.id + base.categories,
      parentId: shift(r.parentId, 'categories'),
      // the demo's goods are fiscalised under placeholder codes its top categories give (a real
      // shop takes each from the classifier, tasnif.soliq.uz); their subcategories inherit them
      ...(r.parentId === null ? demoFiscalCode(r.id) : {}),
    })),
  );
  await db
    .insert(attributes)
    .values(c.attributes.map((r) => ({ ...r, id: r.id + base.attributes })));
  await insertInBatches(
    db,
    attributeValues,
    c.attributeValues.map((r) => ({
      ...r,
      id: r.id + base.attribute_values,
      attributeId: r.attributeId + base.attributes,
    })),
    LINK_BATCH,
  );
  await insertInBatches(
    db,
    products,
    c.products.map((r) => ({
      ...r,
      id: r.id + base.products,
      categoryId: r.categoryId + base.categories,
      brandId: shift(r.brandId, 'brands'),
      colorId: shift(r.colorId, 'colors'),
    })),
    PRODUCT_BATCH,
  );
  await markBulky(db, base.products);
  await insertInBatches(
    db,
    productTags,
    c.productTags.map((r) => ({
      productId: r.productId + base.products,
      tagId: r.tagId + base.tags,
    })),
    LINK_BATCH,
  );
  await insertInBatches(
    db,
    productAttributeValues,
    c.productAttributeValues.map((r) => ({
      productId: r.productId + base.products,
      valueId: r.valueId + base.attribute_values,
    })),
    LINK_BATCH,
  );
  await db.insert(tariffs).values(c.tariffs).onConflictDoNothing();
  await db.insert(contacts).values(c.contacts).onConflictDoNothing();

  for (const table of SERIAL_TABLES) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 1), max(id) is not null) from ${sql.identifier(table)}`,
    );
  }

  await db.insert(contents).values(content.contents).onConflictDoNothing();
  await db.insert(questions).values(content.questions);
  await db.insert(branches).values(content.branches);
  await db.insert(banners).values(content.banners);
  for (const { productIds, ...collection } of content.collections) {
    const [row] = await db.insert(collections).values(collection).returning({ id: collections.id });
    if (!row) throw new Error(`collection ${collection.slug} was not written`);
    await db.insert(collectionProducts).values(
      productIds.map((id, position) => ({
        collectionId: row.id,
        productId: id + base.products,
        position,
      })),
    );
  }

  return {
    categories: c.categories.length,
    brands: c.brands.length,
    colors: c.colors.length,
    tags: c.tags.length,
    attributes: c.attributes.length,
    attributeValues: c.attributeValues.length,
    products: c.products.length,
    productTags: c.productTags.length,
    productAttributeValues: c.productAttributeValues.length,
    tariffs: c.tariffs.length,
    contacts: c.contacts.length,
    contents: content.contents.length,
    questions: content.questions.length,
    branches: content.branches.length,
    banners: content.banners.length,
    collections: content.collections.length,
  };
}

/**
 * The demo's categories of large goods (KGT), with every category under them: fridges, washing
 * machines, cookers, big TVs, air conditioners and furniture go by the delivery rates' bulky terms.
 */
export const DEMO_BULKY_CATEGORIES = [
  'muzlatgichlar',
  'kir-yuvish-mashinalari',
  'oshxona-plitalari',
  'katta-diagonalli-televizorlar',
  'konditsionerlar',
  'mebel',
] as const;

/** Marks the demo products (ids above `after`) of DEMO_BULKY_CATEGORIES bulky. */
async function markBulky(db: Executor, after: number): Promise<void> {
  const slugs = sql.join(
    DEMO_BULKY_CATEGORIES.map((slug) => sql`${slug}`),
    sql`, `,
  );
  await db.execute(sql`
    with recursive bulky as (
      select id from categories where slug in (${slugs})
      union
      select c.id from categories c join bulky on c.parent_id = bulky.id
    )
    update products set size_class = 'bulky'
    where id > ${after} and category_id in (select id from bulky)`);
}

/** A placeholder fiscal code for a demo top category: 17 digits beginning with 1, not a real IKPU. */
export function demoFiscalCode(categoryId: number) {
  return {
    ikpu: `1${String(categoryId).padStart(16, '0')}`,
    packageCode: '1000000',
    vatPercent: 12,
  };
}
