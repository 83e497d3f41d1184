import { randomUUID } from 'node:crypto';
import type { Lang } from '@bozor/shared';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database, DatabaseHandle } from './db/client.ts';
import { AppError, errorMessage, registerErrorHandler } from './lib/errors.ts';
import { resolveLang } from './lib/lang.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { listingRoutes } from './modules/catalogue/listing-routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { shoppingRoutes } from './modules/shopping/routes.ts';
import { registerWebApp, sendIndexHtml } from './modules/web/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { LogSmsProvider, type SmsProvider } from './providers/sms/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
    sms: SmsProvider;
    authSecret: string;
  }
  interface FastifyRequest {
    lang: Lang;
  }
}

export interface AppOptions {
  database: DatabaseHandle;
  /** Built storefront to serve on the same port; omitted in API-only tests. */
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Shared rate-limit counters for several API processes; counted in memory when absent. */
  redis?: Redis | undefined;
  /** Where SMS go; the log sandbox when absent. */
  sms?: SmsProvider | undefined;
  /** Keys one-time code hashes; a development value when absent. */
  authSecret?: string | undefined;
  /** Serve the sandbox outbox (`GET /api/dev/outbox`); never in production. */
  exposeOutbox?: boolean;
}

const DEVELOPMENT_AUTH_SECRET = 'bozor-development-secret-not-for-production-use';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  const sms = options.sms ?? new LogSmsProvider(app.log);
  app.decorate('sms', sms);
  app.decorate('authSecret', options.authSecret ?? DEVELOPMENT_AUTH_SECRET);
  app.decorateRequest('lang', 'uz');
  app.addHook('onRequest', async (request, reply) => {
    request.lang = resolveLang(request);
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  // Limits are declared per route (`config.rateLimit`); the error goes through the one handler.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'bozor-rate-limit:' } : {}),
    skipOnError: true,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 429),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Bozor API',
        description:
          'Catalogue, accounts, basket and installment purchase of the Bozor shop. Send `lang: uz|ru` for names and messages in that language.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(authPlugin);
  await app.register(healthRoutes);
  await app.register(mediaRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogueRoutes);
      await api.register(listingRoutes);
      await api.register(contactRoutes);
      await api.register(contentRoutes);
      await api.register(searchRoutes);
      await api.register(accountRoutes);
      await api.register(shoppingRoutes);
      await api.register(addressRoutes);
      if ((options.exposeOutbox ?? true) && sms instanceof LogSmsProvider) {
        await api.register(devRoutes(sms));
      }
    },
    { prefix: '/api' },
  );

  const servesWeb = options.webDist ? await registerWebApp(app, options.webDist) : false;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      servesWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/media/');
    if (isPage) return sendIndexHtml(reply);
    reply.code(404).send({
      message: errorMessage('ROUTE_NOT_FOUND', request.lang),
      code: 'ROUTE_NOT_FOUND',
    });
  });

  return app;
}

export { AppError };
