import { AmountOutOfRange, type ErrorBody, type Lang } from '@bozor/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ErrorCode, errorMessage, fieldMessage, isFieldMessageKey } from './error-messages.ts';
import { AppError } from './errors.ts';
import { resolveLang } from './lang.ts';

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** zod's own wording of its checks, in the interface languages. */
const ZOD_LOCALES = { uz: z.locales.uz, ru: z.locales.ru } as const;

function fieldErrorsOf(
  error: FastifyError & { validation: unknown[] },
  lang: Lang,
): Record<string, string[]> {
  const locale = ZOD_LOCALES[lang]();
  const errors: Record<string, string[]> = {};
  for (const raw of error.validation) {
    const issue = raw as { keyword: string; instancePath: string; message: string; params: object };
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    let text: string;
    if (isFieldMessageKey(issue.message)) {
      text = fieldMessage(issue.message, lang);
    } else {
      const localized = locale.localeError({ ...issue.params, code: issue.keyword } as never);
      text = typeof localized === 'string' ? localized : (localized?.message ?? issue.message);
    }
    errors[field] = [...(errors[field] ?? []), text];
  }
  return errors;
}

const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * An outside service's refusal that carries its own words for the customer (a card decline): its
 * status and message go out as they are.
 */
interface CustomerFacingError {
  code: string;
  status: number;
  customerMessage(lang: Lang): string;
}

function isCustomerFacing(error: unknown): error is CustomerFacingError {
  const e = error as Partial<CustomerFacingError> | null;
  return (
    typeof e?.customerMessage === 'function' &&
    typeof e.status === 'number' &&
    typeof e.code === 'string'
  );
}

/** An error and the errors it wraps (`cause`), as drizzle and pg nest them, a few deep. */
function* causesOf(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** PostgreSQL's codes for a number its column cannot hold. */
const OUT_OF_RANGE_SQLSTATES = new Set(['22003', '22P02', '22008']);

/**
 * A number the caller sent that the rule or the column it reached cannot hold: the installment
 * rules' `AmountOutOfRange` or PostgreSQL's "out of range". The schemas cap what they can; this
 * keeps the rest a 400. Any other `RangeError` is a fault of Bozor's own code, so a 500.
 */
function isOutOfRange(error: unknown): boolean {
  for (const e of causesOf(error)) {
    if (e instanceof AmountOutOfRange) return true;
    if (typeof e.code === 'string' && OUT_OF_RANGE_SQLSTATES.has(e.code)) return true;
  }
  return false;
}

interface Refusal {
  status: number;
  code: ErrorCode;
}

/**
 * The ledger's refusals by reason. A service turns the ones it expects into its own answer; one
 * that gets here (a payment racing another on the same credit) still refuses the request, and is
 * no fault of the server.
 */
const LEDGER_REFUSALS: Record<string, Refusal> = {
  CREDIT_NOT_FOUND: { status: 404, code: 'CREDIT_NOT_FOUND' },
  OVERPAYMENT: { status: 409, code: 'OVERPAYMENT' },
  REFUND_EXCEEDS_PAID: { status: 409, code: 'REFUND_EXCEEDS_PAID' },
  // a key reused for other content, as the Idempotency-Key header answers it
  KEY_REUSED: { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' },
};

/** Recognised by its name and reason, so that lib/ does not import a module's internals. */
function ledgerRefusalOf(error: unknown): Refusal | undefined {
  const e = error as { name?: unknown; reason?: unknown } | null;
  if (e?.name !== 'LedgerError' || typeof e.reason !== 'string') return undefined;
  return Object.hasOwn(LEDGER_REFUSALS, e.reason) ? LEDGER_REFUSALS[e.reason] : undefined;
}

/**
 * PostgreSQL out of reach: refused or lost connections, a server shutting down or out of
 * connections, and the pool's wait for a connection running out (db/client.ts). The request may
 * well succeed a moment later, so it is a 503, not a 500.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
];
/** Seconds a client is asked to wait before trying again when the database is out of reach. */
const UNAVAILABLE_RETRY_AFTER = 5;

function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causesOf(error)) {
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.includes(message)) return true;
  }
  return false;
}

/** A message's `{name}` places filled with the values the error carries (how many products). */
function withParams(text: string, params: Record<string, string | number> | undefined): string {
  return params
    ? text.replace(/\{(\w+)\}/g, (all, name: string) => String(params[name] ?? all))
    : text;
}

/** One error handler for the whole API: every failure leaves in the same envelope. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = resolveLang(request);
    if (error instanceof AppError) {
      if (error.retryAfter != null) reply.header('retry-after', String(error.retryAfter));
      return send(reply, error.status, {
        message: withParams(errorMessage(error.code, lang), error.params),
        code: error.code,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        ...(error.data !== undefined ? { data: error.data } : {}),
      });
    }
    if (isCustomerFacing(error)) {
      if (error.status >= 500) request.log.warn({ err: error }, 'an outside service failed');
      return send(reply, error.status, { message: error.customerMessage(lang), code: error.code });
    }
    const refusal = ledgerRefusalOf(error);
    if (refusal) {
      request.log.warn({ err: error }, 'the ledger refused a movement');
      return send(reply, refusal.status, {
        message: errorMessage(refusal.code, lang),
        code: refusal.code,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      request.log.debug({ body: request.body, validation: error.validation }, 'invalid request');
      return send(reply, 400, {
        message: errorMessage('VALIDATION_ERROR', lang),
        code: 'VALIDATION_ERROR',
        errors: fieldErrorsOf(error, lang),
      });
    }
    if (isOutOfRange(error)) {
      request.log.warn({ err: error, body: request.body }, 'number out of range');
      return send(reply, 400, {
        message: errorMessage('NUMBER_OUT_OF_RANGE', lang),
        code: 'NUMBER_OUT_OF_RANGE',
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'the database is out of reach');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER));
      return send(reply, 503, {
        message: errorMessage('SERVICE_UNAVAILABLE', lang),
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    // @fastify/csrf-protection's refusals of a back-office write
    if (error.code === 'FST_CSRF_MISSING_SECRET' || error.code === 'FST_CSRF_INVALID_TOKEN') {
      return send(reply, 403, {
        message: errorMessage('CSRF_INVALID', lang),
        code: 'CSRF_INVALID',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST';
      return send(reply, status, { message: errorMessage(code, lang), code });
    }
    request.log.error({ err: error, body: request.body }, 'request failed');
    return send(reply, 500, {
      message: errorMessage('INTERNAL_ERROR', lang),
      code: 'INTERNAL_ERROR',
    });
  });
}
