import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf, retryAfterOf } from '../src/api-error.ts';

describe('apiErrorOf', () => {
  it("reads the error envelope: the server's message, code, fields and data", () => {
    const error = apiErrorOf(
      422,
      {
        message: 'Проверьте поля',
        code: 'VALIDATION',
        errors: { phone: ['Неверный номер'] },
        data: { shortfall: 100 },
      },
      'fallback',
      7,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Проверьте поля',
      code: 'VALIDATION',
      fieldErrors: { phone: ['Неверный номер'] },
      retryAfter: 7,
      data: { shortfall: 100 },
      isNetworkError: false,
    });
  });

  it("falls back to the caller's words and the status when a proxy answered its own page", () => {
    for (const body of [undefined, null, '<html>Bad Gateway</html>', [], { message: '' }]) {
      const error = apiErrorOf(502, body, 'Server javob bera olmadi');
      expect(error.message).toBe('Server javob bera olmadi');
      expect(error.code).toBe('HTTP_502');
      expect(error.fieldErrors).toEqual({});
    }
  });

  it('keeps only lists of messages among the fields', () => {
    const error = apiErrorOf(
      422,
      { message: 'x', code: 'V', errors: { a: ['one', 2], b: 'not a list', c: null } },
      'f',
    );
    expect(error.fieldErrors).toEqual({ a: ['one'] });
  });
});

describe('retryAfterOf', () => {
  it('reads seconds, rounds up, and gives nothing for a date, a negative or no header', () => {
    expect(retryAfterOf('30')).toBe(30);
    expect(retryAfterOf('1.2')).toBe(2);
    expect(retryAfterOf('0')).toBe(0);
    expect(retryAfterOf('-1')).toBeUndefined();
    expect(retryAfterOf('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(retryAfterOf(null)).toBeUndefined();
  });
});
