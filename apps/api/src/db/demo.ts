/**
 * Writes the demo shop of @bozor/demo into the shop's tables: the package generates plain rows,
 * this seam gives them ids after any rows already there and inserts them in batches.
 */
import {
  type GeneratedCatalogue,
  type GeneratedContent,
  type GeneratedReviews,
  type GenerateOptions,
  generateCatalogue,
  generateContent,
  generateReviews,
} from '@bozor/demo';
import { ORDER_STATUS, REVIEW_EDIT_DAYS } from '@bozor/shared';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
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
  customers,
  orderItems,
  orders,
  productAttributeValues,
  productReviews,
  products,
  productTags,
  questions,
  reviewHelpfulVotes,
  tags,
  tariffs,
} from './schema/index.ts';

/**
 * Rows written per table (collections: those that found products; productRatings: the products
 * carrying the sums of their reviews).
 */
export type SeedCounts = {
  [K in keyof GeneratedCatalogue | keyof GeneratedContent | keyof GeneratedReviews]: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

const SERIAL_TABLES = [
  'categories',
  'brands',
  'colors',
  'tags',
  'attributes',
  'attribute_values',
  'products',
  'customers',
  'orders',
  'order_items',
  'product_reviews',
] as const;
type SerialTable = (typeof SERIAL_TABLES)[number];

/** Rows per insert statement, as one JSON text. */
const JSON_BATCH = 5_000;

/**
 * Inserts rows as one JSON text a statement, which PostgreSQL reads into the table's row type: for
 * thousands of rows much quicker than binding each value as a parameter (PGlite spent a fifth of
 * the seed binding the products'). Every row has the first row's keys; a column left out takes
 * its default, a key missing from a row is refused.
 */
async function insertAsJson<T extends Record<string, unknown>>(
  db: Executor,
  table: PgTable,
  rows: readonly T[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(first);
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column.name;
  });
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const type = sql.identifier(getTableName(table));
  const named = (row: T) => {
    if (Object.keys(row).length !== keys.length) {
      throw new Error(`${getTableName(table)}: a row's columns differ from the first row's`);
    }
    return Object.fromEntries(keys.map((key, i) => [names[i], row[key]]));
  };
  for (let start = 0; start < rows.length; start += JSON_BATCH) {
    const json = JSON.stringify(rows.slice(start, start + JSON_BATCH).map(named));
    await db.execute(
      sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${type}, ${json}::json)`,
    );
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
 * questions, branches, banners and collections, and its buyers' reviews with the delivered orders
 * they are of. Ids are assigned here, after any rows already in the tables, and the serial
 * sequences are moved past them afterwards.
 */
export async function seedDemo(db: Executor, options: GenerateOptions = {}): Promise<SeedCounts> {
  const c = generateCatalogue(options);
  const content = generateContent(c);
  const bought = generateReviews(c, options);
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
  await insertAsJson(
    db,
    attributeValues,
    c.attributeValues.map((r) => ({
      ...r,
      id: r.id + base.attribute_values,
      attributeId: r.attributeId + base.attributes,
    })),
  );
  // a product is written with the sums of its reviews, so its listings and search postings carry
  // its rating from the start (the catalogue's triggers copy them on insert)
  const sums = new Map(bought.productRatings.map(({ productId, ...sum }) => [productId, sum]));
  const summed = new Date();
  const unrated = { rating: 0, ratingCount: 0, ratingStars: [0, 0, 0, 0, 0] };
  await insertAsJson(
    db,
    products,
    c.products.map((r) => {
      const sum = sums.get(r.id);
      return {
        ...r,
        ...(sum ?? unrated),
        reviewsChangedAt: sum ? summed : null,
        id: r.id + base.products,
        categoryId: r.categoryId + base.categories,
        brandId: shift(r.brandId, 'brands'),
        colorId: shift(r.colorId, 'colors'),
      };
    }),
  );
  await markBulky(db, base.products);
  await insertAsJson(
    db,
    productTags,
    c.productTags.map((r) => ({
      productId: r.productId + base.products,
      tagId: r.tagId + base.tags,
    })),
  );
  await insertAsJson(
    db,
    productAttributeValues,
    c.productAttributeValues.map((r) => ({
      productId: r.productId + base.products,
      valueId: r.valueId + base.attribute_values,
    })),
  );
  await db.insert(tariffs).values(c.tariffs).onConflictDoNothing();
  await db.insert(contacts).values(c.contacts).onConflictDoNothing();
  await insertReviews(db, bought, base);

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
    customers: bought.customers.length,
    orders: bought.orders.length,
    orderItems: bought.orderItems.length,
    reviews: bought.reviews.length,
    helpfulVotes: bought.helpfulVotes.length,
    productRatings: bought.productRatings.length,
  };
}

/**
 * The demo buyers, their delivered orders (paid in full, with no payment or ledger rows: no money
 * moved, so reconciliation and the credit book never see them) and their reviews, moderated and
 * past their edit window.
 */
async function insertReviews(
  db: Executor,
  bought: GeneratedReviews,
  base: Record<SerialTable, number>,
): Promise<void> {
  const customer = (id: number) => id + base.customers;
  const order = (id: number) => id + base.orders;
  const review = (id: number) => id + base.product_reviews;
  await insertAsJson(
    db,
    customers,
    bought.customers.map((r) => ({ ...r, id: customer(r.id) })),
  );
  await insertAsJson(
    db,
    orders,
    bought.orders.map((r) => ({
      ...r,
      id: order(r.id),
      customerId: customer(r.customerId),
      status: ORDER_STATUS.delivered,
      paymentType: 'full' as const,
      updatedAt: r.deliveredAt,
    })),
  );
  await insertAsJson(
    db,
    orderItems,
    bought.orderItems.map((r) => ({
      ...r,
      id: r.id + base.order_items,
      orderId: order(r.orderId),
      productId: r.productId + base.products,
    })),
  );
  await insertAsJson(
    db,
    productReviews,
    bought.reviews.map((r) => ({
      ...r,
      id: review(r.id),
      orderItemId: r.orderItemId + base.order_items,
      orderId: order(r.orderId),
      customerId: customer(r.customerId),
      productId: r.productId + base.products,
      updatedAt: r.createdAt,
      editUntil: new Date(r.createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS),
    })),
  );
  await insertAsJson(
    db,
    reviewHelpfulVotes,
    bought.helpfulVotes.map((r) => ({
      ...r,
      reviewId: review(r.reviewId),
      customerId: customer(r.customerId),
    })),
  );
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
