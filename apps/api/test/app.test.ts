import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';

const webDist = mkdtempSync(join(tmpdir(), 'bozor-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><title>Bozor</title><div id="root"></div>',
);
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');

describe('the application shell', () => {
  const ctx = useTestApp({ webDist });

  it('answers liveness and readiness', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ok' });
  });

  it('gives every response a request id, keeping one the caller sent', async () => {
    const res = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-1' } });
    expect(res.headers['x-request-id']).toBe('abc-1');
    const fresh = await ctx.app.inject({ url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with a JSON 404, never the storefront', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here', headers: { lang: 'ru' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Такого адреса нет', code: 'ROUTE_NOT_FOUND' });
  });

  it('serves index.html for storefront routes so the client router can take over', async () => {
    const res = await ctx.app.inject({ url: '/category/phones?page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/categories/top', '/api/products/{id}', '/api/contacts']),
    );
    const ui = await ctx.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
