import { describe, expect, it } from 'vitest';
import { PRODUCT_KINDS } from '../../../src/modules/media/kinds.ts';
import { useTestApp } from '../../helpers/app.ts';

/** Checks what a browser needs to show the SVG safely; not a full XML parser. */
function expectSafeSvg(body: string) {
  expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(body).toMatch(/viewBox="0 0 \d+ \d+"/);
  expect(body.endsWith('</svg>')).toBe(true);
  expect(body).not.toMatch(/<script|<foreignObject|\son[a-z]+=|href=|javascript:|url\((?!#)/i);
  expect(body).not.toMatch(/NaN|undefined|Infinity/);
  expectBalancedTags(body);
  const ids = [...body.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
  for (const [, ref] of body.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref);
}

function expectBalancedTags(body: string) {
  const open: string[] = [];
  for (const [tag, closing, name, selfClosing] of body.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) expect(open.pop(), tag).toBe(name);
    else open.push(name as string);
  }
  expect(open).toEqual([]);
}

describe('media routes', () => {
  const ctx = useTestApp();
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  describe('GET /media/products/:kind/:variant.svg', () => {
    it('serves a product illustration with long cache headers', async () => {
      const res = await get('/media/products/smartphone/0.svg');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'",
      );
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expectSafeSvg(res.body);
    });

    it('draws every kind in all four views as a well-formed SVG without text', async () => {
      for (const kind of PRODUCT_KINDS) {
        for (const variant of [0, 1, 2, 3, 17, 42, 9999]) {
          const res = await get(`/media/products/${kind}/${variant}.svg`);
          expect(res.statusCode, `${kind}/${variant}`).toBe(200);
          expectSafeSvg(res.body);
          expect(res.body, `${kind}/${variant}`).not.toMatch(/<text/);
        }
      }
    });

    it('returns the same body and ETag for the same address', async () => {
      const first = await get('/media/products/tv/13.svg');
      const second = await get('/media/products/tv/13.svg');
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
    });

    it('answers 304 without a body when If-None-Match names the current ETag', async () => {
      const first = await get('/media/products/fridge/5.svg');
      const etag = first.headers.etag as string;
      const again = await get('/media/products/fridge/5.svg', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const weak = await get('/media/products/fridge/5.svg', { 'if-none-match': `"x", W/${etag}` });
      expect(weak.statusCode).toBe(304);
      const stale = await get('/media/products/fridge/5.svg', { 'if-none-match': '"stale"' });
      expect(stale.statusCode).toBe(200);
    });

    it('answers HEAD with the headers and no body', async () => {
      const res = await ctx.app.inject({ method: 'HEAD', url: '/media/products/sofa/8.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers.etag).toBeDefined();
      expect(res.body).toBe('');
    });

    it('keeps colour and model across the four photos of one item and changes the view', async () => {
      for (const kind of ['smartphone', 'sneaker', 'sofa', 'kettle'] as const) {
        for (const base of [0, 4, 40, 1236]) {
          const bodies = await Promise.all(
            [0, 1, 2, 3].map(
              async (i) => (await get(`/media/products/${kind}/${base + i}.svg`)).body,
            ),
          );
          const colours = bodies.map((body) => /data-colour="([a-z]+)"/.exec(body)?.[1]);
          expect(new Set(colours).size, `${kind}/${base}`).toBe(1);
          const views = bodies.map((body) => /data-view="([a-z]+)"/.exec(body)?.[1]);
          expect(views).toEqual(['front', 'angle', 'detail', 'lifestyle']);
          expect(new Set(bodies).size).toBe(4);
        }
      }
    });

    it('gives neighbouring items different colours', async () => {
      const colours = await Promise.all(
        [0, 4, 8, 12, 16, 20, 24, 28, 32, 36].map(
          async (variant) =>
            /data-colour="([a-z]+)"/.exec(
              (await get(`/media/products/laptop/${variant}.svg`)).body,
            )?.[1],
        ),
      );
      expect(new Set(colours).size).toBe(10);
    });

    it.each([
      ['an unknown kind', '/media/products/spaceship/1.svg'],
      ['variant 10000', '/media/products/tv/10000.svg'],
      ['a variant that is not a number', '/media/products/tv/abc.svg'],
      ['a negative variant', '/media/products/tv/-1.svg'],
      ['a fractional variant', '/media/products/tv/1.5.svg'],
      ['a leading zero', '/media/products/tv/007.svg'],
      ['another extension', '/media/products/tv/1.png'],
      ['a missing extension', '/media/products/tv/1'],
      ['a parent directory', '/media/products/../tv/1.svg'],
      ['an encoded parent directory', '/media/products/%2e%2e/1.svg'],
      ['an extra path segment', '/media/products/tv/1/2.svg'],
    ])('answers 404 MEDIA_NOT_FOUND for %s', async (_, url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: 'Fayl topilmadi', code: 'MEDIA_NOT_FOUND' });
    });

    it('explains a missing file in Russian when asked', async () => {
      const res = await get('/media/products/spaceship/1.svg', { lang: 'ru' });
      expect(res.json()).toEqual({ message: 'Файл не найден', code: 'MEDIA_NOT_FOUND' });
    });
  });

  describe('GET /media/categories/:kind.svg', () => {
    it('serves a round icon for every kind', async () => {
      for (const kind of PRODUCT_KINDS) {
        const res = await get(`/media/categories/${kind}.svg`);
        expect(res.statusCode, kind).toBe(200);
        expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
        expectSafeSvg(res.body);
        expect(res.body).toContain('<circle cx="400" cy="400" r="400"');
      }
    });

    it('answers 404 for an unknown kind', async () => {
      const res = await get('/media/categories/spaceship.svg');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('MEDIA_NOT_FOUND');
    });
  });

  describe('GET /media/brands/:slug.svg', () => {
    it('writes short names in capitals and longer ones capitalised', async () => {
      const lg = await get('/media/brands/lg.svg');
      expect(lg.statusCode).toBe(200);
      expectSafeSvg(lg.body);
      expect(lg.body).toContain('>LG</text>');
      const jbl = await get('/media/brands/jbl.svg');
      expect(jbl.body).toContain('>JBL</text>');
      const tefal = await get('/media/brands/bosch-home.svg');
      expect(tefal.body).toContain('>Bosch Home</text>');
    });

    it('puts a long name of several words on two lines', async () => {
      const res = await get('/media/brands/american-tourister.svg');
      expectSafeSvg(res.body);
      const lines = [...res.body.matchAll(/<tspan[^>]*>([^<]+)<\/tspan>/g)].map((m) => m[1]);
      expect(lines).toEqual(['American', 'Tourister']);
    });

    it('gives each brand its own colour, the same every time', async () => {
      const fills = await Promise.all(
        ['samsung', 'apple', 'xiaomi', 'artel', 'lg', 'hp'].map(async (slug) => {
          const body = (await get(`/media/brands/${slug}.svg`)).body;
          return /<text[^>]* fill="(#[0-9A-F]{6})"/i.exec(body)?.[1];
        }),
      );
      expect(fills.every(Boolean)).toBe(true);
      expect(new Set(fills).size).toBeGreaterThan(2);
      const again = await get('/media/brands/samsung.svg');
      expect(/<text[^>]* fill="(#[0-9A-F]{6})"/i.exec(again.body)?.[1]).toBe(fills[0]);
    });

    it('escapes the wordmark text', async () => {
      const { escapeXml } = await import('../../../src/modules/media/svg.ts');
      expect(escapeXml(`<b>"A&B"</b>'`)).toBe('&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;&apos;');
      const { renderBrand } = await import('../../../src/modules/media/brand.ts');
      const body = renderBrand('a&b<c>');
      expect(body).not.toContain('<c>');
      expect(body).toContain('A&amp;b&lt;c&gt;');
    });

    it.each([
      ['capital letters', '/media/brands/Samsung.svg'],
      ['an underscore', '/media/brands/my_brand.svg'],
      ['encoded markup', '/media/brands/%3Cscript%3E.svg'],
      ['a double hyphen', '/media/brands/a--b.svg'],
      ['a trailing hyphen', '/media/brands/ab-.svg'],
      ['a too long slug', `/media/brands/${'a'.repeat(41)}.svg`],
      ['no extension', '/media/brands/samsung'],
    ])('answers 404 for a slug with %s', async (_, url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('MEDIA_NOT_FOUND');
    });
  });

  describe('GET /media/banners/:n.svg', () => {
    it('serves eight wide banners without text', async () => {
      for (let n = 1; n <= 8; n += 1) {
        const res = await get(`/media/banners/${n}.svg`);
        expect(res.statusCode, String(n)).toBe(200);
        expectSafeSvg(res.body);
        expect(res.body).toContain('viewBox="0 0 1200 400"');
        expect(res.body).not.toMatch(/<text/);
      }
    });

    it.each(['0', '9', 'x', '01'])('answers 404 for banner %s', async (n) => {
      const res = await get(`/media/banners/${n}.svg`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('MEDIA_NOT_FOUND');
    });
  });

  it('describes the four kinds of media in the OpenAPI document', async () => {
    const res = await get('/api/docs/json');
    const paths = Object.keys(res.json().paths).filter((path) => path.startsWith('/media'));
    expect(paths.sort()).toEqual([
      '/media/banners/{file}',
      '/media/brands/{file}',
      '/media/categories/{file}',
      '/media/products/{kind}/{file}',
    ]);
  });

  it('answers 404 MEDIA_NOT_FOUND for any other address under /media', async () => {
    for (const url of [
      '/media',
      '/media/',
      '/media/videos/1.mp4',
      '/media/products',
      '/media/brands/..%2f..%2fetc.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('MEDIA_NOT_FOUND');
    }
  });
});
