/**
 * The demo shop around the catalogue: its text pages (content/pages/{slug}.{uz,ru}.html), and the
 * questions, branches, home banners and home collections of content/content.json. Banners lead
 * to the top categories; collections pick their products from the catalogue by a rule.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { GeneratedCatalogue, ProductRow } from '../catalogue/generate.ts';
import { BANNER_COUNT } from '../media/banner.ts';

const Text = z.string().min(1);
const Colour = z.string().regex(/^#[0-9A-F]{6}$/);
const RULES = ['discount', 'famous', 'new', 'cheap'] as const;

const ContentFile = z.strictObject({
  pages: z.array(z.strictObject({ slug: z.string(), titleUz: Text, titleRu: Text })),
  questions: z.array(
    z.strictObject({ questionUz: Text, questionRu: Text, answerUz: Text, answerRu: Text }),
  ),
  branches: z.array(
    z.strictObject({
      nameUz: Text,
      nameRu: Text,
      addressUz: Text,
      addressRu: Text,
      phone: Text,
      workingHours: Text,
      latitude: z.string().regex(/^-?\d+\.\d+$/),
      longitude: z.string().regex(/^-?\d+\.\d+$/),
    }),
  ),
  /** One drawing each: /media/banners/{n}.svg. */
  banners: z
    .array(
      z.strictObject({
        titleUz: Text,
        titleRu: Text,
        subtitleUz: Text,
        subtitleRu: Text,
        color: Colour,
      }),
    )
    .max(BANNER_COUNT),
  collections: z.array(
    z.strictObject({ slug: z.string(), nameUz: Text, nameRu: Text, rule: z.enum(RULES) }),
  ),
});

export interface GeneratedContent {
  contents: { slug: string; titleUz: string; titleRu: string; bodyUz: string; bodyRu: string }[];
  questions: (z.output<typeof ContentFile>['questions'][number] & { position: number })[];
  branches: (z.output<typeof ContentFile>['branches'][number] & { position: number })[];
  banners: (z.output<typeof ContentFile>['banners'][number] & {
    image: string;
    link: string;
    position: number;
  })[];
  /** Product ids are those of the catalogue the content was made for. */
  collections: {
    slug: string;
    nameUz: string;
    nameRu: string;
    image: string | null;
    position: number;
    productIds: number[];
  }[];
}

const COLLECTION_SIZE = 24;

const byPopularity = (a: ProductRow, b: ProductRow) => b.popularity - a.popularity || a.id - b.id;
const discountShare = (p: ProductRow) =>
  p.oldPrice === null ? 0 : (p.oldPrice - p.price) / p.oldPrice;

/** Which products a collection holds, in its order. */
const COLLECTION_RULES: Record<
  (typeof RULES)[number],
  { keep?: (p: ProductRow) => boolean; order: (a: ProductRow, b: ProductRow) => number }
> = {
  discount: {
    keep: (p) => p.oldPrice !== null && p.oldPrice > p.price,
    order: (a, b) => discountShare(b) - discountShare(a) || a.id - b.id,
  },
  famous: { order: byPopularity },
  new: { order: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id },
  cheap: { keep: (p) => p.price <= 500_000, order: byPopularity },
};

function readContent(file: string): string {
  return readFileSync(new URL(`../../content/${file}`, import.meta.url), 'utf8');
}

function readContentFile(): z.output<typeof ContentFile> {
  const parsed = ContentFile.safeParse(JSON.parse(readContent('content.json')));
  if (!parsed.success) throw new Error(`content/content.json:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A page body as written, without the newline that ends the file. */
function pageBody(slug: string, lang: 'uz' | 'ru'): string {
  return readContent(`pages/${slug}.${lang}.html`).replace(/\n$/, '');
}

/** The pages, questions, branches, banners and collections for a generated catalogue. */
export function generateContent(catalogue: GeneratedCatalogue): GeneratedContent {
  const file = readContentFile();
  const top = catalogue.categories
    .filter((c) => c.isTop)
    .sort((a, b) => a.position - b.position || a.id - b.id);
  const active = catalogue.products.filter((p) => p.isActive);
  const collections = file.collections.flatMap(({ rule, ...c }, position) => {
    const { keep, order } = COLLECTION_RULES[rule];
    const picked = (keep ? active.filter(keep) : [...active]).sort(order).slice(0, COLLECTION_SIZE);
    if (picked.length === 0) return [];
    return [
      { ...c, image: picked[0]?.images[0] ?? null, position, productIds: picked.map((p) => p.id) },
    ];
  });
  return {
    contents: file.pages.map((p) => ({
      ...p,
      bodyUz: pageBody(p.slug, 'uz'),
      bodyRu: pageBody(p.slug, 'ru'),
    })),
    questions: file.questions.map((q, position) => ({ ...q, position })),
    branches: file.branches.map((b, position) => ({ ...b, position })),
    // the first banner sells installments; the others lead to the top categories in their order
    banners: file.banners.map((b, i) => {
      const category = i === 0 ? undefined : top[i - 1];
      return {
        ...b,
        image: `/media/banners/${i + 1}.svg`,
        link: category ? `/category/${category.slug}` : '/scoring',
        position: i,
      };
    }),
    collections,
  };
}
