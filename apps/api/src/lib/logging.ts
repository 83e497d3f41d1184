import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Fields that hold a secret wherever they appear in a logged request: the bearer token, codes,
 * challenge and session tokens, card numbers and identity documents. pino replaces them before a
 * line is written, so a body logged for a failed request cannot leak one.
 */
const SECRET_FIELDS = [
  'code',
  'otp',
  'token',
  'password',
  'card_number',
  'cardNumber',
  'expire_date',
  'passport',
  'pinfl',
];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-auth"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [`body.${field}`, `body.*.${field}`]),
];

/** Digit runs as long as a card number, wherever they stand in a logged URL. */
const CARD_LIKE = /\d{12,19}/g;

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(CARD_LIKE, (digits) => `${digits.slice(0, 4)}…${digits.slice(-4)}`),
    host: request.host,
    remoteAddress: request.ip,
    headers: {
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
      'user-agent': request.headers['user-agent'],
      lang: request.headers.lang,
      'content-type': request.headers['content-type'],
      'content-length': request.headers['content-length'],
    },
  };
}

/** The request logger's settings: the level and destination of the caller, secrets redacted. */
export function loggerOptions(
  base: Exclude<FastifyServerOptions['logger'], boolean | undefined>,
): FastifyServerOptions['logger'] {
  return {
    ...base,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest as never },
  };
}
