import { vi } from 'vitest';

/** A call the page made: its route ("PATCH /products/7", the path without /api/admin). */
export interface ApiCall {
  route: string;
  url: URL;
  body: unknown;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** A route's answer: as it is, or made for the call (a promise to hold the page waiting). */
export type ApiReply = ApiAnswer | ((call: ApiCall) => ApiAnswer | Promise<ApiAnswer>);

const NOT_FOUND: ApiAnswer = { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };

/** A stubbed API's routes ("PATCH /products/7") and their replies. */
export type ApiRoutes = Record<string, ApiReply | readonly ApiReply[]>;

/**
 * Stubs `fetch` as the admin API answers a page: each route's replies in turn (the last one
 * repeats), a route not given is a 404. Every call is kept, in order. Undo with
 * `vi.unstubAllGlobals()`.
 */

export function stubApi(routes: ApiRoutes) {
  const calls: ApiCall[] = [];
  const callsOf = (route: string) => calls.filter((call) => call.route === route);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const route = `${init?.method ?? 'GET'} ${url.pathname.replace('/api/admin', '')}`;
      const call = { route, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const given = routes[route] ?? NOT_FOUND;
      const replies = Array.isArray(given) ? given : [given];
      const reply: ApiReply =
        replies[callsOf(route).length - 1] ?? replies[replies.length - 1] ?? NOT_FOUND;
      const answer = typeof reply === 'function' ? await reply(call) : reply;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    count: (route: string) => callsOf(route).length,
    bodiesOf: (route: string) => callsOf(route).map((call) => call.body),
    /** The query strings of the calls to `route`, as objects. */
    queriesOf: (route: string) =>
      callsOf(route).map((call) => Object.fromEntries(call.url.searchParams)),
  };
}

/** A 200 with `body`. */
export const ok = (body: unknown): ApiAnswer => ({ status: 200, body });

/** One page of a paged list holding all of `rows`. */
export const pageOf = (rows: readonly unknown[]) => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 20, total: rows.length },
});
