import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FiscalCode, Lang } from '@bozor/shared';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { DEVELOPMENT_AUTH_SECRET } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { type CatalogueChanges, watchCatalogue } from './lib/catalogue-changes.ts';
import { createClock } from './lib/clock.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { AppError, errorMessage } from './lib/errors.ts';
import { resolveLang } from './lib/lang.ts';
import { AnsweredRequestsOnly, loggerOptions } from './lib/logging.ts';
import { trackRequestContext } from './lib/request-context.ts';
import { type KeyRing, keyRing } from './lib/secrets.ts';
import { accountRoutes, adminCustomerRoutes } from './modules/accounts/index.ts';
import { addressRoutes } from './modules/addresses/index.ts';
import { cardRoutes } from './modules/cards/index.ts';
import {
  adminDictionaryRoutes,
  adminImportRoutes,
  adminProductRoutes,
  catalogueRoutes,
  listingRoutes,
  rememberReferenceData,
} from './modules/catalogue/index.ts';
import { contactRoutes } from './modules/contacts/index.ts';
import { adminContentRoutes, adminPartnerRoutes, contentRoutes } from './modules/content/index.ts';
import {
  adminContractRoutes,
  contractRoutes,
  DEMO_SELLER,
  type Seller,
} from './modules/contracts/index.ts';
import {
  adminCreditRoutes,
  type CreditRules,
  creditRoutes,
  DEFAULT_CREDIT_RULES,
  devCreditRoutes,
} from './modules/credits/index.ts';
import { adminDashboardRoutes } from './modules/dashboard/index.ts';
import { adminDeliveryRoutes, deliveryRoutes } from './modules/delivery/index.ts';
import { devClockRoutes, devRoutes } from './modules/dev/index.ts';
import { adminFiscalRoutes, fiscalRoutes } from './modules/fiscal/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { mediaRoutes } from './modules/media/index.ts';
import {
  adminAlertRoutes,
  adminPromotionRoutes,
  notificationRoutes,
  registerNoticeChannel,
} from './modules/notifications/index.ts';
import { adminOrderRoutes, devOrderRoutes, orderRoutes } from './modules/orders/index.ts';
import { moneyOpsRoutes, paymentRoutes } from './modules/payments/index.ts';
import { adminPictureRoutes, pictureMediaRoutes } from './modules/pictures/index.ts';
import { recentlyViewedRoutes } from './modules/recently-viewed/index.ts';
import { adminReviewRoutes, reviewRoutes } from './modules/reviews/index.ts';
import {
  adminScoringRoutes,
  DEFAULT_SCORING_RULES,
  type ScoringRules,
  scoringRoutes,
} from './modules/scoring/index.ts';
import { keepSearchInMemory, searchRoutes, stopSearchInMemory } from './modules/search/index.ts';
import { seoRoutes } from './modules/seo/index.ts';
import { shoppingRoutes } from './modules/shopping/index.ts';
import { staffRoutes } from './modules/staff/index.ts';
import {
  devTelegramRoutes,
  type SignInCodes,
  sandboxOutbox,
  signInCodeSender,
  type TelegramOptions,
  type TelegramSetup,
  telegramNoticeSender,
  telegramRoutes,
  telegramWebhookRoutes,
} from './modules/telegram/index.ts';
import { registerAdminApp, registerWebApp, type StorefrontRenderer } from './modules/web/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { CACHED_ROUTES } from './plugins/cached-routes.ts';
import { compression } from './plugins/compression.ts';
import { redisLimitStore } from './plugins/limits.ts';
import { type MetricsOptions, metricsPlugin } from './plugins/metrics.ts';
import { oversizedBody } from './plugins/oversized-body.ts';
import { requestLog } from './plugins/request-log.ts';
import { responseCache } from './plugins/response-cache.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { docsAccess, STAFF_COOKIE, staffAuth } from './plugins/staff-auth.ts';
import { type CreditBureau, SandboxCreditBureau } from './providers/bureau/index.ts';
import { type FiscalRegister, SandboxFiscalRegister } from './providers/fiscal/index.ts';
import { type IdentityProvider, SandboxIdentityProvider } from './providers/identity/index.ts';
import { type CardGateway, SandboxCardGateway } from './providers/payments/index.ts';
import { LogSmsProvider, type SmsProvider } from './providers/sms/index.ts';
import { LocalStorage, type Storage } from './providers/storage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cardGateway: CardGateway;
    identity: IdentityProvider;
    /** Where fiscal receipts are registered; null when they are not (FISCAL_REGISTER=off). */
    fiscalRegister: FiscalRegister | null;
    /** The code a receipt's delivery line is sold under (FISCAL_DELIVERY_*). */
    fiscalDelivery: FiscalCode;
    /** Credit history for scoring; null when there is none (scoring then runs in review mode). */
    creditBureau: CreditBureau | null;
    /** Where uploaded pictures are kept (MEDIA_DIR or an S3 bucket). */
    storage: Storage;
    /**
     * Where face images and spreadsheets being imported are kept (UPLOAD_DIR or a private bucket):
     * never given a public address, served by the API to staff only.
     */
    privateStorage: Storage;
    scoringRules: ScoringRules;
    creditRules: CreditRules;
    seller: Seller;
    signInCodesPerAddress: number;
    db: Database;
    database: DatabaseHandle;
    sms: SmsProvider;
    /** AUTH_SECRET, with AUTH_SECRET_PREVIOUS while it is being replaced. */
    authSecret: KeyRing;
    /** The shop's Telegram bot; null with TELEGRAM_MODE=off. */
    telegram: TelegramSetup | null;
    /** Sends sign-in codes: by Telegram's gateway first when so configured, else by SMS. */
    signInCodes: SignInCodes;
  }
  interface FastifyRequest {
    lang: Lang;
  }
}

export interface AppOptions {
  database: DatabaseHandle;
  /** Built storefront to serve on the same port; omitted in API-only tests. */
  webDist?: string | undefined;
  /** Built back office to serve at /admin (apps/admin/dist); not served when absent or not built. */
  adminDist?: string | undefined;
  /** Renders the storefront's public pages; the build's server entry beside webDist when absent. */
  renderer?: StorefrontRenderer | undefined;
  /** Where and how much to log; secrets in requests are always redacted. Silent when absent. */
  logger?: Exclude<FastifyServerOptions['logger'], boolean> | undefined;
  /** An answer slower than this is logged as a warning with its detail (LOG_SLOW_MS); 1 s when absent. */
  slowRequestMs?: number | undefined;
  /** Prometheus metrics at /metrics and who may read them (METRICS_*); none when absent. */
  metrics?: MetricsOptions | undefined;
  /** Production: HSTS is sent and the sandbox outbox is never served. */
  production?: boolean;
  /** Proxies whose `X-Forwarded-For` names the client (`TRUST_PROXY`); none when absent. */
  trustProxy?: false | number | string[];
  /** Shared rate-limit counters for several API processes; counted in memory when absent. */
  redis?: Redis | undefined;
  /** Where SMS go (or how to make it from the app's logger); the log sandbox when absent. */
  sms?: SmsProvider | ((log: FastifyBaseLogger) => SmsProvider) | undefined;
  /** The card processor, or how to make it from the SMS provider, the database and the app's log; the sandbox when absent. */
  cardGateway?:
    | CardGateway
    | ((sms: SmsProvider, db: Database, log: FastifyBaseLogger) => CardGateway)
    | undefined;
  /** Checks scoring's face images; the sandbox when absent. */
  identity?: IdentityProvider | undefined;
  /** Registers fiscal receipts; the sandbox when absent, none when null. */
  fiscalRegister?: FiscalRegister | null | undefined;
  /** The code delivery is fiscalised under; a placeholder for development when absent. */
  fiscalDelivery?: FiscalCode | undefined;
  /** Credit history for scoring (CREDIT_BUREAU); the sandbox when absent, none when null. */
  creditBureau?: CreditBureau | null | undefined;
  /** The private store's folder when `privateStorage` is absent; under the OS's temp when both are. */
  uploadDir?: string | undefined;
  /** Where uploaded pictures are kept; a folder under the OS's temp when absent. */
  storage?: Storage | undefined;
  /** Where face images and spreadsheets being imported are kept; a folder (`uploadDir`) when absent. */
  privateStorage?: Storage | undefined;
  /** Sign-in codes one address may ask for an hour (SIGN_IN_CODES_PER_ADDRESS); 20 when absent. */
  signInCodesPerAddress?: number | undefined;
  /** Scoring's settings (SCORING_MODE, SCORING_RETRY_DAYS, SCORING_FIRST_LIMIT_CAP); `auto` when absent. */
  scoring?: Partial<ScoringRules> | undefined;
  /** Late-payment rules of credits (GRACE_DAYS, PENALTY_PERCENT). */
  credits?: Partial<CreditRules> | undefined;
  /** The seller contracts name and the footer shows (SELLER_*); the demo seller when absent. */
  seller?: Seller | undefined;
  /** Seals personal data and keys fingerprints and code hashes; a development value when absent. */
  authSecret?: string | undefined;
  /** The secret authSecret replaces (AUTH_SECRET_PREVIOUS): what it sealed or keyed is still read. */
  authSecretPrevious?: string | undefined;
  /**
   * Bearer token of the back office's money views (OPS_TOKEN; the routes are absent without it),
   * and of `/api/docs` in production.
   */
  opsToken?: string | undefined;
  /** Serve the sandbox outbox (`GET /api/dev/outbox`) outside production; on when absent. */
  exposeOutbox?: boolean;
  /** The shop's public address for robots.txt and the sitemaps (PUBLIC_URL); the request's when absent. */
  publicUrl?: string | undefined;
  /** `<url>` entries per sitemap file; the protocol's 50,000 when absent. */
  urlsPerSitemap?: number | undefined;
  /**
   * Bytes of anonymous catalogue answers kept in memory (RESPONSE_CACHE_MB), dropped as the
   * database announces changes; none kept when absent or 0.
   */
  responseCacheBytes?: number | undefined;
  /**
   * Hear the catalogue's changes and keep its reference data (categories, tariffs) in memory
   * meanwhile; implied by a response cache. Off when absent, so a test reads what it just wrote.
   */
  watchCatalogue?: boolean | undefined;
  /** The Telegram bot and the sign-in code gateway (modules/telegram); none when absent. */
  telegram?: TelegramOptions | undefined;
}

/** A hop count trusts that many proxies in front of the server; a list trusts those addresses. */
function trustedProxies(trust: false | number | string[]) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const production = options.production ?? false;
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger) : false,
    logController: new AnsweredRequestsOnly(),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: trustedProxies(options.trustProxy ?? false),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  const sms =
    typeof options.sms === 'function'
      ? options.sms(app.log)
      : (options.sms ?? new LogSmsProvider(app.log));
  app.decorate('sms', sms);
  app.decorate(
    'cardGateway',
    typeof options.cardGateway === 'function'
      ? options.cardGateway(sms, options.database.db, app.log)
      : (options.cardGateway ?? new SandboxCardGateway(sms, { db: options.database.db })),
  );
  app.decorate('identity', options.identity ?? new SandboxIdentityProvider());
  app.decorate(
    'fiscalRegister',
    options.fiscalRegister === undefined
      ? new SandboxFiscalRegister({ publicUrl: options.publicUrl ?? '' })
      : options.fiscalRegister,
  );
  app.decorate(
    'fiscalDelivery',
    options.fiscalDelivery ?? {
      ikpu: '10000000000000000',
      packageCode: '1',
      units: null,
      vatPercent: 12,
    },
  );
  app.decorate(
    'creditBureau',
    options.creditBureau === undefined ? new SandboxCreditBureau() : options.creditBureau,
  );
  app.decorate('storage', options.storage ?? new LocalStorage(join(tmpdir(), 'bozor-media')));
  app.decorate(
    'privateStorage',
    options.privateStorage ??
      new LocalStorage(options.uploadDir ?? join(tmpdir(), 'bozor-uploads'), { private: true }),
  );
  app.decorate('signInCodesPerAddress', options.signInCodesPerAddress ?? 20);
  const telegram = options.telegram?.bot ?? null;
  app.decorate('telegram', telegram);
  app.decorate(
    'signInCodes',
    signInCodeSender({
      sms,
      gateway: options.telegram?.codeGateway ?? null,
      timeoutMs: options.telegram?.gatewayTimeoutMs ?? 5_000,
      log: app.log,
      observe: options.metrics
        ? (channel, outcome) => options.metrics?.metrics.signInCode(channel, outcome)
        : undefined,
    }),
  );
  if (telegram) {
    // the notices' Telegram channel (modules/notifications' channel hook)
    const unplug = registerNoticeChannel(
      'telegram',
      telegramNoticeSender({
        db: options.database.db,
        bot: telegram.bot,
        publicUrl: options.publicUrl,
        log: app.log,
      }),
    );
    app.addHook('onClose', async () => unplug());
  }
  app.decorate('scoringRules', { ...DEFAULT_SCORING_RULES, ...options.scoring });
  app.decorate('creditRules', { ...DEFAULT_CREDIT_RULES, ...options.credits });
  app.decorate('seller', options.seller ?? DEMO_SELLER);
  app.decorate(
    'authSecret',
    keyRing(options.authSecret ?? DEVELOPMENT_AUTH_SECRET, options.authSecretPrevious),
  );
  app.decorate('adminRoutes', []);
  app.decorate('clock', createClock());
  app.decorateRequest('lang', 'uz');
  trackRequestContext(app);
  app.addHook('onRequest', async (request, reply) => {
    request.lang = resolveLang(request);
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  await app.register(requestLog, { slowMs: options.slowRequestMs ?? 1_000 });
  await app.register(oversizedBody);

  const cacheBytes = options.responseCacheBytes ?? 0;
  let changes: CatalogueChanges | undefined;
  if (cacheBytes > 0 || options.watchCatalogue) {
    const heard = await watchCatalogue(options.database, app.log);
    const forget = rememberReferenceData(options.database.db, heard);
    keepSearchInMemory(options.database.db, heard, (err) =>
      app.log.error({ err }, 'could not read the search index into memory'),
    );
    app.addHook('onClose', async () => {
      stopSearchInMemory(options.database.db);
      forget();
      await heard.close();
    });
    changes = heard;
  }
  // Before the security headers, so a kept answer is sent without working them out again (it
  // carries those of its first answer); before compression, whose hooks then see (and keep) the
  // answer as the route sent it.
  await app.register(responseCache, { maxBytes: cacheBytes, changes, routes: CACHED_ROUTES });
  if (options.metrics) await app.register(metricsPlugin, options.metrics);

  await app.register(securityHeaders, { production });
  await app.register(compression);

  // Limits are declared per route with `limitBy`; a counter store that fails closes the route.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(options.redis ? { store: redisLimitStore(options.redis) } : {}),
    skipOnError: false,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Bozor API',
        description:
          'Catalogue, accounts, basket and installment purchase of the Bozor shop. Send `lang: uz|ru` for names and messages in that language.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          staffCookie: { type: 'apiKey', in: 'cookie', name: STAFF_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // in production the documentation is for the shop's own: OPS_TOKEN or a staff session
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    ...(production ? { uiHooks: { onRequest: docsAccess(options.opsToken) } } : {}),
  });
  await app.register(authPlugin);
  await app.register(healthRoutes);
  await app.register(mediaRoutes);
  await app.register(pictureMediaRoutes);
  await app.register(seoRoutes, {
    publicUrl: options.publicUrl,
    urlsPerSitemap: options.urlsPerSitemap,
  });
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
      await api.register(deliveryRoutes);
      await api.register(cardRoutes);
      await api.register(scoringRoutes);
      await api.register(orderRoutes);
      await api.register(contractRoutes);
      await api.register(paymentRoutes);
      await api.register(creditRoutes);
      await api.register(fiscalRoutes);
      await api.register(notificationRoutes);
      await api.register(recentlyViewedRoutes);
      await api.register(reviewRoutes);
      await api.register(telegramRoutes);
      await api.register(telegramWebhookRoutes);
      await api.register(
        async (admin) => {
          await staffAuth(admin, { opsToken: options.opsToken });
          await admin.register(staffRoutes);
          await admin.register(adminDashboardRoutes);
          await admin.register(adminOrderRoutes);
          await admin.register(adminCustomerRoutes);
          await admin.register(moneyOpsRoutes);
          await admin.register(adminFiscalRoutes);
          await admin.register(adminCreditRoutes);
          await admin.register(adminContractRoutes);
          await admin.register(adminScoringRoutes);
          await admin.register(adminProductRoutes);
          await admin.register(adminContentRoutes);
          await admin.register(adminDeliveryRoutes);
          await admin.register(adminPartnerRoutes);
          await admin.register(adminDictionaryRoutes);
          await admin.register(adminPictureRoutes);
          await admin.register(adminImportRoutes);
          await admin.register(adminAlertRoutes);
          await admin.register(adminPromotionRoutes);
          await admin.register(adminReviewRoutes);
        },
        { prefix: '/admin' },
      );
      if (!production && (options.exposeOutbox ?? true) && sms instanceof LogSmsProvider) {
        await api.register(
          devRoutes(
            sms,
            sandboxOutbox(options.database.db, app.telegram, options.telegram?.codeGateway ?? null),
          ),
        );
        if (telegram?.mode === 'sandbox') await api.register(devTelegramRoutes(telegram));
        await api.register(devOrderRoutes);
        await api.register(devCreditRoutes);
      }
      if (!production) await api.register(devClockRoutes);
    },
    { prefix: '/api' },
  );

  if (options.adminDist) await registerAdminApp(app, options.adminDist);
  const sendPage = options.webDist
    ? await registerWebApp(app, options.webDist, options.renderer, options.publicUrl)
    : undefined;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      sendPage &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/media/') &&
      path !== '/admin' &&
      !path.startsWith('/admin/');
    if (isPage) return sendPage(request, reply);
    reply.code(404).send({
      message: errorMessage('ROUTE_NOT_FOUND', request.lang),
      code: 'ROUTE_NOT_FOUND',
    });
  });

  return app;
}

export { AppError };
