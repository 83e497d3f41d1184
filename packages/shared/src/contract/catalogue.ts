import '../schema-runtime.ts';
import { z } from 'zod';
import { SizeClassSchema } from './delivery.ts';
import { PublicReview } from './reviews.ts';

export interface Category {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  parent_id: number | null;
  children: Category[];
}

export const Category: z.ZodType<Category> = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  get children() {
    return z.array(Category);
  },
});

export const CategoryRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type CategoryRef = z.infer<typeof CategoryRef>;

/** A category with its path from the root, for breadcrumbs. */
export const CategoryDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  children: z.array(Category),
  ancestors: z.array(CategoryRef),
});
export type CategoryDetail = z.infer<typeof CategoryDetail>;

export const Tag = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type Tag = z.infer<typeof Tag>;

export const ProductImage = z.object({ path: z.string() });

export const ProductSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  price: z.number().int(),
  old_price: z.number().int().nullable(),
  monthly_payment: z.number().int(),
  images: z.array(ProductImage),
  tags: z.array(Tag),
  /** False when no unit is left: the product cannot go to the basket. */
  in_stock: z.boolean(),
  /** The average of its published reviews, one decimal; 0 without any. */
  rating: z.number().min(0).max(5),
  reviews_count: z.number().int().min(0),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

/**
 * `GET /products/stock`: a product as a basket line shows it now, with the units left, so a
 * basket kept in the browser shows today's price and what is sold out.
 */
export const ProductStock = ProductSummary.extend({
  stock: z.number().int().min(0),
  /** Its delivery size class, of which the basket's delivery quote is made. */
  size_class: SizeClassSchema,
});
export type ProductStock = z.infer<typeof ProductStock>;

/** Most products one `GET /products/stock` asks about: a basket's lines. */
export const MAX_STOCK_QUERY_IDS = 100;

export const ProductStockQuery = z.object({
  ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'ids: product ids separated by commas')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_STOCK_QUERY_IDS, {
      message: `ids: at most ${MAX_STOCK_QUERY_IDS} products`,
    }),
});

export const ProductOption = z.object({ name: z.string(), value: z.string() });

export const InstallmentOffer = z.object({
  tariff_id: z.number().int(),
  months: z.number().int(),
  monthly_payment: z.number().int(),
  total_price: z.number().int(),
});
export type InstallmentOffer = z.infer<typeof InstallmentOffer>;

export const ProductDetail = ProductSummary.extend({
  code: z.string(),
  /** Units left. */
  stock: z.number().int().min(0),
  description: z.string(),
  options: z.array(ProductOption),
  brand: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  category: CategoryRef,
  installments: z.array(InstallmentOffer),
  /** Its newest published reviews (at most PRODUCT_LATEST_REVIEWS), for search engines. */
  reviews: z.array(PublicReview),
  /** Its delivery size class: bulky goods go by the rates' bulky terms (DESIGN §6c). */
  size_class: SizeClassSchema,
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const Contact = z.object({ key: z.string(), value: z.string() });
export type Contact = z.infer<typeof Contact>;
