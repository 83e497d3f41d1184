import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Writes a product's sums from its published reviews (modules/reviews calls it in the transaction
 * that publishes, rejects, edits or answers one): the average to one decimal, the count and the
 * count per star. The catalogue owns the product's row; the reviews are only read here. One
 * update of the row, which the catalogue's triggers announce (migration 0013) as they do a price
 * change: the cached answers showing it drop, search reads it again.
 */
export async function writeProductRating(db: Executor, productId: number): Promise<void> {
  await db.execute(sql`
    update products p set
      rating = coalesce(round(s.average, 1)::float8, 0),
      rating_count = s.n,
      rating_stars = array[s.s1, s.s2, s.s3, s.s4, s.s5],
      reviews_changed_at = now()
    from (
      select count(*)::int as n, avg(rating)::numeric as average,
        (count(*) filter (where rating = 1))::int as s1,
        (count(*) filter (where rating = 2))::int as s2,
        (count(*) filter (where rating = 3))::int as s3,
        (count(*) filter (where rating = 4))::int as s4,
        (count(*) filter (where rating = 5))::int as s5
      from product_reviews where product_id = ${productId} and status = 'published'
    ) s
    where p.id = ${productId}`);
}
