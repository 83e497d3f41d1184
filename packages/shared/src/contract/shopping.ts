import { z } from 'zod';
import { ProductSummary } from './catalogue.ts';

export const MAX_BASKET_COUNT = 99;

const productId = z.coerce
  .number('field_required')
  .int('product_invalid')
  .min(1, 'product_invalid')
  .max(2_147_483_647, 'product_invalid');

export const ProductIdParams = z.object({ productId });

export const FavoritesMergeBody = z.object({
  product_ids: z.array(productId).max(200, 'field_too_long'),
});

const count = z
  .number('count_invalid')
  .int('count_invalid')
  .min(1, 'count_invalid')
  .max(MAX_BASKET_COUNT, 'count_invalid');

export const BasketSetBody = z.object({
  product_id: productId,
  count,
  checked: z.boolean().optional(),
});

export const BasketCheckBody = z.object({
  ids: z.array(z.number().int().min(1)).min(1).max(200),
  checked: z.boolean(),
});

export const BasketDeleteBody = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(200) });

export const BasketMergeBody = z.object({
  items: z.array(z.object({ product_id: productId, count })).max(100, 'field_too_long'),
});

export const BasketLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  count: z.number().int(),
  checked: z.boolean(),
  product: ProductSummary,
});
export type BasketLine = z.infer<typeof BasketLine>;

export const BasketInfo = z.object({
  lines: z.number().int(),
  /** Pieces in the checked lines. */
  count: z.number().int(),
  total: z.number().int(),
  total_old_price: z.number().int(),
  discount: z.number().int(),
  /** Of the checked total, by the longest tariff. */
  monthly_payment: z.number().int(),
  months: z.number().int(),
});
export type BasketInfo = z.infer<typeof BasketInfo>;
