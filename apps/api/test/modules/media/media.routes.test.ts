import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import { createCategory, createProduct } from '../../helpers/factories.ts';

describe('GET /media/*', () => {
  const ctx = useTestApp();
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('serves a drawn picture with long cache headers', async () => {
    const res = await get('/media/products/smartphone/0.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it.each(['/media/categories/tv.svg', '/media/brands/samsung.svg', '/media/banners/1.svg'])(
    'serves %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    },
  );

  it('serves the pictures the test factories give categories and products', async () => {
    const category = await createCategory(ctx.db);
    const product = await createProduct(ctx.db, { categoryId: category.id });
    for (const url of [category.image, ...product.images]) {
      expect((await get(url ?? '')).statusCode, url ?? 'no picture').toBe(200);
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

  it.each([
    '/media',
    '/media/',
    '/media/videos/1.mp4',
    '/media/products',
    '/media/products/spaceship/1.svg',
    '/media/products/tv/10000.svg',
    '/media/products/../tv/1.svg',
    '/media/products/%2e%2e/1.svg',
    '/media/brands/%3Cscript%3E.svg',
    '/media/brands/..%2f..%2fetc.svg',
    '/media/banners/9.svg',
  ])('answers 404 MEDIA_NOT_FOUND for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'Fayl topilmadi', code: 'MEDIA_NOT_FOUND' });
  });

  it('explains a missing file in Russian when asked', async () => {
    const res = await get('/media/products/spaceship/1.svg', { lang: 'ru' });
    expect(res.json()).toEqual({ message: 'Файл не найден', code: 'MEDIA_NOT_FOUND' });
  });

  it('describes the media addresses in the OpenAPI document', async () => {
    const res = await get('/api/docs/json');
    const paths = Object.keys(res.json().paths).filter((path) => path.startsWith('/media'));
    expect(paths.sort()).toEqual(
      ['/media/u/{hash}', '/media/u/{hash}/{variant}', '/media/{*}'].sort(),
    );
  });
});
