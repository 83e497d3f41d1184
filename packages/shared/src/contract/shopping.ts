import { z } from 'zod';
import { ProductSummary } from './catalogue.ts';
import { Id, idOf, messageOf } from './common.ts';
import { SizeClassSchema } from './delivery.ts';
import { MAX_BASKET_COUNT } from './limits.ts';

export { MAX_BASKET_COUNT } from './limits.ts';

const productId = idOf('product_invalid');

export const ProductIdParams = z.object({ productId });

/** The browser's wish list, newest first: the account lists the merged products in that order. */
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
  ids: z.array(Id).min(1).max(200),
  checked: z.boolean(),
});

export const BasketDeleteBody = z.object({ ids: z.array(Id).min(1).max(200) });

export const BasketMergeBody = z.object({
  items: z
    .array(z.object({ product_id: productId, count, checked: z.boolean().optional() }))
    .max(100, 'field_too_long'),
});

export const BasketLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  count: z.number().int(),
  checked: z.boolean(),
  product: ProductSummary,
  /**
   * Units left of the product: a line asking for more (a sold-out product has none) stays in the
   * basket but leaves the totals and cannot go to checkout.
   */
  stock: z.number().int().min(0),
});
export type BasketLine = z.infer<typeof BasketLine>;

/** `POST /favorites/:productId`: the product now on the wish list. */
export const AddedFavorite = messageOf(z.object({ product_id: z.number() }));
/** `POST /baskets`: the line as it now stands. */
export const SavedBasketLine = messageOf(BasketLine);
/** `DELETE /baskets`: how many of the marked lines were deleted. */
export const DeletedBasketLines = messageOf(z.object({ deleted: z.number() }));

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
  /** Of the checked lines: bulky when any of them is, for the delivery quote. */
  size_class: SizeClassSchema,
});
export type BasketInfo = z.infer<typeof BasketInfo>;
