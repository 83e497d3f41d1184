import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { staff } from './staff.ts';

/** Become-a-partner applications from merchants. */
export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    storeName: text('store_name').notNull(),
    stir: text('stir').notNull(),
    lang: text('lang').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where the shop's staff are with it: new, contacted, accepted or rejected. */
    status: text('status').notNull().default('new'),
    /** What staff noted while handling it. */
    note: text('note').notNull().default(''),
    /** The staff member who last changed its status or note, and when. */
    handledBy: integer('handled_by').references(() => staff.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('partner_applications_created_idx').on(t.createdAt),
    index('partner_applications_status_idx').on(t.status, t.createdAt),
    check(
      'partner_applications_status_check',
      sql`${t.status} in ('new', 'contacted', 'accepted', 'rejected')`,
    ),
  ],
);

/** Pages of text: offer, delivery, return, licence, rules. Bodies are HTML. */
export const contents = pgTable('contents', {
  slug: text('slug').primaryKey(),
  titleUz: text('title_uz').notNull(),
  titleRu: text('title_ru').notNull(),
  bodyUz: text('body_uz').notNull(),
  bodyRu: text('body_ru').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** A draft is kept for the back office and not shown in the shop. */
  isPublished: boolean('is_published').notNull().default(true),
});

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  titleUz: text('title_uz').notNull(),
  titleRu: text('title_ru').notNull(),
  subtitleUz: text('subtitle_uz').notNull().default(''),
  subtitleRu: text('subtitle_ru').notNull().default(''),
  image: text('image').notNull(),
  /** The picture phones show; the desktop one when there is none. */
  imageMobile: text('image_mobile'),
  /** Shown from this moment (always when null) until `endsAt` (for ever when null). */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** Where the banner leads inside the shop, e.g. /category/smartfonlar. */
  link: text('link').notNull(),
  /** Background colour of the banner card. */
  color: text('color').notNull(),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** Hand-picked product sets shown on the home page. */
export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameUz: text('name_uz').notNull(),
    nameRu: text('name_ru').notNull(),
    image: text('image'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Null for a list chosen by hand (`collection_products`); otherwise the rule whose products
     * it shows: { category_id?, brand_id?, tag_id?, min_price?, max_price?, in_stock?, limit }.
     */
    rule: jsonb('rule'),
  },
  (t) => [uniqueIndex('collections_slug_key').on(t.slug)],
);

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('collection_products_product_idx').on(t.productId),
  ],
);

/** Frequently asked questions. */
export const questions = pgTable('questions', {
  id: serial('id').primaryKey(),
  questionUz: text('question_uz').notNull(),
  questionRu: text('question_ru').notNull(),
  answerUz: text('answer_uz').notNull(),
  answerRu: text('answer_ru').notNull(),
  position: integer('position').notNull().default(0),
  isPublished: boolean('is_published').notNull().default(true),
});

/** Pick-up points and offices. */
export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  nameUz: text('name_uz').notNull(),
  nameRu: text('name_ru').notNull(),
  addressUz: text('address_uz').notNull(),
  addressRu: text('address_ru').notNull(),
  phone: text('phone').notNull(),
  workingHours: text('working_hours').notNull(),
  latitude: text('latitude'),
  longitude: text('longitude'),
  /** A link to the branch on a map (Yandex, Google). */
  mapUrl: text('map_url'),
  position: integer('position').notNull().default(0),
  isPublished: boolean('is_published').notNull().default(true),
});
