import { describe, expect, it } from 'vitest';
import { generateCatalogue, type ProductRow } from '../src/catalogue/generate.ts';
import { generateContent } from '../src/content/generate.ts';
import { renderMedia } from '../src/media/render.ts';

describe('generateContent', () => {
  const catalogue = generateCatalogue();
  const content = generateContent(catalogue);
  const byId = new Map(catalogue.products.map((p) => [p.id, p]));
  const productsOf = (slug: string): ProductRow[] =>
    (content.collections.find((c) => c.slug === slug)?.productIds ?? []).map(
      (id) => byId.get(id) as ProductRow,
    );

  it('reads the five text pages in both languages', () => {
    expect(content.contents.map((p) => p.slug)).toEqual([
      'offer',
      'delivery',
      'return',
      'licence',
      'rules',
    ]);
    for (const page of content.contents) {
      for (const body of [page.bodyUz, page.bodyRu]) {
        expect(body).toMatch(/^<(p|h3)>/);
        expect(body).toMatch(/<\/(p|ul)>$/);
      }
      expect(page.bodyRu).toMatch(/[а-яё]/i);
      expect(page.bodyUz).not.toMatch(/[а-яё]/i);
    }
  });

  it('numbers questions and branches in file order', () => {
    expect(content.questions.map((q) => q.position)).toEqual([0, 1, 2]);
    expect(content.branches.map((b) => b.position)).toEqual([0, 1, 2]);
  });

  it('leads the first banner to scoring and the others to the top categories in order', () => {
    const top = catalogue.categories.filter((c) => c.isTop);
    expect(content.banners.map((b) => b.link)).toEqual([
      '/scoring',
      ...top.slice(0, content.banners.length - 1).map((c) => `/category/${c.slug}`),
    ]);
    for (const banner of content.banners) expect(renderMedia(banner.image)).toBeDefined();
  });

  it('fills each collection by its rule, at most 24 products, pictured by its first', () => {
    expect(content.collections.map((c) => [c.slug, c.position])).toEqual([
      ['haftaning-chegirmalari', 0],
      ['eng-kop-sotilgan', 1],
      ['yangi-kelganlar', 2],
      ['arzon-narxlar', 3],
    ]);
    for (const c of content.collections) {
      expect(c.productIds).toHaveLength(24);
      expect(c.image).toBe(byId.get(c.productIds[0] as number)?.images[0]);
    }
    const share = (p: ProductRow) => ((p.oldPrice ?? 0) - p.price) / (p.oldPrice ?? 1);
    const discounted = productsOf('haftaning-chegirmalari');
    expect(discounted.every((p) => p.oldPrice !== null && p.oldPrice > p.price)).toBe(true);
    const deepest = Math.max(
      ...catalogue.products.filter((p) => p.oldPrice !== null).map((p) => share(p)),
    );
    expect(share(discounted[0] as ProductRow)).toBe(deepest);
    const popularity = productsOf('eng-kop-sotilgan').map((p) => p.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(popularity[0]).toBe(Math.max(...catalogue.products.map((p) => p.popularity)));
    const dates = productsOf('yangi-kelganlar').map((p) => p.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(productsOf('arzon-narxlar').every((p) => p.price <= 500_000)).toBe(true);
  });

  it('leaves out a collection its rule finds nothing for, keeping the others in place', () => {
    const dear = catalogue.products.filter((p) => p.price > 500_000);
    const collections = generateContent({ ...catalogue, products: dear }).collections;
    expect(collections.map((c) => [c.slug, c.position])).toEqual([
      ['haftaning-chegirmalari', 0],
      ['eng-kop-sotilgan', 1],
      ['yangi-kelganlar', 2],
    ]);
    expect(generateContent({ ...catalogue, products: [] }).collections).toEqual([]);
  });
});
