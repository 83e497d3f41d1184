import { type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { destination } from 'pino';

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

/**
 * Fastify's own lines of a request, but for the two it writes for every one ("incoming request"
 * and "request completed", each with the headers): plugins/request-log.ts writes one line when
 * the answer has gone instead. Its other lines (a stream that broke after its headers) stay.
 */
export class AnsweredRequestsOnly extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
}

/**
 * The request logger's settings: the level and destination of the caller, secrets redacted. Without
 * a destination of its own, lines go to standard output through pino's asynchronous destination:
 * a line is queued and written in the background with the lines that follow it, instead of the
 * request waiting for its own write (pino writes what is left when the process exits).
 */
export function loggerOptions(
  base: Exclude<FastifyServerOptions['logger'], boolean | undefined>,
): FastifyServerOptions['logger'] {
  const own = 'stream' in base || 'transport' in base;
  return {
    // a reader that stops (a stuck pipe) costs at most 16 MB of queued lines, then lines are dropped
    ...(own ? {} : { stream: destination({ dest: 1, sync: false, maxLength: 16 * 2 ** 20 }) }),
    ...base,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest as never },
  };
}
