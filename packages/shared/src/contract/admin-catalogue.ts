import { z } from 'zod';
import { toSearchLatin } from '../search.ts';
import { CONTROL_CHARACTERS, Id, idOf, MAX_MONEY, MAX_PAGE } from './common.ts';
import { SizeClassSchema } from './delivery.ts';
import { fiscalCodeInput, fiscalPairIssues, InheritedFiscalCode } from './fiscal-codes.ts';

/**
 * The rules a product's fields answer with, as keys the API words in the caller's language and
 * the back office translates with the same keys (added to FIELD_MESSAGE_KEYS).
 */
export const PRODUCT_FIELD_MESSAGE_KEYS = [
  'product_code_invalid',
  'product_code_taken',
  'product_slug_invalid',
  'product_slug_taken',
  'product_price_invalid',
  'product_old_price_not_above',
  'product_stock_invalid',
  'product_category_invalid',
  'product_brand_invalid',
  'product_color_invalid',
  'product_tag_invalid',
  'product_value_invalid',
  'product_collection_invalid',
  'product_image_invalid',
  'product_images_too_many',
  'bulk_percent_invalid',
  'bulk_amount_invalid',
  'bulk_ids_invalid',
  'bulk_price_out_of_range',
] as const;

/** A SKU: Latin letters, digits, `.`, `_`, `/` and `-`, as suppliers print them. */
export const PRODUCT_CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
/** A product's address in the shop: lowercase Latin words and digits joined by hyphens. */
export const PRODUCT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;
/** A picture the media routes serve: `/media/…` without `..` or odd characters. */
export const MEDIA_PATH =
  /^\/media\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const MAX_PRODUCT_IMAGES = 20;
/** Units on hand one product may hold. */
export const MAX_STOCK = 1_000_000;
/** Products one bulk action may change at once. */
export const MAX_BULK_PRODUCTS = 500;
/** A bulk price change by whole percent: from a 90 % cut to a sixfold price. */
export const BULK_PERCENT_MIN = -90;
export const BULK_PERCENT_MAX = 500;
/** A price changed by percent is rounded to whole thousands of sum, as shop prices are written. */
export const BULK_PRICE_STEP = 1_000;

/** A product's address made from its name: the search form's Latin words joined by hyphens. */
export function slugOf(name: string): string {
  return toSearchLatin(name).replaceAll(' ', '-').slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
}

const text = (max: number) =>
  z
    .string('field_required')
    .trim()
    .max(max, 'field_too_long')
    .refine((v) => !CONTROL_CHARACTERS.test(v), 'text_invalid');
/** Descriptions are HTML written over several lines: line breaks and tabs are allowed. */
const html = (max: number) =>
  z
    .string('field_required')
    .trim()
    .max(max, 'field_too_long')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), 'text_invalid');

const price = z
  .number('product_price_invalid')
  .int('product_price_invalid')
  .min(1, 'product_price_invalid')
  .max(MAX_MONEY, 'product_price_invalid');
const ids = (message: string) => z.array(idOf(message)).max(100, message);

/**
 * A product as staff write it, on creating and on editing (the whole product each time): the one
 * definition of a valid product, which the spreadsheet import uses too. Descriptions are HTML,
 * cleaned on the server to the tags the shop shows; an empty slug is made from the Uzbek name on
 * creating and keeps the current one on editing.
 */
export const ProductInput = z
  .object({
    name_uz: text(200).min(1, 'field_required'),
    name_ru: text(200).min(1, 'field_required'),
    description_uz: html(20_000),
    description_ru: html(20_000),
    code: z
      .string('field_required')
      .trim()
      .min(1, 'field_required')
      .regex(PRODUCT_CODE, 'product_code_invalid'),
    slug: z
      .string()
      .trim()
      .max(MAX_SLUG_LENGTH, 'field_too_long')
      .refine((v) => v === '' || PRODUCT_SLUG.test(v), 'product_slug_invalid'),
    price,
    old_price: price.nullable(),
    stock: z
      .number('product_stock_invalid')
      .int('product_stock_invalid')
      .min(0, 'product_stock_invalid')
      .max(MAX_STOCK, 'product_stock_invalid'),
    category_id: idOf('product_category_invalid'),
    brand_id: idOf('product_brand_invalid').nullable(),
    color_id: idOf('product_color_invalid').nullable(),
    tag_ids: ids('product_tag_invalid'),
    attribute_value_ids: ids('product_value_invalid'),
    collection_ids: ids('product_collection_invalid'),
    is_active: z.boolean(),
    /** Picture paths, the first one the main picture. */
    images: z
      .array(z.string().regex(MEDIA_PATH, 'product_image_invalid'))
      .max(MAX_PRODUCT_IMAGES, 'product_images_too_many'),
    /** Its own fiscal code; each null takes its category's (DESIGN §6c). */
    ...fiscalCodeInput,
    /** How it is delivered: `bulky` goods (KGT) go by the rates' bulky terms (DESIGN §6c). */
    size_class: SizeClassSchema.default('standard'),
  })
  .superRefine((value, ctx) => {
    if (value.old_price != null && value.old_price <= value.price) {
      ctx.addIssue({ code: 'custom', path: ['old_price'], message: 'product_old_price_not_above' });
    }
    for (const issue of fiscalPairIssues(value)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
export type ProductInput = z.infer<typeof ProductInput>;

const yesNo = z.enum(['yes', 'no']);
export const ADMIN_PRODUCT_SORTS = [
  'new',
  'old',
  'name',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
] as const;

/** `GET /admin/products`: every filter optional; `q` finds names in either script, or a SKU. */
export const AdminProductsQuery = z.object({
  q: z.string().trim().max(100, 'field_too_long').optional(),
  /** The category and everything under it. */
  category_id: idOf('product_category_invalid').optional(),
  brand_id: idOf('product_brand_invalid').optional(),
  in_stock: yesNo.optional(),
  /** Hidden by its own switch (a hidden category's products are marked, not filtered). */
  hidden: yesNo.optional(),
  price_min: z.coerce
    .number('money_invalid')
    .int('money_invalid')
    .min(0, 'money_invalid')
    .max(MAX_MONEY, 'money_invalid')
    .optional(),
  price_max: z.coerce
    .number('money_invalid')
    .int('money_invalid')
    .min(0, 'money_invalid')
    .max(MAX_MONEY, 'money_invalid')
    .optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('new'),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(30),
});
export type AdminProductsQuery = z.infer<typeof AdminProductsQuery>;

export const AdminProductRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  code: z.string(),
  name_uz: z.string(),
  name_ru: z.string(),
  /** The main picture, or null. */
  image: z.string().nullable(),
  price: z.number().int(),
  old_price: z.number().int().nullable(),
  stock: z.number().int(),
  category: z.object({ id: z.number().int(), name_uz: z.string(), name_ru: z.string() }),
  brand: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  is_active: z.boolean(),
  /** False when the product's category or one above it is hidden: the shop does not show it. */
  category_active: z.boolean(),
  created_at: z.string(),
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductDetail = z.object({
  id: z.number().int(),
  name_uz: z.string(),
  name_ru: z.string(),
  description_uz: z.string(),
  description_ru: z.string(),
  code: z.string(),
  slug: z.string(),
  price: z.number().int(),
  old_price: z.number().int().nullable(),
  stock: z.number().int(),
  category_id: z.number().int(),
  brand_id: z.number().int().nullable(),
  color_id: z.number().int().nullable(),
  tag_ids: z.array(z.number().int()),
  attribute_value_ids: z.array(z.number().int()),
  collection_ids: z.array(z.number().int()),
  is_active: z.boolean(),
  images: z.array(z.string()),
  category_active: z.boolean(),
  popularity: z.number().int(),
  created_at: z.string(),
  /** Its own fiscal code; null where it takes its category's (ProductCategoryOption.fiscal). */
  ikpu: z.string().nullable(),
  package_code: z.string().nullable(),
  units: z.number().int().nullable(),
  vat_percent: z.number().int().nullable(),
  size_class: SizeClassSchema,
});
export type AdminProductDetail = z.infer<typeof AdminProductDetail>;

/** What one bulk action does to every chosen product. */
export const ProductBulkChange = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hide') }),
  z.object({ type: z.literal('show') }),
  z.object({
    type: z.literal('price_percent'),
    percent: z
      .number('bulk_percent_invalid')
      .int('bulk_percent_invalid')
      .min(BULK_PERCENT_MIN, 'bulk_percent_invalid')
      .max(BULK_PERCENT_MAX, 'bulk_percent_invalid')
      .refine((v) => v !== 0, 'bulk_percent_invalid'),
  }),
  z.object({
    type: z.literal('price_amount'),
    amount: z
      .number('bulk_amount_invalid')
      .int('bulk_amount_invalid')
      .min(-MAX_MONEY, 'bulk_amount_invalid')
      .max(MAX_MONEY, 'bulk_amount_invalid')
      .refine((v) => v !== 0, 'bulk_amount_invalid'),
  }),
  z.object({
    type: z.literal('set_stock'),
    stock: z
      .number('product_stock_invalid')
      .int('product_stock_invalid')
      .min(0, 'product_stock_invalid')
      .max(MAX_STOCK, 'product_stock_invalid'),
  }),
  z.object({ type: z.literal('move'), category_id: idOf('product_category_invalid') }),
]);
export type ProductBulkChange = z.infer<typeof ProductBulkChange>;

export const ProductBulkAction = z.object({
  ids: z
    .array(Id)
    .min(1, 'bulk_ids_invalid')
    .max(MAX_BULK_PRODUCTS, 'bulk_ids_invalid')
    .refine((list) => new Set(list).size === list.length, 'bulk_ids_invalid'),
  change: ProductBulkChange,
});
export type ProductBulkAction = z.infer<typeof ProductBulkAction>;

export const ProductBulkResult = z.object({ changed: z.number().int() });

/**
 * A price after a bulk change: by percent rounded half up to whole thousands of sum (never below
 * one thousand), by amount exactly. Null when the result falls outside 1 … MAX_MONEY sum.
 */
export function bulkPrice(
  current: number,
  change: { type: 'price_percent'; percent: number } | { type: 'price_amount'; amount: number },
): number | null {
  let next: number;
  if (change.type === 'price_percent') {
    const exact = (current * (100 + change.percent)) / 100;
    next = Math.max(BULK_PRICE_STEP, Math.round(exact / BULK_PRICE_STEP) * BULK_PRICE_STEP);
  } else {
    next = current + change.amount;
  }
  return next >= 1 && next <= MAX_MONEY ? next : null;
}

/** A category as the product form offers it: hidden ones too, with their depth in the tree. */
export const ProductCategoryOption = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name_uz: z.string(),
  name_ru: z.string(),
  depth: z.number().int(),
  is_active: z.boolean(),
  /** What a product filed under it inherits: its own code, else the nearest one's above it. */
  fiscal: InheritedFiscalCode,
});
export type ProductCategoryOption = z.infer<typeof ProductCategoryOption>;

const NamedOption = z.object({ id: z.number().int(), name_uz: z.string(), name_ru: z.string() });

/** Everything the product form and the grid's filters choose from, in one answer. */
export const ProductFormOptions = z.object({
  /** Depth first, in the tree's order: a parent comes right before its children. */
  categories: z.array(ProductCategoryOption),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  colors: z.array(NamedOption.extend({ hex: z.string() })),
  tags: z.array(NamedOption.extend({ color: z.string() })),
  /** Hand-picked collections only: a collection by rule chooses its products itself. */
  collections: z.array(NamedOption.extend({ is_active: z.boolean() })),
});
export type ProductFormOptions = z.infer<typeof ProductFormOptions>;

export const ProductAttributeOption = z.object({
  id: z.number().int(),
  name_uz: z.string(),
  name_ru: z.string(),
  /** Some product of the category (or one under it) already has a value of it. */
  in_category: z.boolean(),
  values: z.array(z.object({ id: z.number().int(), value_uz: z.string(), value_ru: z.string() })),
});
export type ProductAttributeOption = z.infer<typeof ProductAttributeOption>;

export const ProductAttributesQuery = z.object({
  category_id: idOf('product_category_invalid').optional(),
});
