import type { SizeClass } from '@bozor/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Three-level category tree; names in both interface languages. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'restrict',
    }),
    slug: text('slug').notNull(),
    nameUz: text('name_uz').notNull(),
    nameRu: text('name_ru').notNull(),
    image: text('image'),
    position: integer('position').notNull().default(0),
    /** Shown in the top navigation bar and on the home page. */
    isTop: boolean('is_top').notNull().default(false),
    /** A hidden category and what is under it are not shown in the shop. */
    isActive: boolean('is_active').notNull().default(true),
    /** The fiscal code of its goods (DESIGN §6c); a product may set its own, a subcategory inherits. */
    ikpu: text('ikpu'),
    packageCode: text('package_code'),
    units: integer('units'),
    vatPercent: smallint('vat_percent'),
    /** Both names in search form, folded once when written rather than on every search. */
    searchText: text('search_text').generatedAlwaysAs(sql`bozor_latin(name_uz || ' ' || name_ru)`),
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_parent_idx').on(t.parentId),
    check('categories_ikpu_check', sql`${t.ikpu} ~ '^[0-9]{17}$'`),
    check('categories_package_code_check', sql`${t.packageCode} ~ '^[0-9]{1,20}$'`),
    check('categories_vat_percent_check', sql`${t.vatPercent} in (0, 12)`),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    logo: text('logo'),
  },
  (t) => [uniqueIndex('brands_slug_key').on(t.slug)],
);

export const colors = pgTable(
  'colors',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameUz: text('name_uz').notNull(),
    nameRu: text('name_ru').notNull(),
    hex: text('hex').notNull(),
  },
  (t) => [uniqueIndex('colors_slug_key').on(t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    code: text('code').notNull(),
    nameUz: text('name_uz').notNull(),
    nameRu: text('name_ru').notNull(),
    descriptionUz: text('description_uz').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    /** Whole sum (UZS). */
    price: bigint('price', { mode: 'number' }).notNull(),
    oldPrice: bigint('old_price', { mode: 'number' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    brandId: integer('brand_id').references(() => brands.id),
    colorId: integer('color_id').references(() => colors.id),
    /** Paths of the product's images, first one is the main image. */
    images: text('images').array().notNull().default([]),
    /** Orders and views; drives the "famous" sort. */
    popularity: integer('popularity').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Units on hand. Checkout takes them with one conditional update (`modules/catalogue/stock.ts`),
     * so two buyers of the last unit cannot both have it; a product added without a count is not
     * for sale until it is counted.
     */
    stock: integer('stock').notNull().default(0),
    /** Its own fiscal code, where its category's does not fit; null takes the category's. */
    ikpu: text('ikpu'),
    packageCode: text('package_code'),
    units: integer('units'),
    vatPercent: smallint('vat_percent'),
    /**
     * Its delivery size class (DESIGN §6c): `standard`, or `bulky` goods (KGT: fridges, washing
     * machines, big TVs, furniture), which go by the delivery rates' bulky terms.
     */
    sizeClass: text('size_class').$type<SizeClass>().notNull().default('standard'),
    /**
     * Its published reviews' sums, kept by `modules/reviews` when a review is published, taken
     * down or changed (never counted per request): the average to one decimal (0 without any),
     * how many, and how many per star (1 to 5). Being columns of the product, a change is
     * announced like a price change, and the cache and search follow it.
     */
    rating: doublePrecision('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingStars: integer('rating_stars').array().notNull().default(sql`'{0,0,0,0,0}'`),
    /** When its published reviews last changed (so a change of words alone is announced too). */
    reviewsChangedAt: timestamp('reviews_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text').generatedAlwaysAs(sql`bozor_latin(name_uz || ' ' || name_ru)`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', bozor_latin(name_uz || ' ' || name_ru))`,
    ),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_search_idx').using('gin', t.searchVector),
    uniqueIndex('products_code_key').on(t.code),
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_popularity_idx').on(t.popularity),
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_ikpu_check', sql`${t.ikpu} ~ '^[0-9]{17}$'`),
    check('products_package_code_check', sql`${t.packageCode} ~ '^[0-9]{1,20}$'`),
    check('products_vat_percent_check', sql`${t.vatPercent} in (0, 12)`),
    check('products_size_class_check', sql`${t.sizeClass} in ('standard', 'bulky')`),
  ],
);

/**
 * How many active products each category holds (not counting its subcategories), kept by the
 * products' triggers (migration 0013) in the same transaction as the change, so an unfiltered
 * category list counts its products by summing a few rows instead of reading them all.
 */
export const categoryCounts = pgTable('category_counts', {
  categoryId: integer('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  activeProducts: integer('active_products').notNull().default(0),
});

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  nameUz: text('name_uz').notNull(),
  nameRu: text('name_ru').notNull(),
  color: text('color').notNull(),
});

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.tagId] }),
    index('product_tags_tag_idx').on(t.tagId),
  ],
);

/** Filterable characteristics (memory, screen size, material…). */
export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameUz: text('name_uz').notNull(),
    nameRu: text('name_ru').notNull(),
  },
  (t) => [uniqueIndex('attributes_slug_key').on(t.slug)],
);

export const attributeValues = pgTable(
  'attribute_values',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    valueUz: text('value_uz').notNull(),
    valueRu: text('value_ru').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('attribute_values_attribute_idx').on(t.attributeId)],
);

export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    valueId: integer('value_id')
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.valueId] }),
    index('product_attribute_values_value_idx').on(t.valueId),
  ],
);

/** Installment tariffs (DESIGN §4): the markup is whole percent over the whole term. */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    months: smallint('months').notNull(),
    markupPercent: smallint('markup_percent').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('tariffs_months_key').on(t.months)],
);

/** Support phone, messenger and insurance links shown in the footer. */
export const contacts = pgTable('contacts', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  position: integer('position').notNull().default(0),
});

/** Every word of the catalogue's names in search form: what a misspelt query is corrected to. */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);
