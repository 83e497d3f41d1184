import cluster from 'node:cluster';
import { tashkentDay } from '@bozor/shared';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { takeConnections } from './connections.ts';
import { openDatabase } from './db/client.ts';
import {
  IDEMPOTENCY_CLEANUP_JOB,
  idempotencyCleanupHandler,
  scheduleIdempotencyCleanup,
} from './jobs/idempotency-cleanup.ts';
import {
  PICTURES_SWEEP_JOB,
  picturesSweepHandler,
  schedulePicturesSweep,
} from './jobs/pictures-sweep.ts';
import { createJobRunner } from './jobs/runner.ts';
import { clusterMetricsOfWorker } from './lib/cluster-metrics.ts';
import { createMetrics } from './lib/metrics.ts';
import { logUnhandledRejection } from './lib/request-context.ts';
import {
  IMPORT_CHECK_JOB,
  IMPORT_RUN_JOB,
  importCheckHandler,
  importJobsDue,
  importRunHandler,
} from './modules/catalogue/index.ts';
import { REMINDERS_JOB, remindersHandler, scheduleReminders } from './modules/credits/index.ts';
import {
  FISCAL_REGISTER_JOB,
  fiscalRegisterHandler,
  scheduleFiscalRegister,
} from './modules/fiscal/index.ts';
import {
  MESSAGE_OUTBOX_JOB,
  messageOutboxHandler,
  PRODUCT_ALERTS_CHANNEL,
  PRODUCT_ALERTS_JOB,
  PROMOTION_SEND_JOB,
  productAlertsHandler,
  promotionSendHandler,
  scheduleMessageOutbox,
} from './modules/notifications/index.ts';
import {
  EXPIRE_ORDERS_JOB,
  orderExpiryHandler,
  scheduleOrderExpiry,
} from './modules/orders/index.ts';
import {
  AUTOPAY_CREDIT_JOB,
  AUTOPAY_JOB,
  autopayCreditHandler,
  autopayHandler,
  PAYMENT_RECOVERY_JOB,
  paymentRecoveryHandler,
  RECONCILIATION_JOB,
  reconciliationHandler,
  scheduleAutopay,
  schedulePaymentRecovery,
  scheduleReconciliation,
} from './modules/payments/index.ts';
import { uploadPicture } from './modules/pictures/index.ts';
import {
  REVIEW_REQUESTS_JOB,
  reviewRequestsHandler,
  scheduleReviewRequests,
} from './modules/reviews/index.ts';
import { startTelegramBot, telegramOptionsOf } from './modules/telegram/index.ts';
import { offerBackups } from './ops/backup-endpoint.ts';
import { createCreditBureau } from './providers/bureau/index.ts';
import { createFiscalRegister } from './providers/fiscal/index.ts';
import { createCardGateway } from './providers/payments/index.ts';
import { createSmsProvider } from './providers/sms/index.ts';
import { createPrivateStorage, createStorage } from './providers/storage/index.ts';

/**
 * One API process: builds the app on a database already prepared (server.ts prepares it first,
 * as building the app starts reading the catalogue), runs the scheduled jobs, listens, and shuts
 * down gracefully on SIGTERM or SIGINT.
 */
export async function serve(config: Config): Promise<void> {
  const database = openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { dataDir: config.dataDir },
  );
  // Limit checks must answer quickly when Redis is gone: no queue while disconnected, a short
  // timeout per command; the limited routes then answer 503.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: 1_000,
      })
    : undefined;
  const production = config.env === 'production';
  const logger = {
    level: config.logLevel,
    ...(config.env === 'development' && process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  };
  const metrics = createMetrics();
  const app = await buildApp({
    database,
    redis,
    production,
    trustProxy: config.trustProxy,
    sms: (log) => metrics.countSms(createSmsProvider(config.sms, log)),
    cardGateway: (sms, db, log) =>
      createCardGateway(config.cardGateways, sms, db, {
        log,
        wrap: (gateway) => metrics.countGateway(gateway),
      }),
    creditBureau: createCreditBureau(config.creditBureau),
    fiscalRegister: createFiscalRegister(config.fiscalRegister),
    fiscalDelivery: config.fiscalDelivery,
    storage: createStorage(config.storage),
    privateStorage: createPrivateStorage(config.privateStorage),
    scoring: config.scoring,
    credits: config.credits,
    seller: config.seller,
    signInCodesPerAddress: config.signInCodesPerAddress,
    authSecret: config.authSecret,
    authSecretPrevious: config.authSecretPrevious,
    opsToken: config.opsToken,
    webDist: config.webDist,
    adminDist: config.adminDist,
    publicUrl: config.publicUrl,
    responseCacheBytes: config.responseCacheBytes,
    watchCatalogue: true,
    telegram: telegramOptionsOf(config.telegram),
    logger,
    slowRequestMs: config.logSlowMs,
    metrics: {
      metrics,
      ...config.metrics,
      // a worker answers for the whole cluster, asking its primary
      collect: cluster.isWorker ? clusterMetricsOfWorker(metrics.registry) : undefined,
    },
  });
  // only this process may read the embedded database's files: `npm run backup` asks it for them
  const backups =
    database.kind === 'pglite'
      ? await offerBackups(app, database, { dataDir: config.dataDir, host: config.host })
      : undefined;

  process.on('unhandledRejection', logUnhandledRejection(app.log));
  let redisDown = false;
  redis?.on('error', (err) => {
    if (!redisDown) app.log.error({ err }, 'redis connection lost');
    redisDown = true;
  });
  redis?.on('ready', () => {
    if (redisDown) app.log.info('redis connection restored');
    redisDown = false;
  });

  if (config.authSecretPrevious) {
    app.log.warn(
      'AUTH_SECRET_PREVIOUS is set: run npm run secrets:rotate, then remove it (docs/deploy.md)',
    );
  }

  // Scheduled work (autopay daily and per credit, reminders and reconciliation daily, open
  // payments every five minutes, the messages requests did not send every minute, rejecting
  // unpaid orders and deleting expired idempotency keys hourly) runs in whichever process claims
  // it; each run schedules the next.
  const payments = {
    db: database.db,
    gateway: app.cardGateway,
    sms: app.sms,
    log: app.log,
    fiscalDelivery: app.fiscalDelivery,
  };
  const autopay = { ...payments, rules: app.creditRules };
  const imports = {
    db: database.db,
    storage: app.privateStorage,
    imageHosts: config.importImageHosts,
    // with fiscalisation on, a row putting a product on sale needs its IKPU and package code
    requireFiscalCode: app.fiscalRegister !== null,
    savePicture: async (bytes: Uint8Array, actor: { staffId: number; ip: string | null }) => {
      const pictures = { db: database.db, storage: app.storage };
      return (await uploadPicture(pictures, actor, { bytes, kind: 'product' })).path;
    },
    log: app.log,
  };
  const jobs = createJobRunner({
    db: database.db,
    handlers: {
      [AUTOPAY_JOB]: autopayHandler(autopay),
      [AUTOPAY_CREDIT_JOB]: autopayCreditHandler(autopay),
      [PAYMENT_RECOVERY_JOB]: paymentRecoveryHandler(payments),
      [RECONCILIATION_JOB]: reconciliationHandler(payments),
      [EXPIRE_ORDERS_JOB]: orderExpiryHandler({
        db: database.db,
        sms: app.sms,
        log: app.log,
        paymentHours: config.orderPaymentHours,
      }),
      [IDEMPOTENCY_CLEANUP_JOB]: idempotencyCleanupHandler({ db: database.db, log: app.log }),
      [PICTURES_SWEEP_JOB]: picturesSweepHandler({
        db: database.db,
        storage: app.storage,
        log: app.log,
      }),
      [IMPORT_CHECK_JOB]: importCheckHandler(imports),
      [IMPORT_RUN_JOB]: importRunHandler(imports),
      [MESSAGE_OUTBOX_JOB]: messageOutboxHandler({ db: database.db, sms: app.sms, log: app.log }),
      [PRODUCT_ALERTS_JOB]: productAlertsHandler({ db: database.db, sms: app.sms, log: app.log }),
      [PROMOTION_SEND_JOB]: promotionSendHandler({ db: database.db, sms: app.sms, log: app.log }),
      [FISCAL_REGISTER_JOB]: fiscalRegisterHandler({
        db: database.db,
        register: app.fiscalRegister,
        delivery: app.fiscalDelivery,
        log: app.log,
      }),
      [REVIEW_REQUESTS_JOB]: reviewRequestsHandler({
        db: database.db,
        sms: app.sms,
        log: app.log,
      }),
      [REMINDERS_JOB]: remindersHandler({
        db: database.db,
        sms: app.sms,
        log: app.log,
        publicUrl: config.publicUrl,
      }),
    },
    log: app.log,
    observe: (run) => metrics.jobRun(run),
  });
  app.readiness.jobs = jobs;
  await scheduleAutopay(database.db, tashkentDay(new Date()));
  await scheduleOrderExpiry(database.db, new Date());
  await scheduleIdempotencyCleanup(database.db, new Date());
  await schedulePicturesSweep(database.db, new Date());
  await schedulePaymentRecovery(database.db, new Date());
  await scheduleMessageOutbox(database.db, new Date());
  await scheduleFiscalRegister(database.db, new Date());
  await scheduleReminders(database.db, tashkentDay(new Date()));
  await scheduleReviewRequests(database.db, new Date());
  await scheduleReconciliation(database.db, tashkentDay(new Date()));
  jobs.start({ intervalMs: 60_000 });
  importJobsDue.on('due', () => {
    jobs.runDue().catch((err) => app.log.error({ err }, 'could not run the import jobs now'));
  });
  // a product change that makes alerts due announces it (migration 0039): they go out at once
  const stopAlerts = await database.listen(PRODUCT_ALERTS_CHANNEL, {
    message: () => {
      jobs.runDue().catch((err) => app.log.error({ err }, 'could not run the alerts job now'));
    },
    listening: () => {},
    lost: () => {},
  });

  // webhook: tell Telegram where to post; polling (development): ask it, until shut down
  const stopBot = await startTelegramBot({
    db: database.db,
    telegram: app.telegram,
    publicUrl: config.publicUrl,
    log: app.log,
  });

  let closing = false;
  let connections: Awaited<ReturnType<typeof takeConnections>> | undefined;
  /**
   * Stops taking requests, lets those in flight and the running jobs finish (up to the timeout),
   * closes the database so every acknowledged write is on disk, then exits 0.
   */
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // readiness fails first, so a balancer stops sending before the port closes
    app.readiness.draining = true;
    if (config.shutdownDrainMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    const timer = setTimeout(() => {
      app.log.error('requests still running after the shutdown timeout; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await backups?.close();
    await app.close();
    await connections?.drain();
    await stopAlerts();
    await jobs.stop();
    await stopBot();
    await database.close();
    redis?.disconnect();
    app.log.info('stopped');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (cluster.isWorker) {
    // the primary listens on the port and hands this process its share of connections
    connections = await takeConnections(app);
    // the primary listens on PORT; with PORT=0 its port is not known here, and none is announced
    if (config.port !== 0) await backups?.announce(config.port);
    return;
  }
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  if (address && typeof address === 'object') await backups?.announce(address.port);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Bozor is running on http://${shown}:${config.port} (node ${process.version})`);
}
