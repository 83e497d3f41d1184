import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

interface RequestContext {
  requestId: string;
  log: FastifyBaseLogger;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs every request inside its own context, so work it started can be traced back to it. */
export function trackRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ requestId: request.id, log: request.log }, done);
  });
}

/**
 * Logs a promise rejection nobody handled, with the id of the request that started the work when
 * there was one. The process keeps serving: one lost background task must not drop every
 * customer's request in flight.
 */
export function logUnhandledRejection(fallback: FastifyBaseLogger) {
  return (reason: unknown): void => {
    const context = storage.getStore();
    (context?.log ?? fallback).error(
      { err: reason, reqId: context?.requestId },
      'unhandled promise rejection',
    );
  };
}
