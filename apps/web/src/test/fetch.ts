import { vi } from 'vitest';

type Handler = (url: string) => { status: number; body?: unknown } | undefined;

/** Replaces fetch with canned answers by path; unknown paths answer 404. */
export function stubApi(routes: Record<string, unknown | Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const path = url.split('?')[0] ?? url;
    const route = routes[path];
    const answer =
      typeof route === 'function'
        ? (route as Handler)(url)
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
