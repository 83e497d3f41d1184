import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_TEXTS } from '../../locales/texts.ts';
import { ApiError, apiBlob, apiGet, apiRequest, isNoSuchItem } from '../api-client.ts';
import { initI18n } from '../i18n.ts';

function answer(status: number, body?: unknown) {
  return vi.fn().mockResolvedValue(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

describe('api client', () => {
  beforeEach(() => localStorage.setItem('serviceToken', 'secret-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('sends the language and the bearer token to /api', async () => {
    initI18n('ru', ALL_TEXTS.ru);
    const fetchMock = answer(200, { data: [1] });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiGet('/products/famous'))
      .resolves.toEqual({ data: [1] })
      .finally(() => initI18n('uz', ALL_TEXTS.uz));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/products/famous');
    expect(init.headers).toMatchObject({ lang: 'ru', Authorization: 'Bearer secret-token' });
  });

  it('throws the server message, code and field errors', async () => {
    vi.stubGlobal(
      'fetch',
      answer(422, { message: 'Noto‘g‘ri', code: 'VALIDATION', errors: { stir: ['bad'] } }),
    );
    const error = await apiGet('/partners').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Noto‘g‘ri',
      code: 'VALIDATION',
      fieldErrors: { stir: ['bad'] },
    });
    expect(localStorage.getItem('serviceToken')).toBe('secret-token');
  });

  it('falls back to a translated generic message when the body has none', async () => {
    vi.stubGlobal('fetch', answer(500));
    await expect(apiGet('/contacts')).rejects.toMatchObject({
      status: 500,
      message: expect.stringContaining('Xizmatda xatolik'),
    });
  });

  it.each([
    [403, 'FORBIDDEN'],
    [422, 'SCORING_REQUIRED'],
  ])('keeps the stored token on a %i: the customer is still signed in', async (status, code) => {
    vi.stubGlobal('fetch', answer(status, { message: 'Mumkin emas', code }));
    await expect(apiRequest('/orders', { method: 'POST' })).rejects.toMatchObject({
      status,
      code,
    });
    expect(localStorage.getItem('serviceToken')).toBe('secret-token');
  });

  it('removes the stored token on a 401', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Expired', code: 'UNAUTHORIZED' }));
    await expect(apiGet('/orders')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('serviceToken')).toBeNull();
  });

  it('keeps the stored token on a network error (DESIGN §6)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('/orders')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(localStorage.getItem('serviceToken')).toBe('secret-token');
  });

  it('sends a FormData as multipart, leaving its Content-Type to the browser', async () => {
    const fetchMock = answer(200, { message: 'ok', data: {} });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'face.png');
    await apiRequest('/clients/identified', { method: 'POST', body: form });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('reads how long a 429 asks to wait', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ message: 'Kuting', code: 'RATE_LIMITED' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '42' },
        }),
      ),
    );
    await expect(apiRequest('/cards/resend-code', { method: 'POST' })).rejects.toMatchObject({
      status: 429,
      retryAfter: 42,
    });
  });

  it('sends an Idempotency-Key only when given one', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/orders', { method: 'POST', body: {}, idempotencyKey: 'key-1' });
    await apiRequest('/baskets', { method: 'POST', body: {} });
    const headers = (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(
      ([, init]) => init.headers,
    );
    expect(headers[0]).toMatchObject({ 'Idempotency-Key': 'key-1' });
    expect(headers[1]).not.toHaveProperty('Idempotency-Key');
  });

  it('keeps the data an error envelope carries', async () => {
    const data = { min_prepayment: 800_000, available: 1_200_000, total: 2_000_000 };
    vi.stubGlobal(
      'fetch',
      answer(422, { message: 'Limit yetarli emas', code: 'LIMIT_NOT_ENOUGH', data }),
    );
    await expect(apiRequest('/orders', { method: 'POST' })).rejects.toMatchObject({
      code: 'LIMIT_NOT_ENOUGH',
      data,
    });
  });

  it('fetches a file as a blob with the session', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(
        new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const blob = await apiBlob('/credits/3/contract.pdf', { query: { lang: 'ru' } });
    expect(await blob.text()).toBe('%PDF-1.4');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/credits/3/contract.pdf?lang=ru');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer secret-token' });
  });

  it('counts an address that names nothing, or cannot name anything, as no such item', () => {
    for (const status of [400, 404, 414]) {
      expect(isNoSuchItem(new ApiError(status, 'x', 'X'))).toBe(true);
    }
    expect(isNoSuchItem(new ApiError(500, 'x', 'X'))).toBe(false);
    expect(isNoSuchItem(new ApiError(0, 'x', 'NETWORK_ERROR'))).toBe(false);
    expect(isNoSuchItem(new Error('x'))).toBe(false);
  });
});
