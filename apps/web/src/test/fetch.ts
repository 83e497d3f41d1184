import { vi } from 'vitest';

type Handler = (
  url: string,
  init: RequestInit | undefined,
) => { status: number; body?: unknown } | undefined;

/**
 * Replaces fetch with canned answers by path, or by method and path ('POST /api/baskets') where
 * one path answers several methods; unknown paths answer 404.
 */
export function stubApi(routes: Record<string, unknown | Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0] ?? url;
    const route = routes[`${init?.method ?? 'GET'} ${path}`] ?? routes[path];
    const answer =
      typeof route === 'function'
        ? (route as Handler)(url, init)
        : route === undefined
          ? undefined
          : { status: 200, body: route };
    const { status, body } = answer ?? {
      status: 404,
      body: { message: 'Not found', code: 'NOT_FOUND' },
    };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
