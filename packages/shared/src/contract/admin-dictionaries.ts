import { z } from 'zod';
import { idOf, Money, typedText } from './common.ts';
import {
  fiscalCodeFields,
  fiscalCodeInput,
  fiscalPairIssues,
  InheritedFiscalCode,
} from './fiscal-codes.ts';

/**
 * The catalogue's dictionaries in the back office: the category tree, brands, tags, colours,
 * attributes with their values, and collections chosen by hand or by a rule.
 */

/** The rules of the dictionaries' fields, answered in the caller's language by the API. */
export const DICTIONARY_FIELD_MESSAGE_KEYS = [
  'slug_invalid',
  'slug_taken',
  'hex_invalid',
  'position_invalid',
  'parent_invalid',
  'category_cycle',
  'category_too_deep',
  'order_mismatch',
  'category_invalid',
  'brand_invalid',
  'tag_invalid',
  'limit_invalid',
  'price_range_order',
  'collection_by_rule',
] as const;
export type DictionaryFieldMessageKey = (typeof DICTIONARY_FIELD_MESSAGE_KEYS)[number];

/** The deepest a category sits: the storefront's menu shows three levels. */
export const MAX_CATEGORY_DEPTH = 3;

const Name = (max = 120) => typedText().min(1, 'field_required').max(max, 'field_too_long');
/** Lower-case Latin letters and digits in words joined by single hyphens, as in a page's address. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const Slug = z
  .string('field_required')
  .trim()
  .min(1, 'field_required')
  .max(100, 'field_too_long')
  .regex(SLUG_PATTERN, 'slug_invalid');
/** `#` and six hex digits, as a colour picker gives it. */
export const HexColor = z
  .string('field_required')
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'hex_invalid')
  .transform((v) => v.toLowerCase());
/** A picture's stored path; empty means none. */
const PicturePath = typedText()
  .max(500, 'field_too_long')
  .nullable()
  .transform((v) => (v ? v : null));
const Position = z.coerce.number('position_invalid').int('position_invalid').min(0).max(100_000);

// ---- categories ----

export const AdminCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  slug: z.string(),
  name_uz: z.string(),
  name_ru: z.string(),
  image: z.string().nullable(),
  position: z.number().int(),
  is_top: z.boolean(),
  is_active: z.boolean(),
  /** 0 for a root. */
  depth: z.number().int(),
  /** Products filed right under it, shown or not (not counting its subcategories). */
  product_count: z.number().int(),
  child_count: z.number().int(),
  /** Its own fiscal code (null: inherited from the categories above it). */
  ikpu: z.string().nullable(),
  package_code: z.string().nullable(),
  units: z.number().int().nullable(),
  vat_percent: z.number().int().nullable(),
  /** What the categories above it give (not counting its own). */
  inherited: InheritedFiscalCode,
});
export type AdminCategory = z.infer<typeof AdminCategory>;

export const CategoryBody = z
  .object({
    name_uz: Name(),
    name_ru: Name(),
    slug: Slug,
    parent_id: idOf('parent_invalid').nullable().default(null),
    image: PicturePath.default(null),
    is_top: z.boolean().default(false),
    is_active: z.boolean().default(true),
    ...fiscalCodeInput,
  })
  .superRefine((value, ctx) => {
    for (const issue of fiscalPairIssues(value)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
export type CategoryBody = z.infer<typeof CategoryBody>;

export const CategoryPatch = z.object({
  name_uz: Name().optional(),
  name_ru: Name().optional(),
  slug: Slug.optional(),
  /** Moves it under another category (null: to the roots), last among its new siblings. */
  parent_id: idOf('parent_invalid').nullable().optional(),
  image: PicturePath.optional(),
  is_top: z.boolean().optional(),
  is_active: z.boolean().optional(),
  /**
   * The fiscal code, all four fields together (null each to inherit); left out, it stays as it
   * is. An IKPU goes with its package code.
   */
  ikpu: fiscalCodeFields.ikpu.optional(),
  package_code: fiscalCodeFields.package_code.optional(),
  units: fiscalCodeFields.units.optional(),
  vat_percent: fiscalCodeFields.vat_percent.optional(),
});
export type CategoryPatch = z.infer<typeof CategoryPatch>;

/** The new order of one parent's children: every child once. */
export const CategoryOrderBody = z.object({
  parent_id: idOf().nullable(),
  ids: z.array(idOf()).min(1).max(1000),
});
export type CategoryOrderBody = z.infer<typeof CategoryOrderBody>;

// ---- brands ----

export const AdminBrand = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  product_count: z.number().int(),
});
export type AdminBrand = z.infer<typeof AdminBrand>;

export const BrandBody = z.object({
  name: Name(),
  slug: Slug,
  logo: PicturePath.default(null),
});
export type BrandBody = z.infer<typeof BrandBody>;

// ---- tags ----

export const AdminTag = z.object({
  id: z.number().int(),
  name_uz: z.string(),
  name_ru: z.string(),
  color: z.string(),
  product_count: z.number().int(),
});
export type AdminTag = z.infer<typeof AdminTag>;

export const TagBody = z.object({ name_uz: Name(60), name_ru: Name(60), color: HexColor });
export type TagBody = z.infer<typeof TagBody>;

// ---- colours ----

export const AdminColor = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_uz: z.string(),
  name_ru: z.string(),
  hex: z.string(),
  product_count: z.number().int(),
});
export type AdminColor = z.infer<typeof AdminColor>;

export const ColorBody = z.object({
  name_uz: Name(60),
  name_ru: Name(60),
  slug: Slug,
  hex: HexColor,
});
export type ColorBody = z.infer<typeof ColorBody>;

// ---- attributes ----

export const AdminAttributeValue = z.object({
  id: z.number().int(),
  value_uz: z.string(),
  value_ru: z.string(),
  position: z.number().int(),
  product_count: z.number().int(),
});
export type AdminAttributeValue = z.infer<typeof AdminAttributeValue>;

export const AdminAttribute = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_uz: z.string(),
  name_ru: z.string(),
  /** Products with any of its values. */
  product_count: z.number().int(),
  values: z.array(AdminAttributeValue),
});
export type AdminAttribute = z.infer<typeof AdminAttribute>;

export const AttributeBody = z.object({ name_uz: Name(), name_ru: Name(), slug: Slug });
export type AttributeBody = z.infer<typeof AttributeBody>;

export const AttributeValueBody = z.object({
  value_uz: Name(),
  value_ru: Name(),
  /** Left out: after the last value. */
  position: Position.optional(),
});
export type AttributeValueBody = z.infer<typeof AttributeValueBody>;

export const AttributeValueParams = z.object({ id: idOf(), valueId: idOf() });

// ---- collections ----

/** Which products a collection by rule shows: those matching every condition given. */
export const CollectionRule = z
  .object({
    category_id: idOf('category_invalid').optional(),
    brand_id: idOf('brand_invalid').optional(),
    tag_id: idOf('tag_invalid').optional(),
    min_price: Money.optional(),
    max_price: Money.optional(),
    in_stock: z.boolean().optional(),
    /** How many products it shows at most, the most popular first. */
    limit: z.coerce
      .number('limit_invalid')
      .int('limit_invalid')
      .min(1, 'limit_invalid')
      .max(100, 'limit_invalid'),
  })
  .refine(
    (r) => r.min_price === undefined || r.max_price === undefined || r.min_price <= r.max_price,
    { path: ['max_price'], message: 'price_range_order' },
  );
export type CollectionRule = z.infer<typeof CollectionRule>;

export const AdminCollection = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_uz: z.string(),
  name_ru: z.string(),
  image: z.string().nullable(),
  position: z.number().int(),
  is_active: z.boolean(),
  /** Null: the products are chosen by hand. */
  rule: CollectionRule.nullable(),
  /** Chosen by hand: how many are in it; by rule: how many the rule finds now (up to its limit). */
  product_count: z.number().int(),
});
export type AdminCollection = z.infer<typeof AdminCollection>;

export const CollectionBody = z.object({
  name_uz: Name(),
  name_ru: Name(),
  slug: Slug,
  image: PicturePath.default(null),
  position: Position.default(0),
  is_active: z.boolean().default(true),
  rule: CollectionRule.nullable().default(null),
});
export type CollectionBody = z.infer<typeof CollectionBody>;

export const CollectionPatch = z.object({
  name_uz: Name().optional(),
  name_ru: Name().optional(),
  slug: Slug.optional(),
  image: PicturePath.optional(),
  position: Position.optional(),
  is_active: z.boolean().optional(),
  rule: CollectionRule.nullable().optional(),
});
export type CollectionPatch = z.infer<typeof CollectionPatch>;

/** A product as a collection's list and the product picker show it. */
export const PickedProduct = z.object({
  id: z.number().int(),
  code: z.string(),
  name_uz: z.string(),
  name_ru: z.string(),
  price: z.number().int(),
  image: z.string().nullable(),
  is_active: z.boolean(),
  stock: z.number().int(),
});
export type PickedProduct = z.infer<typeof PickedProduct>;

/** The products of a collection chosen by hand, in their order: the whole list each time. */
export const CollectionProductsBody = z.object({
  product_ids: z
    .array(idOf('product_invalid'))
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'product_invalid'),
});
export type CollectionProductsBody = z.infer<typeof CollectionProductsBody>;

export const ProductPickerQuery = z.object({
  /** Words of the name, or the product's code. */
  q: typedText().max(100, 'field_too_long').default(''),
});

/** A refusal to delete something still in use: how many products use it. */
export const InUse = z.object({
  products: z.number().int(),
  children: z.number().int().optional(),
});
