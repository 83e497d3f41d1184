import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const webDist = mkdtempSync(join(tmpdir(), 'bozor-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html lang="uz"><head><title>Bozor</title></head><body><div id="root"></div></body></html>',
);

function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  const ctx = useTestApp({ webDist });

  for (const url of ['/', '/api/categories/top']) {
    it(`sends a strict CSP and the browser policies on ${url}`, async () => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toMatch(
        url === '/' ? /^'self' 'nonce-[A-Za-z0-9+/=_-]+'$/ : /^'self'$/,
      );
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('style-src')).toMatch(/^'self'/);
      expect(csp.get('style-src-attr')).toBe("'unsafe-inline'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['permissions-policy']).toContain('geolocation=()');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  }

  it('gives every response its own script nonce', async () => {
    const nonce = async () =>
      /'nonce-([^']+)'/.exec(
        String((await ctx.app.inject({ url: '/' })).headers['content-security-policy']),
      )?.[1];
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it('sends the same headers with every API answer, and no nonce: JSON runs no script', async () => {
    const [a, b] = [
      await ctx.app.inject({ url: '/api/categories/top' }),
      await ctx.app.inject({ url: '/api/brands' }),
    ];
    expect(a.headers['content-security-policy']).toBe(b.headers['content-security-policy']);
    expect(a.headers['content-security-policy']).not.toContain('nonce');
    expect(a.headers['x-frame-options']).toBe('DENY');
  });
});

describe('security headers in production', () => {
  const ctx = useTestApp({ webDist, production: true });

  it('adds HSTS and upgrades insecure requests', async () => {
    const res = await ctx.app.inject({ url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(
      directives(res.headers['content-security-policy']).has('upgrade-insecure-requests'),
    ).toBe(true);
  });

  it('never serves the sandbox outbox', async () => {
    const res = await ctx.app.inject({ url: '/api/dev/outbox?phone=998901234567' });
    expect(res.statusCode).toBe(404);
  });
});
