import { and, asc, eq, gte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { brands, categories, products } from '../../db/schema/index.ts';

/** The kinds of catalogue pages the sitemap lists. */
export const SITEMAP_KINDS = ['categories', 'brands', 'products'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

interface Source {
  table: PgTable;
  id: AnyPgColumn<{ data: number; notNull: true }>;
  slug: AnyPgColumn<{ data: string; notNull: true }>;
  /** Which rows the storefront shows, given the categories it does not; every row when absent. */
  visible?: (hiddenCategoryIds: number[]) => SQL | undefined;
}

const outside = (column: AnyPgColumn, hidden: number[]) =>
  hidden.length > 0 ? notInArray(column, hidden) : undefined;

// What the catalogue shows: the categories of the shown tree, every brand (the brands page), and
// the active products of shown categories.
const SOURCES: Record<SitemapKind, Source> = {
  categories: {
    table: categories,
    id: categories.id,
    slug: categories.slug,
    visible: (hidden) => outside(categories.id, hidden),
  },
  brands: { table: brands, id: brands.id, slug: brands.slug },
  products: {
    table: products,
    id: products.id,
    slug: products.slug,
    visible: (hidden) => and(eq(products.isActive, true), outside(products.categoryId, hidden)),
  },
};

export interface SitemapRow {
  id: number;
  slug: string;
}

export async function countVisible(
  db: Executor,
  kind: SitemapKind,
  hidden: number[],
): Promise<number> {
  const source = SOURCES[kind];
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as int)`.mapWith(Number) })
    .from(source.table)
    .where(source.visible?.(hidden));
  return row?.n ?? 0;
}

/** The id of the visible row at `offset` in id order: where a sitemap file starts. */
export async function idAt(
  db: Executor,
  kind: SitemapKind,
  offset: number,
  hidden: number[],
): Promise<number | undefined> {
  const source = SOURCES[kind];
  const [row] = await db
    .select({ id: source.id })
    .from(source.table)
    .where(source.visible?.(hidden))
    .orderBy(asc(source.id))
    .limit(1)
    .offset(offset);
  return row?.id;
}

/** Up to `limit` visible rows from id `fromId` on, in id order (a keyset page). */
export function listVisibleFrom(
  db: Executor,
  kind: SitemapKind,
  fromId: number,
  limit: number,
  hidden: number[],
): Promise<SitemapRow[]> {
  const source = SOURCES[kind];
  return db
    .select({ id: source.id, slug: source.slug })
    .from(source.table)
    .where(and(source.visible?.(hidden), gte(source.id, fromId)))
    .orderBy(asc(source.id))
    .limit(limit);
}
