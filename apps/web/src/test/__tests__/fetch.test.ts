import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, takeContractViolations } from '../fetch.ts';
import { makeProduct } from '../fixtures.ts';

describe('fetch stubs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pass an answer the API could give', async () => {
    stubApi({ '/api/products/famous': { data: [makeProduct(1)] } });
    await fetch('/api/products/famous');
    expect(takeContractViolations()).toEqual([]);
  });

  it('report an answer that has drifted from the shared schema', async () => {
    const { monthly_payment: _, ...drifted } = makeProduct(1);
    stubApi({ '/api/products/famous': { data: [drifted] } });
    await fetch('/api/products/famous');
    expect(takeContractViolations()).toEqual([
      expect.stringContaining(
        'GET /api/products/famous (GET /products/famous, 200): data.0.monthly_payment',
      ),
    ]);
  });

  it('read a literal path before a parameter, and the method with it', async () => {
    stubApi({
      '/api/products/famous': { data: makeProduct(1) },
      'POST /api/favorites/merge': { data: [] },
    });
    await fetch('/api/products/famous');
    await fetch('/api/favorites/merge', { method: 'POST' });
    expect(takeContractViolations()).toEqual([
      expect.stringContaining('(GET /products/famous, 200): data: Invalid input'),
    ]);
  });

  it('check a failure against the error envelope', async () => {
    stubApi({
      '/api/categories/top': () => ({ status: 500, body: { error: 'boom' } }),
      '/api/contacts': () => ({ status: 502 }),
    });
    await fetch('/api/categories/top');
    await fetch('/api/contacts');
    expect(takeContractViolations()).toEqual([
      expect.stringContaining('GET /api/categories/top (GET /categories/top, 500): message'),
    ]);
  });

  it('report a path the API does not have', async () => {
    stubApi({ '/api/product/famous': { data: [] } });
    await fetch('/api/product/famous');
    expect(takeContractViolations()).toEqual([
      "GET /api/product/famous: no such endpoint in @bozor/shared's API_RESPONSES",
    ]);
  });
});
