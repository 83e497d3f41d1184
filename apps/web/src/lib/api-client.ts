import { ApiError, apiErrorOf, NETWORK_ERROR, retryAfterOf } from '@bozor/shared';
import i18n, { getLanguage } from './i18n.ts';
import { clearSessionToken, getSessionToken } from './session.ts';

export type { FieldErrors } from '@bozor/shared';
export { ApiError };

/**
 * The API found nothing at the address a page was opened with: no such item (404), or an
 * address that cannot name one (a malformed or overlong slug: 400, 414). The page says "not found".
 */
export function isNoSuchItem(error: unknown): boolean {
  return error instanceof ApiError && [400, 404, 414].includes(error.status);
}

type Query = Record<string, string | number | boolean | undefined | null | readonly string[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON, or as multipart form data when it is a FormData (a file upload). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key` by every POST that pays or creates an order: the same key on a
   * retry gets the first answer instead of paying twice.
   */
  idempotencyKey?: string;
}

function buildUrl(path: string, query?: Query): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value == null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** How requests reach the API: the browser's fetch, or the server's own while it renders a page. */
let transport: Fetch = (url, init) => fetch(url, init);

/** The server's renderer asks its own API in-process instead of over the network. */
export function setApiTransport(next: Fetch): void {
  transport = next;
}

/** Sends a request with the language and the session token; a failure throws an ApiError. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, lang: getLanguage() };
  const token = typeof localStorage === 'undefined' ? null : getSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // the browser writes the multipart Content-Type with its boundary itself
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, i18n.t('errors.network'), NETWORK_ERROR);
  }

  if (!response.ok) {
    const payload = await readBody(response);
    if (response.status === 401) clearSessionToken();
    throw apiErrorOf(
      response.status,
      payload,
      i18n.t('errors.generic'),
      retryAfterOf(response.headers.get('retry-after')),
    );
  }
  return response;
}

/**
 * The one way the storefront talks to the API: adds the language and the session token,
 * and turns every failure into an ApiError carrying the server's message. Only a 401 (not signed
 * in, or the session expired) ends the stored session: a 403 or 422 refuses one thing to a customer
 * who is still signed in, and a network error says nothing of the session (DESIGN §5, §6).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  return (await readBody(response)) as T;
}

/** A file the API makes (a contract's PDF), fetched with the session like any other call. */
export async function apiBlob(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<Blob> {
  const response = await send(path, { ...options, method: 'GET' }, '*/*');
  return response.blob();
}

export function apiGet<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}
