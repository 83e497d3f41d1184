import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  security?: Record<string, string[]>[];
}

describe('the sign-in check', () => {
  const ctx = useTestApp();

  it('answers 401 to a stranger on exactly the routes the OpenAPI document marks as signed-in', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    };
    let signedIn = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const operation = operations[method];
        if (!operation) continue;
        // Malformed on purpose: the sign-in check answers before validation reads any of it.
        const res = await ctx.app.inject({
          method: method.toUpperCase() as Uppercase<typeof method>,
          url: `${path.replace(/\{[^}]+\}/g, 'x')}?page=0&per_page=0`,
          ...(method === 'get'
            ? {}
            : { payload: '{"', headers: { 'content-type': 'application/json' } }),
        });
        const name = `${method.toUpperCase()} ${path}`;
        if (operation.security?.some((s) => 'bearer' in s || 'staffCookie' in s)) {
          signedIn += 1;
          expect(res.statusCode, name).toBe(401);
          expect(res.json().code, name).toBe('UNAUTHORIZED');
        } else {
          expect(res.statusCode, name).not.toBe(401);
        }
      }
    }
    expect(signedIn).toBeGreaterThanOrEqual(19);
  });
});
