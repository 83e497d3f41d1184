import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Status = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness and readiness for the balancer; readiness needs the database. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: Status } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: Status, 503: Status } } },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'database is not ready');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
