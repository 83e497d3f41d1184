import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';

const adminDist = mkdtempSync(join(tmpdir(), 'bozor-admin-'));
mkdirSync(join(adminDist, 'assets'));
writeFileSync(
  join(adminDist, 'index.html'),
  '<!doctype html><html><head><meta name="robots" content="noindex, nofollow" /><script type="module" src="/admin/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
);
const script = 'console.log("Bozor back office");'.repeat(50);
writeFileSync(join(adminDist, 'assets', 'index-1.js'), script);
writeFileSync(join(adminDist, 'assets', 'index-1.js.gz'), gzipSync(script));

describe('the back office app at /admin', () => {
  const ctx = useTestApp({ adminDist });

  it('answers every path under /admin with its page, uncached, unindexed, under a strict CSP', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders/12?status=2', '/admin/sign-in']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src-attr 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('nonce-');
    }
  });

  it('serves its hashed assets for a year, compressed when asked, and a missing one is a 404', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/admin/assets/index-1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await ctx.app.inject({ method: 'GET', url: '/admin/assets/gone-1.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });

  it('leaves the back office API to the API', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/auth/me' });
    expect(res.statusCode).toBe(401);
  });
});
