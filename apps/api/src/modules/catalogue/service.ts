import {
  type Category,
  creditTotal,
  type Lang,
  monthlyPayment,
  PRODUCT_LATEST_REVIEWS,
  type ProductDetail,
  type ProductStock,
  type ProductSummary,
  reviewAuthor,
} from '@bozor/shared';
import sanitizeHtml from 'sanitize-html';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import * as repo from './repository.ts';
import { summarizeProducts } from './summaries.ts';

const FAMOUS_LIMIT = 20;

function toTerms(t: repo.TariffRow) {
  return { months: t.months, markupPercent: t.markupPercent };
}

/** Turns category rows into the nested tree; children keep their position order. */
export function buildTree(rows: readonly repo.CategoryRow[], lang: Lang): Category[] {
  const nodes = new Map<number, Category>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      name: pick(r, 'name', lang),
      slug: r.slug,
      image: r.image,
      parent_id: r.parentId,
      children: [],
    });
  }
  const roots: Category[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId == null ? undefined : nodes.get(r.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function getCategoryTree(db: Executor, lang: Lang): Promise<Category[]> {
  return buildTree(await repo.listCategories(db), lang);
}

export async function getTopCategories(db: Executor, lang: Lang): Promise<Category[]> {
  const rows = await repo.listCategories(db);
  const topIds = new Set(rows.filter((r) => r.isTop && r.parentId == null).map((r) => r.id));
  return buildTree(rows, lang).filter((c) => topIds.has(c.id));
}

function findIn(rows: readonly repo.CategoryRow[], idOrSlug: string): repo.CategoryRow {
  const target = /^\d+$/.test(idOrSlug)
    ? rows.find((r) => r.id === Number(idOrSlug))
    : rows.find((r) => r.slug === idOrSlug);
  if (!target) throw notFound('CATEGORY_NOT_FOUND');
  return target;
}

/** Each category's children, worked out once per list of rows (kept rows are read by every list). */
const childrenOf = new WeakMap<readonly repo.CategoryRow[], Map<number | null, number[]>>();

function childrenIn(rows: readonly repo.CategoryRow[]): Map<number | null, number[]> {
  let children = childrenOf.get(rows);
  if (!children) {
    children = new Map();
    for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
    childrenOf.set(rows, children);
  }
  return children;
}

/** The ids of a category and everything below it; unknown categories are a 404. */
export async function categorySubtreeIds(db: Executor, idOrSlug: string): Promise<number[]> {
  const rows = await repo.listCategories(db);
  const children = childrenIn(rows);
  const ids = [findIn(rows, idOrSlug).id];
  for (let i = 0; i < ids.length; i++) ids.push(...(children.get(ids[i] ?? -1) ?? []));
  return ids;
}

export async function getCategory(db: Executor, idOrSlug: string, lang: Lang) {
  const rows = await repo.listCategories(db);
  const target = findIn(rows, idOrSlug);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ancestors: { id: number; slug: string; name: string }[] = [];
  for (let p = target.parentId; p != null; p = byId.get(p)?.parentId ?? null) {
    const row = byId.get(p);
    if (!row) break;
    ancestors.unshift({ id: row.id, slug: row.slug, name: pick(row, 'name', lang) });
  }
  const subtree = buildTree(rows, lang);
  const find = (list: Category[]): Category | undefined => {
    for (const c of list) {
      if (c.id === target.id) return c;
      const hit = find(c.children);
      if (hit) return hit;
    }
    return undefined;
  };
  return { ...find(subtree)!, ancestors };
}

export async function getFamousProducts(db: Executor, lang: Lang): Promise<ProductSummary[]> {
  return summarizeProducts(db, await repo.listFamousProducts(db, FAMOUS_LIMIT), lang);
}

/**
 * The products among `ids` still on sale, in the order asked, each with its units left: what a
 * basket kept in the browser shows. A product taken off sale is left out.
 */
export async function getProductStock(
  db: Executor,
  ids: number[],
  lang: Lang,
): Promise<ProductStock[]> {
  const rows = await repo.listProductsByIds(db, ids);
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  const summaries = await summarizeProducts(db, rows, lang);
  return summaries.map((summary, i) => ({
    ...summary,
    stock: rows[i]!.stock,
    size_class: rows[i]!.sizeClass,
  }));
}

/** What a description may keep: the shop shows these tags and strips everything else. */
export const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'ul', 'ol', 'li', 'h3', 'h4'],
  allowedAttributes: {},
};

export async function getProduct(
  db: Executor,
  idOrSlug: string,
  lang: Lang,
): Promise<ProductDetail> {
  const row = await repo.findProduct(db, idOrSlug);
  if (!row) throw notFound('PRODUCT_NOT_FOUND');
  const [[summary], options, tariffs, reviews] = await Promise.all([
    summarizeProducts(db, [row], lang),
    repo.listOptionsOf(db, row.id),
    repo.listActiveTariffs(db),
    // none counted or kept yet: no statement at all
    row.ratingCount > 0 ? repo.listLatestReviews(db, row.id, PRODUCT_LATEST_REVIEWS) : [],
  ]);
  return {
    ...summary!,
    code: row.code,
    stock: row.stock,
    size_class: row.sizeClass,
    description: sanitizeHtml(pick(row, 'description', lang), DESCRIPTION_HTML),
    options: options.map((o) => ({
      name: pick(o, 'name', lang),
      value: pick(o, 'value', lang),
    })),
    brand: row.brand,
    category: {
      id: row.category.id,
      slug: row.category.slug,
      name: pick(row.category, 'name', lang),
    },
    installments: tariffs.map((t) => ({
      tariff_id: t.id,
      months: t.months,
      monthly_payment: monthlyPayment(row.price, toTerms(t)),
      total_price: creditTotal(row.price, toTerms(t)),
    })),
    reviews: reviews.map((r) => ({
      id: r.id,
      author: reviewAuthor(r.phone),
      rating: r.rating,
      pros: r.pros,
      cons: r.cons,
      comment: r.comment,
      photos: r.photos,
      helpful: r.helpfulCount,
      created_at: r.createdAt.toISOString(),
      answer: r.answer && r.answeredAt ? { text: r.answer, at: r.answeredAt.toISOString() } : null,
    })),
  };
}
