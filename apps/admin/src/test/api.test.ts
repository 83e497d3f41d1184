import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, pageOf, stubApi } from './api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const read = async (path: string, init?: RequestInit) => {
  const answer = await fetch(`/api/admin${path}`, init);
  return { status: answer.status, body: await answer.json() };
};

describe('the stubbed admin API', () => {
  it('answers each route in turn, the last answer repeating, and a route not given with a 404', async () => {
    stubApi({ 'GET /returns': [ok(pageOf([1])), ok(pageOf([]))] });
    expect(await read('/returns?page=1')).toEqual({
      status: 200,
      body: { data: [1], meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 } },
    });
    expect((await read('/returns')).body.data).toEqual([]);
    expect((await read('/returns')).body.data).toEqual([]);
    expect((await read('/reviews')).status).toBe(404);
  });

  it('keeps every call with its body and query, and makes an answer from the call', async () => {
    const api = stubApi({
      'PATCH /staff/3': ({ body }) => ok({ data: body }),
    });
    const sent = { method: 'PATCH', body: JSON.stringify({ name: 'Aziz' }) };
    expect((await read('/staff/3?from=list', sent)).body).toEqual({ data: { name: 'Aziz' } });
    expect(api.count('PATCH /staff/3')).toBe(1);
    expect(api.bodiesOf('PATCH /staff/3')).toEqual([{ name: 'Aziz' }]);
    expect(api.queriesOf('PATCH /staff/3')).toEqual([{ from: 'list' }]);
    expect(api.calls.map((call) => call.route)).toEqual(['PATCH /staff/3']);
  });
});
