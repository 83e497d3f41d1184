import { API_RESPONSES, type ApiEndpoint, ErrorBody } from '@bozor/shared';
import { vi } from 'vitest';

type Handler = (
  url: string,
  init: RequestInit | undefined,
) => { status: number; body?: unknown } | undefined;

const endpoints = (Object.keys(API_RESPONSES) as ApiEndpoint[]).map((endpoint) => {
  const [method, path = ''] = endpoint.split(' ');
  const pattern = path.replace(/:[a-zA-Z]+/g, '[^/]+');
  return {
    endpoint,
    method,
    path: new RegExp(`^/api${pattern}$`),
    params: path.split(':').length - 1,
  };
});

/** The endpoint a request goes to; a literal path beats a parameter (`/products/famous`). */
function endpointOf(method: string, path: string): ApiEndpoint | undefined {
  return endpoints
    .filter((e) => e.method === method && e.path.test(path))
    .sort((a, b) => a.params - b.params)[0]?.endpoint;
}

let violations: string[] = [];

/** Checks a stubbed answer against the shared contract, as the server would have to answer. */
function checkAnswer(method: string, path: string, status: number, body: unknown) {
  const endpoint = endpointOf(method, path);
  if (!endpoint) {
    violations.push(`${method} ${path}: no such endpoint in @bozor/shared's API_RESPONSES`);
    return;
  }
  // a gateway in front of the API (nginx, a load balancer) may fail with no body of its own
  if (status >= 500 && body === undefined) return;
  const schema = status >= 400 ? ErrorBody : API_RESPONSES[endpoint];
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
    violations.push(`${method} ${path} (${endpoint}, ${status}): ${issues.join('; ')}`);
  }
}

/** Stubbed answers that the real API could not have given, since the last call; then clears. */
export function takeContractViolations(): string[] {
  const found = violations;
  violations = [];
  return found;
}

/**
 * Replaces fetch with canned answers by path, or by method and path ('POST /api/baskets') where
 * one path answers several methods; unknown paths answer 404. Every answer must fit the shared
 * contract (`API_RESPONSES`, `ErrorBody`): one that does not fails the test after it ends.
 */
export function stubApi(routes: Record<string, unknown | Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0] ?? url;
    const method = init?.method ?? 'GET';
    const route = routes[`${method} ${path}`] ?? routes[path];
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
    if (answer) checkAnswer(method, path, status, body);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
