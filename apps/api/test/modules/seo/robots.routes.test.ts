import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';

const PRIVATE = [
  '/api/',
  '/profile',
  '/checkout',
  '/basket',
  '/favorites',
  '/scoring',
  '/user',
  '/order-detail',
  '/installment',
  '/contract',
];

describe('GET /robots.txt', () => {
  describe('with PUBLIC_URL', () => {
    const ctx = useTestApp({ publicUrl: 'https://bozor.uz' });

    it('allows the catalogue, keeps crawlers out of customer pages and names the sitemap', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = res.body.split('\n');
      expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
      expect(lines.filter((l) => l.startsWith('Disallow: '))).toEqual(
        PRIVATE.map((path) => `Disallow: ${path}`),
      );
      expect(lines).toContain('Sitemap: https://bozor.uz/sitemap.xml');
    });
  });

  describe('without PUBLIC_URL', () => {
    const ctx = useTestApp();

    it('names the sitemap at the address it was asked at', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/robots.txt',
        headers: { host: 'shop.example:8080' },
      });
      expect(res.body).toContain('Sitemap: http://shop.example:8080/sitemap.xml');
    });

    it('trusts no forwarded host from a client', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/robots.txt',
        headers: { host: 'shop.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(res.body).toContain('Sitemap: http://shop.example/sitemap.xml');
    });
  });
});
