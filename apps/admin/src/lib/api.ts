import { ApiError, apiErrorOf, NETWORK_ERROR } from '@bozor/shared';
import { currentLanguage } from './i18n.tsx';

export type { FieldErrors } from '@bozor/shared';
export { ApiError };

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Sent as `Idempotency-Key`: a repeat of a payment gets the first answer. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** The CSRF token of this session, given with the session; every write carries it. */
let csrfToken: string | undefined;
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** Called when the API answers 401: the session is over, the app shows the sign-in. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export function adminUrl(path: string, query?: Query): string {
  const url = `/api/admin${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value == null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

const NETWORK_MESSAGE = {
  ru: 'Нет связи с сервером. Проверьте подключение',
  uz: "Server bilan aloqa yo'q. Ulanishni tekshiring",
};

/** What an answer that carries no message of its own (a proxy's error page) says. */
const GENERIC_MESSAGE = {
  ru: 'Сервер не смог ответить. Попробуйте ещё раз',
  uz: "Server javob bera olmadi. Qayta urinib ko'ring",
};

/**
 * A call to the back office's API: the staff cookie goes by itself; writes carry the CSRF token;
 * a non-2xx answer throws an ApiError with the server's message in the staff's language.
 */
export async function adminApi<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (method !== 'GET' && !csrfToken) await refreshCsrf();
  try {
    return await call<T>(path, options);
  } catch (error) {
    // the token's secret cookie went (a new browser session): take a new pair, send once more
    if (method === 'GET' || !(error instanceof ApiError) || error.code !== 'CSRF_INVALID')
      throw error;
    await refreshCsrf();
    return call<T>(path, options);
  }
}

async function refreshCsrf(): Promise<void> {
  const answer = await call<{ data: { csrf_token: string } }>('/auth/csrf', {});
  csrfToken = answer.data.csrf_token;
}

async function call<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', lang: currentLanguage() };
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await reach(adminUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  });
  const text = await response.text();
  if (!response.ok) throw failure(path, response.status, text);
  return (text ? parseJson(text) : undefined) as T;
}

/** `fetch`, with no answer at all turned into an ApiError (a cancelled call stays an AbortError). */
async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE[currentLanguage()], NETWORK_ERROR);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The ApiError of a non-2xx answer; a 401 ends the session first. */
function failure(path: string, status: number, text: string): ApiError {
  if (status === 401 && path !== '/auth/sign-in') onSignedOut();
  return apiErrorOf(status, parseJson(text), GENERIC_MESSAGE[currentLanguage()]);
}

/** A file the API answers with (an export), in the staff member's language; errors as `adminApi`. */
export async function getFile(path: string, query?: Query, signal?: AbortSignal): Promise<Blob> {
  const response = await reach(adminUrl(path, query), {
    headers: { lang: currentLanguage() },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw failure(path, response.status, await response.text());
  return response.blob();
}

/**
 * A read of the storefront's public API (regions, districts) in the staff member's language: no
 * session, the envelope's `data`; errors as `adminApi`.
 */
export async function getPublicData<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await reach(`/api${path}`, { headers: { lang: currentLanguage() }, signal });
  const text = await response.text();
  if (!response.ok)
    throw apiErrorOf(response.status, parseJson(text), GENERIC_MESSAGE[currentLanguage()]);
  return (parseJson(text) as { data: T }).data;
}

/** A read: the envelope's `data`. */
export async function getData<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  const answer = await adminApi<{ data: T }>(path, { query, signal });
  return answer.data;
}

export interface Paged<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

export function getPage<T>(path: string, query?: Query, signal?: AbortSignal): Promise<Paged<T>> {
  return adminApi<Paged<T>>(path, { query, signal });
}

/** A write: the server's message and what it answered with. */
export function post<T = unknown>(
  path: string,
  body?: unknown,
  options: Omit<RequestOptions, 'body' | 'method'> = {},
): Promise<{ message: string; data: T }> {
  return adminApi(path, { ...options, method: 'POST', body: body ?? {} });
}

export function patch<T = unknown>(path: string, body: unknown) {
  return adminApi<{ message: string; data: T }>(path, { method: 'PATCH', body });
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface UploadOptions {
  query?: Query;
  /** Called as the file goes out: the share sent, 0 to 1. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as `multipart/form-data` (field `file`), reporting its progress as it goes out
 * (which `fetch` cannot); the session, CSRF token, errors and sign-out as `adminApi` has them.
 */
export async function upload<T>(
  path: string,
  file: Blob,
  options: UploadOptions = {},
): Promise<{ message: string; data: T }> {
  if (!csrfToken) await refreshCsrf();
  try {
    return await send<T>(path, file, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'CSRF_INVALID') throw error;
    await refreshCsrf();
    return send<T>(path, file, options);
  }
}

function send<T>(
  path: string,
  file: Blob,
  options: UploadOptions,
): Promise<{ message: string; data: T }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', adminUrl(path, options.query));
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('lang', currentLanguage());
    if (csrfToken) request.setRequestHeader('x-csrf-token', csrfToken);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiError(0, NETWORK_MESSAGE[currentLanguage()], 'NETWORK_ERROR'));
    request.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    request.onload = () => {
      let payload: unknown;
      try {
        payload = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(payload as { message: string; data: T });
        return;
      }
      if (request.status === 401) onSignedOut();
      reject(apiErrorOf(request.status, payload, GENERIC_MESSAGE[currentLanguage()]));
    };
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    request.send(body);
  });
}
