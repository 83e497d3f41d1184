import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface RequestLogOptions {
  /** An answer slower than this (LOG_SLOW_MS) is logged as a warning, with the request's detail. */
  slowMs: number;
}

const INFO = 30;
const DEBUG = 20;
/** The logger's level as pino numbers it; nothing is logged by Fastify's silent stand-in. */
const levelOf = (log: FastifyBaseLogger) =>
  (log as { levelVal?: number }).levelVal ?? Number.POSITIVE_INFINITY;

/** Probes of a load balancer or Prometheus: logged only when they fail or are slow. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One line per request, written when its answer has gone: method, route as declared (not the
 * URL, which may carry a code or a card number), status, milliseconds, the request id (the
 * logger's `reqId`) and the customer's or staff member's id when known. An answer slower than
 * `slowMs` is a warning and a server error an error, both with the request's detail (URL with card
 * numbers masked, address, headers with secrets redacted); at debug level every line has it.
 * Fastify's own two lines a request (with the headers) are off (`disableRequestLogging`).
 */
export const requestLog = fp(
  async (app: FastifyInstance, options: RequestLogOptions) => {
    app.addHook('onResponse', (request, reply, done) => {
      const log = request.log;
      const ms = reply.elapsedTime;
      const status = reply.statusCode;
      const failed = status >= 500;
      const slow = ms >= options.slowMs;
      const level = levelOf(log);
      if (!failed && !slow && level > INFO) return done();
      const route = request.routeOptions.url ?? '*';
      if (!failed && !slow && status < 400 && PROBES.has(route)) return done();
      const line: Record<string, unknown> = {
        method: request.method,
        route,
        status,
        ms: Math.round(ms * 10) / 10,
      };
      if (request.customer) line.customerId = request.customer.id;
      if (request.staff) line.staffId = request.staff.id;
      if (failed || slow || level <= DEBUG) line.req = request;
      if (failed) log.error(line, 'request answered with a server error');
      else if (slow) log.warn(line, 'slow request');
      else log.info(line, 'request');
      done();
    });
  },
  { name: 'request-log' },
);
