import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import { createBrand, createCategory, createProduct } from '../../helpers/factories.ts';

const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/**
 * Fails unless `xml` is well-formed: one declaration, one root, tags that nest and close, quoted
 * attributes, and no `&` or `<` outside the five predefined entities and the markup.
 */
function expectWellFormed(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf('?>') + 2);
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  const open: string[] = [];
  let roots = 0;
  for (const [, closing, name, , selfClosing, text, stray] of body.matchAll(token)) {
    if (stray) throw new Error(`a "<" that starts no tag in ${body.slice(0, 200)}`);
    const raw = text ?? '';
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(raw)) throw new Error(`a bare "&" in ${raw}`);
    if (text !== undefined) {
      if (open.length === 0 && raw.trim() !== '') throw new Error(`text outside the root: ${raw}`);
      continue;
    }
    if (closing) {
      expect(open.pop()).toBe(name);
    } else if (!selfClosing) {
      if (open.length === 0) roots++;
      open.push(name!);
    }
  }
  expect(open).toEqual([]);
  expect(roots).toBe(1);
  for (const [attributes] of body.matchAll(/\s[\w:.-]+="[^"]*"/g)) {
    expect(attributes).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  }
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
const urlsOf = (xml: string) => [...xml.matchAll(/<url>.*?<\/url>/g)].map((m) => m[0]);

describe('GET /sitemap.xml and /sitemaps/{file}', () => {
  const ctx = useTestApp({ publicUrl: 'https://bozor.uz' });

  beforeAll(async () => {
    const phones = await createCategory(ctx.db, { slug: 'telefonlar' });
    await createCategory(ctx.db, { slug: `a&b<"c'>` });
    await createBrand(ctx.db, { slug: 'artel' });
    await createProduct(ctx.db, { categoryId: phones.id, slug: 'iphone-15' });
    await createProduct(ctx.db, { categoryId: phones.id, slug: 'hidden', isActive: false });
  });

  it('lists one file of each kind that has rows, as a sitemap index', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XML_CONTENT_TYPE);
    expect(res.body).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    expect(locsOf(res.body)).toEqual([
      'https://bozor.uz/sitemaps/categories-1.xml',
      'https://bozor.uz/sitemaps/brands-1.xml',
      'https://bozor.uz/sitemaps/products-1.xml',
    ]);
    expectWellFormed(res.body);
  });

  it('lists every active product in Uzbek and Russian, each naming both and the default', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemaps/products-1.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XML_CONTENT_TYPE);
    expect(res.body).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    const alternates =
      '<xhtml:link rel="alternate" hreflang="uz" href="https://bozor.uz/product/iphone-15"/>' +
      '<xhtml:link rel="alternate" hreflang="ru" href="https://bozor.uz/product/iphone-15?lang=ru"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://bozor.uz/product/iphone-15"/>';
    expect(urlsOf(res.body)).toEqual([
      `<url><loc>https://bozor.uz/product/iphone-15</loc>${alternates}</url>`,
      `<url><loc>https://bozor.uz/product/iphone-15?lang=ru</loc>${alternates}</url>`,
    ]);
    expect(res.body).not.toContain('hidden');
    expectWellFormed(res.body);
  });

  it('lists brands at /brands/{slug} and categories at /category/{slug}', async () => {
    const brandsFile = await ctx.app.inject({ method: 'GET', url: '/sitemaps/brands-1.xml' });
    expect(locsOf(brandsFile.body)).toEqual([
      'https://bozor.uz/brands/artel',
      'https://bozor.uz/brands/artel?lang=ru',
    ]);
    const categoriesFile = await ctx.app.inject({
      method: 'GET',
      url: '/sitemaps/categories-1.xml',
    });
    expect(locsOf(categoriesFile.body).slice(0, 2)).toEqual([
      'https://bozor.uz/category/telefonlar',
      'https://bozor.uz/category/telefonlar?lang=ru',
    ]);
  });

  it('encodes a slug for the address and escapes it for XML', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemaps/categories-1.xml' });
    expect(res.body).toContain('<loc>https://bozor.uz/category/a%26b%3C%22c&apos;%3E</loc>');
    expect(res.body).toContain(
      'hreflang="x-default" href="https://bozor.uz/category/a%26b%3C%22c&apos;%3E"/>',
    );
    expectWellFormed(res.body);
  });

  it('answers 404 to a file the index does not list', async () => {
    for (const file of ['products-2.xml', 'products-0.xml', 'orders-1.xml', 'products-1.txt']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/sitemaps/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('sitemap files of a catalogue larger than one file', () => {
  // 4 entries a file: two products, each in two languages
  const ctx = useTestApp({ publicUrl: 'https://bozor.uz', urlsPerSitemap: 4 });
  const active: string[] = [];

  beforeAll(async () => {
    const category = await createCategory(ctx.db, { slug: 'telefonlar' });
    for (let n = 1; n <= 6; n++) {
      const slug = `phone-${n}`;
      await createProduct(ctx.db, { categoryId: category.id, slug, isActive: n !== 3 });
      if (n !== 3) active.push(slug);
    }
  });

  it('splits the products into files of at most the limit and lists each file', async () => {
    const index = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(locsOf(index.body)).toEqual([
      'https://bozor.uz/sitemaps/categories-1.xml',
      'https://bozor.uz/sitemaps/products-1.xml',
      'https://bozor.uz/sitemaps/products-2.xml',
      'https://bozor.uz/sitemaps/products-3.xml',
    ]);
    const listed: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/sitemaps/products-${page}.xml` });
      expect(res.statusCode).toBe(200);
      expectWellFormed(res.body);
      const urls = urlsOf(res.body);
      expect(urls.length).toBeLessThanOrEqual(4);
      listed.push(
        ...locsOf(res.body)
          .filter((loc) => !loc?.includes('?lang='))
          .map((loc) => /\/product\/([^?]+)/.exec(loc ?? '')?.[1] ?? ''),
      );
    }
    expect(listed).toEqual(active);
    const past = await ctx.app.inject({ method: 'GET', url: '/sitemaps/products-4.xml' });
    expect(past.statusCode).toBe(404);
  });
});

describe('a sitemap file longer than one read of the database', () => {
  const ctx = useTestApp();
  const count = 1_150;

  beforeAll(async () => {
    const category = await createCategory(ctx.db);
    for (let n = 0; n < count; n++) await createProduct(ctx.db, { categoryId: category.id });
  });

  it('lists every product once, named by the address it was asked at', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/sitemaps/products-1.xml',
      headers: { host: 'shop.example:8080' },
    });
    expect(res.statusCode).toBe(200);
    const locs = locsOf(res.body);
    expect(locs).toHaveLength(count * 2);
    expect(new Set(locs).size).toBe(count * 2);
    expect(locs[0]).toMatch(/^http:\/\/shop\.example:8080\/product\/product-\d+$/);
    expectWellFormed(res.body);
  });
});
