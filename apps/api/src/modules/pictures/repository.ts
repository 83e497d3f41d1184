import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Which of these picture paths something still shows: a product, a banner (either picture), a
 * brand, a category, a collection, an order line (an order keeps the picture it was placed
 * with), or a review's photos.
 */
export async function picturesInUse(db: Executor, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const list = sql.join(
    paths.map((path) => sql`(${path}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select p.path from (values ${list}) as p(path)
    where exists (select 1 from products where images @> array[p.path])
       or exists (select 1 from banners where image = p.path or image_mobile = p.path)
       or exists (select 1 from brands where logo = p.path)
       or exists (select 1 from categories where image = p.path)
       or exists (select 1 from collections where image = p.path)
       or exists (select 1 from order_items where image = p.path)
       or exists (select 1 from product_reviews where photos @> array[p.path])
  `);
  const { rows } = result as unknown as { rows: { path: string }[] };
  return new Set(rows.map((row) => row.path));
}
