import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type FiscalCode, IKPU_PATTERN, PACKAGE_CODE_PATTERN } from '@bozor/shared';
import { z } from 'zod';
// The cluster's primary loads this file and none of the app, and the storefront's journeys reach
// it through providers/: the seller and the scoring modes come from their own files, which
// import nothing, not through their modules' index.ts
import { DEMO_SELLER, type Seller } from './modules/contracts/seller.ts';
import { SCORING_MODES, type ScoringMode } from './modules/scoring/rules.ts';
import type { CreditBureauConfig } from './providers/bureau/index.ts';
import type { FiscalRegisterConfig } from './providers/fiscal/index.ts';
import type { CardGatewayConfig } from './providers/payments/index.ts';
import { type GatewayName, OFFERS_TURNOVER } from './providers/payments/types.ts';
import {
  SIGN_IN_CODE_CHANNELS,
  TELEGRAM_MODES,
  type TelegramConfig,
} from './providers/telegram/config.ts';

/** A placeholder delivery code for development, 17 digits that are no real IKPU. */
const DEMO_DELIVERY_IKPU = '10000000000000000';

/** The development value of AUTH_SECRET; a production start refuses it. */
export const DEVELOPMENT_AUTH_SECRET = 'bozor-development-secret-not-for-production-use';

/** Named address ranges that `TRUST_PROXY` accepts besides addresses and CIDRs. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may name the client in `X-Forwarded-For`: a hop count, or addresses and CIDRs.
 * Unset trusts none, so a client cannot pick the address its limits are counted against.
 */
const TrustProxy = z
  .string()
  .trim()
  .transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count or a comma-separated list of addresses, CIDRs or ${PROXY_RANGES.join('/')}${bad.length ? ` (not: ${bad.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Who may read /metrics without its token: addresses, CIDRs or named ranges; `none` for nobody. */
const MetricsAllow = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    if (value === 'none') return [];
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be none or a comma-separated list of addresses, CIDRs or ${PROXY_RANGES.join('/')}${bad.length ? ` (not: ${bad.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const GATEWAYS = ['sandbox', 'payme', 'click'] as const satisfies readonly GatewayName[];

/** `payme,click`: the shop's card gateways, each once, the first the default for new cards. */
const GatewayList = z.string().transform((value, ctx): GatewayName[] => {
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const known = (entry: string): entry is GatewayName =>
    (GATEWAYS as readonly string[]).includes(entry);
  const bad = list.filter((entry) => !known(entry));
  if (list.length === 0 || bad.length > 0 || new Set(list).size !== list.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of ${GATEWAYS.join(', ')}, each once${bad.length ? ` (not: ${bad.join(', ')})` : ''}`,
    });
    return z.NEVER;
  }
  return list.filter(known);
});

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Exactly `count` digits: a STIR, a bank account, an MFO. */
const digits = (count: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${count}}$`), `must be ${count} digits`);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Milliseconds after which an answer is logged as slow, with the request's detail. */
  LOG_SLOW_MS: z.coerce.number().int().min(1).max(600_000).default(1_000),
  /** Who reads /metrics without METRICS_TOKEN (the client's address as TRUST_PROXY makes it). */
  METRICS_ALLOW: MetricsAllow.default(['loopback']),
  /** A bearer token that reads /metrics from any address. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** postgres://… selects a PostgreSQL server; unset keeps the embedded database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * Connections each API process keeps to the PostgreSQL server (db/client.ts says why 2 by
   * default). At least 2: preparing the database holds a lock on one while it migrates on another.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).optional(),
  /** Where the embedded database keeps its files. */
  DATA_DIR: z.string().min(1).default('./data/db'),
  /** Seed the demo catalogue on start when the database has none; off by default in production. */
  SEED_ON_START: booleanFlag.optional(),
  TRUST_PROXY: TrustProxy.optional(),
  /**
   * The card gateways, first the default that binds new cards (`payme,click`): `sandbox`
   * (deterministic test cards, refused in production), `payme` (Payme Subscribe API), `click`
   * (Click Merchant API). A card pays through the gateway that bound it.
   */
  PAYMENT_GATEWAYS: GatewayList.optional(),
  /** One gateway, as PAYMENT_GATEWAYS was set before there were several. */
  PAYMENT_GATEWAY: z.enum(GATEWAYS).optional(),
  PAYME_BASE_URL: z.url().default('https://checkout.paycom.uz/api'),
  PAYME_MERCHANT_ID: z.string().min(1).optional(),
  PAYME_KEY: z.string().min(1).optional(),
  /** Milliseconds a call to Payme may take before its answer counts as lost. */
  PAYME_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Where fiscal receipts are registered (DESIGN §6c): `ofd` (a virtual cash register's API,
   * the production default), `sandbox` (checks receipts, registers nothing; refused in
   * production) or `off` (receipts wait unregistered, and products publish without an IKPU).
   */
  FISCAL_REGISTER: z.enum(['off', 'sandbox', 'ofd']).optional(),
  FISCAL_OFD_URL: z.url({ protocol: /^https?$/ }).optional(),
  FISCAL_OFD_TOKEN: z.string().min(1).optional(),
  /**
   * The classifier's code delivery is sold under (its IKPU, package code and VAT rate, from
   * tasnif.soliq.uz): a receipt's delivery line. Placeholders outside production.
   */
  FISCAL_DELIVERY_IKPU: z.string().regex(IKPU_PATTERN).optional(),
  FISCAL_DELIVERY_PACKAGE_CODE: z.string().regex(PACKAGE_CODE_PATTERN).optional(),
  FISCAL_DELIVERY_VAT_PERCENT: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(12)]))
    .default(12),
  /** Milliseconds a call to the register may take before it is tried again later. */
  FISCAL_OFD_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  CLICK_BASE_URL: z.url().default('https://api.click.uz/v2/merchant'),
  CLICK_SERVICE_ID: z.coerce.number().int().min(1).optional(),
  /** The merchant's id at Click: its cabinet and payment button name it; API calls do not. */
  CLICK_MERCHANT_ID: z.string().trim().min(1).optional(),
  CLICK_MERCHANT_USER_ID: z.string().trim().min(1).optional(),
  CLICK_SECRET_KEY: z.string().min(1).optional(),
  /** Milliseconds a call to Click may take before its answer counts as lost. */
  CLICK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * The private files without S3 (scoring's face images, spreadsheets being imported): never
   * under the storefront's public files.
   */
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  /**
   * Hosts the products spreadsheet may name pictures on (`cdn.supplier.uz,img.example.com`): their
   * https URLs are fetched, any other URL is refused. Empty: no picture is fetched.
   */
  IMPORT_IMAGE_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/,
            'must be host names separated by commas (cdn.example.uz), without https:// or a path',
          ),
      ),
    )
    .default([]),
  /** Where the shop's uploaded pictures are kept without S3: beside the database's folder by default. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** An S3-compatible bucket for the pictures instead of MEDIA_DIR (all of S3_* or none). */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (a-z, 0-9, dots, dashes)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Where browsers read the bucket (a CDN); the API passes the files on when unset. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The bucket of the private files (same endpoint and keys), which browsers must not read; under
   * `private/` in S3_BUCKET when unset.
   */
  S3_PRIVATE_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (a-z, 0-9, dots, dashes)')
    .optional(),
  /**
   * `auto` decides scoring from the card's turnover and the credit bureau; `review` queues it for
   * a credit officer. By default `review` when the card gateway offers no turnover (Payme) or
   * there is no bureau, `auto` with the sandboxes.
   */
  SCORING_MODE: z.enum(SCORING_MODES).optional(),
  /**
   * Where scoring reads credit history: `sandbox` (deterministic test persons, refused in
   * production) or `none`, the default in production until a real bureau is connected.
   */
  CREDIT_BUREAU: z.enum(['sandbox', 'none']).optional(),
  /** Days after a rejected scoring before the customer may try again. */
  SCORING_RETRY_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** The largest first limit of a customer with no credit history, in sum. */
  SCORING_FIRST_LIMIT_CAP: z.coerce.number().int().min(0).max(1_000_000_000).default(10_000_000),
  /** Days after its due date before an unpaid installment is overdue and charged its penalty. */
  GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  /** The one penalty of an overdue installment, in percent of it (capped by DESIGN §4). */
  PENALTY_PERCENT: z.coerce.number().min(0).max(50).default(1),
  /** Hours an order may wait for its up-front payment (or its contract's signing) before the shop rejects it and its stock goes back on sale. */
  ORDER_PAYMENT_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /**
   * Sign-in codes one client address may ask for an hour. Mobile operators put many customers
   * behind one address, so a shop behind such traffic may raise it.
   */
  SIGN_IN_CODES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** How long requests in flight may run on after SIGTERM, in milliseconds. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * Milliseconds between SIGTERM and closing the port, while /readyz already fails and everything
   * else is still served: long enough for the balancer to see it (its interval times its threshold).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** The shop's address as customers see it, for robots.txt and the sitemaps. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine(
      (value) => /^https?:\/\/[^/?#]+\/?$/.test(value),
      'must be an origin, e.g. https://bozor.uz',
    )
    .transform((value) => new URL(value).origin)
    .optional(),
  /** `off` answers every catalogue read from the database (benchmarks compare both). */
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  /** Megabytes of catalogue answers each API process keeps in memory; 0 keeps none. */
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(65_536).default(64),
  /** API processes sharing the port with a PostgreSQL server; the number of cores when unset. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** The built storefront served on the same port when it has been built. */
  WEB_DIST: z.string().default('./apps/web/dist'),
  /** The built back office served at /admin when it has been built. */
  ADMIN_DIST: z.string().default('./apps/admin/dist'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Seals personal data, keys fingerprints and one-time codes' hashes; required in production. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The secret AUTH_SECRET replaces, while `npm run secrets:rotate` moves what it sealed and keyed
   * to the new one: read, never written.
   */
  AUTH_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Bearer token of the back office's money views (reconciliation, payments that need
   * attention) until staff accounts exist; those routes are absent without it.
   */
  OPS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** `log` writes messages to the log and the dev outbox; `eskiz` sends them through Eskiz.uz. */
  SMS_PROVIDER: z.enum(['log', 'eskiz']).optional(),
  ESKIZ_BASE_URL: z.url().default('https://notify.eskiz.uz'),
  ESKIZ_EMAIL: z.string().min(1).optional(),
  ESKIZ_PASSWORD: z.string().min(1).optional(),
  /** Sender name registered with Eskiz. */
  ESKIZ_FROM: z.string().min(1).default('4546'),
  /** The seller every contract names (the footer shows name, STIR and address). */
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  SELLER_TIN: digits(9).optional(),
  SELLER_ADDRESS: z.string().trim().min(1).max(300).optional(),
  SELLER_BANK: z.string().trim().min(1).max(200).optional(),
  SELLER_ACCOUNT: digits(20).optional(),
  SELLER_MFO: digits(5).optional(),
  /**
   * The Telegram bot: off, sandbox (in memory, development's default), polling (getUpdates,
   * development only) or webhook (production's default when TELEGRAM_BOT_TOKEN is set).
   */
  TELEGRAM_MODE: z.enum(TELEGRAM_MODES).optional(),
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{30,}$/, 'must be a bot token from @BotFather (digits:secret)')
    .optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .transform((v) => v.replace(/^@/, ''))
    .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "must be the bot's username"))
    .optional(),
  /** Telegram's secret_token: 1-256 of A-Z, a-z, 0-9, _ and -; at least 32 here. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,256}$/, 'must be 32 to 256 of A-Z, a-z, 0-9, _ and -')
    .optional(),
  TELEGRAM_GATEWAY_TOKEN: z.string().min(1).optional(),
  TELEGRAM_GATEWAY_URL: z.url().default('https://gatewayapi.telegram.org'),
  TELEGRAM_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(3_000),
  SIGN_IN_CODE_CHANNEL: z.enum(SIGN_IN_CODE_CHANNELS).default('sms'),
});

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

const SELLER_VARIABLES = [
  'SELLER_NAME',
  'SELLER_TIN',
  'SELLER_ADDRESS',
  'SELLER_BANK',
  'SELLER_ACCOUNT',
  'SELLER_MFO',
] as const;

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  /** LOG_SLOW_MS */
  logSlowMs: number;
  /** METRICS_ALLOW (addresses, CIDRs, named ranges; empty for nobody) and METRICS_TOKEN. */
  metrics: { allow: string[]; token: string | undefined };
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE; undefined keeps the database client's default. */
  databasePoolSize: number | undefined;
  dataDir: string;
  seedOnStart: boolean;
  webDist: string | undefined;
  adminDist: string;
  /** PUBLIC_URL: the origin robots.txt and the sitemaps name; the request's when unset. */
  publicUrl: string | undefined;
  redisUrl: string | undefined;
  /** Proxies whose `X-Forwarded-For` names the client: none, a hop count, or addresses. */
  trustProxy: false | number | string[];
  shutdownTimeoutMs: number;
  /** SHUTDOWN_DRAIN_MS */
  shutdownDrainMs: number;
  /** Bytes of catalogue answers kept per process; 0 when the cache is off. */
  responseCacheBytes: number;
  /** API processes: WEB_CONCURRENCY (cores by default) with PostgreSQL, 1 with the embedded one. */
  webConcurrency: number;
  signInCodesPerAddress: number;
  /** Unset outside production: the app then uses its development secret. */
  authSecret: string | undefined;
  /** AUTH_SECRET_PREVIOUS: what was sealed or keyed with it is still read. */
  authSecretPrevious: string | undefined;
  /** OPS_TOKEN */
  opsToken: string | undefined;
  /** FISCAL_REGISTER and its FISCAL_OFD_* settings. */
  fiscalRegister: FiscalRegisterConfig;
  /** FISCAL_DELIVERY_*: the code a receipt's delivery line is sold under. */
  fiscalDelivery: FiscalCode;
  /** PAYMENT_GATEWAYS (or PAYMENT_GATEWAY) with their settings, the default first. */
  cardGateways: CardGatewayConfig[];
  /** IMPORT_IMAGE_HOSTS: the hosts whose picture URLs a spreadsheet import fetches. */
  importImageHosts: string[];
  /** MEDIA_DIR, or the S3_* bucket: where uploaded pictures are kept. */
  storage:
    | { provider: 'local'; dir: string }
    | {
        provider: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl: string | undefined;
      };
  /**
   * UPLOAD_DIR, or with S3_* the bucket S3_PRIVATE_BUCKET (else `private/` in S3_BUCKET): where
   * face images and spreadsheets being imported are kept, read by the API only.
   */
  privateStorage:
    | { provider: 'local'; dir: string }
    | {
        provider: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        prefix: string | undefined;
      };
  scoring: { mode: ScoringMode; retryDays: number; firstLimitCap: number };
  /** CREDIT_BUREAU */
  creditBureau: CreditBureauConfig;
  credits: { graceDays: number; penaltyPercent: number };
  /** ORDER_PAYMENT_HOURS */
  orderPaymentHours: number;
  sms:
    | { provider: 'log' }
    | { provider: 'eskiz'; baseUrl: string; email: string; password: string; from: string };
  /** SELLER_*: the demo seller outside production when none is set. */
  seller: Seller;
  /** TELEGRAM_*, SIGN_IN_CODE_CHANNEL: the bot and the code gateway. */
  telegram: TelegramConfig;
};

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * The bot and the code gateway. Nothing reaches Telegram unless asked: development runs the
 * in-memory sandbox, tests and a production without TELEGRAM_BOT_TOKEN no bot at all.
 */
function telegramConfig(
  e: z.infer<typeof EnvSchema>,
  production: boolean,
  problems: string[],
): TelegramConfig {
  const mode =
    e.TELEGRAM_MODE ??
    (production
      ? e.TELEGRAM_BOT_TOKEN
        ? 'webhook'
        : 'off'
      : e.NODE_ENV === 'test'
        ? 'off'
        : 'sandbox');
  const real = mode === 'polling' || mode === 'webhook';
  if (real && !e.TELEGRAM_BOT_TOKEN) problems.push(`TELEGRAM_BOT_TOKEN: required for ${mode}`);
  if (real && !e.TELEGRAM_BOT_USERNAME) {
    problems.push(`TELEGRAM_BOT_USERNAME: required for ${mode}`);
  }
  if (production && (mode === 'polling' || mode === 'sandbox')) {
    problems.push(`TELEGRAM_MODE: ${mode} is for development; use webhook`);
  }
  if (mode === 'webhook' && !e.TELEGRAM_WEBHOOK_SECRET) {
    problems.push('TELEGRAM_WEBHOOK_SECRET: required for webhook');
  }
  if (mode === 'webhook' && !e.PUBLIC_URL?.startsWith('https://')) {
    problems.push("PUBLIC_URL: webhook needs the shop's https address (Telegram posts to it)");
  }
  const gateway: TelegramConfig['gateway'] = e.TELEGRAM_GATEWAY_TOKEN
    ? { provider: 'api', baseUrl: e.TELEGRAM_GATEWAY_URL, token: e.TELEGRAM_GATEWAY_TOKEN }
    : mode === 'sandbox'
      ? { provider: 'sandbox' }
      : { provider: 'off' };
  if (e.SIGN_IN_CODE_CHANNEL === 'telegram-first' && gateway.provider === 'off') {
    problems.push('SIGN_IN_CODE_CHANNEL: telegram-first needs TELEGRAM_GATEWAY_TOKEN');
  }
  return {
    mode,
    apiUrl: e.TELEGRAM_API_URL,
    botToken: e.TELEGRAM_BOT_TOKEN ?? '',
    botUsername: e.TELEGRAM_BOT_USERNAME ?? (mode === 'sandbox' ? 'bozor_sandbox_bot' : ''),
    webhookSecret: e.TELEGRAM_WEBHOOK_SECRET ?? '',
    gateway,
    gatewayTimeoutMs: e.TELEGRAM_GATEWAY_TIMEOUT_MS,
    codeChannel: e.SIGN_IN_CODE_CHANNEL,
  };
}

/** Parses the environment once; every bad variable is listed, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const smsProvider = e.SMS_PROVIDER ?? (production ? 'eskiz' : 'log');
  const problems: string[] = [];
  if (production && !e.AUTH_SECRET) problems.push('AUTH_SECRET: required in production');
  if (production && e.AUTH_SECRET === DEVELOPMENT_AUTH_SECRET) {
    problems.push('AUTH_SECRET: the development value cannot be used in production');
  }
  if (e.AUTH_SECRET_PREVIOUS !== undefined && !e.AUTH_SECRET) {
    problems.push('AUTH_SECRET_PREVIOUS: needs AUTH_SECRET, the secret that replaces it');
  } else if (e.AUTH_SECRET_PREVIOUS !== undefined && e.AUTH_SECRET_PREVIOUS === e.AUTH_SECRET) {
    problems.push('AUTH_SECRET_PREVIOUS: must differ from AUTH_SECRET (it is the secret replaced)');
  }
  if (smsProvider === 'eskiz' && !e.ESKIZ_EMAIL) problems.push('ESKIZ_EMAIL: required for eskiz');
  if (smsProvider === 'eskiz' && !e.ESKIZ_PASSWORD) {
    problems.push('ESKIZ_PASSWORD: required for eskiz');
  }
  const gatewaysName = e.PAYMENT_GATEWAYS ? 'PAYMENT_GATEWAYS' : 'PAYMENT_GATEWAY';
  if (
    e.PAYMENT_GATEWAYS &&
    e.PAYMENT_GATEWAY &&
    e.PAYMENT_GATEWAYS.join(',') !== e.PAYMENT_GATEWAY
  ) {
    problems.push(
      'PAYMENT_GATEWAY: set PAYMENT_GATEWAYS alone (PAYMENT_GATEWAY is its one-gateway form)',
    );
  }
  const gateways: GatewayName[] = e.PAYMENT_GATEWAYS ?? [
    e.PAYMENT_GATEWAY ?? (production ? 'payme' : 'sandbox'),
  ];
  if (production && gateways.includes('sandbox')) {
    problems.push(`${gatewaysName}: the sandbox cannot take payments in production`);
  }
  if (gateways.includes('payme')) {
    if (!e.PAYME_MERCHANT_ID) problems.push('PAYME_MERCHANT_ID: required for payme');
    if (!e.PAYME_KEY) problems.push('PAYME_KEY: required for payme');
  }
  if (gateways.includes('click')) {
    if (!e.CLICK_SERVICE_ID) problems.push('CLICK_SERVICE_ID: required for click');
    if (!e.CLICK_MERCHANT_USER_ID) problems.push('CLICK_MERCHANT_USER_ID: required for click');
    if (!e.CLICK_SECRET_KEY) problems.push('CLICK_SECRET_KEY: required for click');
  }
  const fiscal = e.FISCAL_REGISTER ?? (production ? 'ofd' : 'sandbox');
  if (production && fiscal === 'sandbox') {
    problems.push('FISCAL_REGISTER: the sandbox registers no receipt with the tax committee');
  }
  if (fiscal === 'ofd' && !e.FISCAL_OFD_URL) problems.push('FISCAL_OFD_URL: required for ofd');
  if (fiscal === 'ofd' && !e.FISCAL_OFD_TOKEN) {
    problems.push('FISCAL_OFD_TOKEN: required for ofd');
  }
  if (
    production &&
    fiscal === 'ofd' &&
    (!e.FISCAL_DELIVERY_IKPU || !e.FISCAL_DELIVERY_PACKAGE_CODE)
  ) {
    problems.push(
      'FISCAL_DELIVERY_IKPU, FISCAL_DELIVERY_PACKAGE_CODE: required for ofd in production',
    );
  }
  const bureau = e.CREDIT_BUREAU ?? (production ? 'none' : 'sandbox');
  if (production && bureau === 'sandbox') {
    problems.push('CREDIT_BUREAU: the sandbox cannot judge real customers in production');
  }
  // an automatic decision without credit history would approve blindly
  const scoringMode =
    e.SCORING_MODE ??
    (gateways.every((g) => OFFERS_TURNOVER[g]) && bureau !== 'none' ? 'auto' : 'review');
  if (scoringMode === 'auto' && bureau === 'none') {
    problems.push('SCORING_MODE: auto needs a credit bureau (CREDIT_BUREAU); use review');
  }
  // all or none: a contract never names a real seller with the demo one's bank account
  const sellerSet = SELLER_VARIABLES.filter((name) => e[name] !== undefined);
  if (production || sellerSet.length > 0) {
    for (const name of SELLER_VARIABLES) {
      if (e[name] !== undefined) continue;
      problems.push(
        `${name}: required ${production ? 'in production' : 'with the other SELLER_* variables'}`,
      );
    }
  }
  // all or none: half a bucket's settings would quietly keep pictures on the server's disk
  const s3Set = S3_VARIABLES.filter((name) => e[name] !== undefined);
  if (s3Set.length > 0) {
    for (const name of S3_VARIABLES) {
      if (e[name] === undefined) problems.push(`${name}: required with the other S3_* variables`);
    }
  } else {
    if (e.S3_PUBLIC_URL !== undefined) {
      problems.push('S3_PUBLIC_URL: needs S3_ENDPOINT, S3_BUCKET and the S3 keys');
    }
    if (e.S3_PRIVATE_BUCKET !== undefined) {
      problems.push('S3_PRIVATE_BUCKET: needs S3_ENDPOINT, S3_BUCKET and the S3 keys');
    }
  }
  // face images must never be where browsers read: a bucket with a public address is not theirs
  if (s3Set.length > 0 && e.S3_PUBLIC_URL !== undefined && e.S3_PRIVATE_BUCKET === undefined) {
    problems.push(
      'S3_PRIVATE_BUCKET: required with S3_PUBLIC_URL (browsers read S3_BUCKET; face images and spreadsheets need a bucket they cannot read)',
    );
  }
  if (e.S3_PRIVATE_BUCKET !== undefined && e.S3_PRIVATE_BUCKET === e.S3_BUCKET) {
    problems.push(
      'S3_PRIVATE_BUCKET: must not be S3_BUCKET (unset, the private files go under private/ in S3_BUCKET)',
    );
  }
  const telegram = telegramConfig(e, production, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    telegram,
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    logSlowMs: e.LOG_SLOW_MS,
    metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN },
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: resolve(e.DATA_DIR),
    seedOnStart: e.SEED_ON_START ?? !production,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    adminDist: resolve(e.ADMIN_DIST),
    publicUrl: e.PUBLIC_URL,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    responseCacheBytes:
      e.RESPONSE_CACHE === 'off' ? 0 : Math.floor(e.RESPONSE_CACHE_MB * 1024 * 1024),
    // the embedded database belongs to the one process that opened its files
    webConcurrency: e.DATABASE_URL ? (e.WEB_CONCURRENCY ?? availableParallelism()) : 1,
    signInCodesPerAddress: e.SIGN_IN_CODES_PER_ADDRESS,
    cardGateways: gateways.map((gateway): CardGatewayConfig => {
      if (gateway === 'payme') {
        return {
          provider: 'payme',
          baseUrl: e.PAYME_BASE_URL,
          merchantId: e.PAYME_MERCHANT_ID ?? '',
          key: e.PAYME_KEY ?? '',
          timeoutMs: e.PAYME_TIMEOUT_MS,
        };
      }
      if (gateway === 'click') {
        return {
          provider: 'click',
          baseUrl: e.CLICK_BASE_URL.replace(/\/+$/, ''),
          serviceId: e.CLICK_SERVICE_ID ?? 0,
          merchantUserId: e.CLICK_MERCHANT_USER_ID ?? '',
          secretKey: e.CLICK_SECRET_KEY ?? '',
          timeoutMs: e.CLICK_TIMEOUT_MS,
        };
      }
      return { provider: 'sandbox' };
    }),
    fiscalRegister:
      fiscal === 'ofd'
        ? {
            provider: 'ofd',
            baseUrl: e.FISCAL_OFD_URL ?? '',
            token: e.FISCAL_OFD_TOKEN ?? '',
            timeoutMs: e.FISCAL_OFD_TIMEOUT_MS,
          }
        : fiscal === 'sandbox'
          ? { provider: 'sandbox', publicUrl: e.PUBLIC_URL ?? '' }
          : { provider: 'off' },
    fiscalDelivery: {
      ikpu: e.FISCAL_DELIVERY_IKPU ?? DEMO_DELIVERY_IKPU,
      packageCode: e.FISCAL_DELIVERY_PACKAGE_CODE ?? '1',
      units: null,
      vatPercent: e.FISCAL_DELIVERY_VAT_PERCENT,
    },
    importImageHosts: e.IMPORT_IMAGE_HOSTS,
    storage:
      s3Set.length > 0
        ? {
            provider: 's3',
            endpoint: e.S3_ENDPOINT ?? '',
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            publicUrl: e.S3_PUBLIC_URL,
          }
        : {
            provider: 'local',
            // beside the embedded database's folder, never inside it: that one is the database's own
            dir: resolve(e.MEDIA_DIR ?? join(dirname(resolve(e.DATA_DIR)), 'media')),
          },
    privateStorage:
      s3Set.length > 0
        ? {
            provider: 's3',
            endpoint: e.S3_ENDPOINT ?? '',
            bucket: e.S3_PRIVATE_BUCKET ?? e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            prefix: e.S3_PRIVATE_BUCKET ? undefined : 'private',
          }
        : { provider: 'local', dir: resolve(e.UPLOAD_DIR) },
    scoring: {
      mode: scoringMode,
      retryDays: e.SCORING_RETRY_DAYS,
      firstLimitCap: e.SCORING_FIRST_LIMIT_CAP,
    },
    creditBureau: { provider: bureau },
    credits: { graceDays: e.GRACE_DAYS, penaltyPercent: e.PENALTY_PERCENT },
    orderPaymentHours: e.ORDER_PAYMENT_HOURS,
    authSecret: e.AUTH_SECRET,
    authSecretPrevious: e.AUTH_SECRET_PREVIOUS,
    opsToken: e.OPS_TOKEN,
    sms:
      smsProvider === 'eskiz'
        ? {
            provider: 'eskiz',
            baseUrl: e.ESKIZ_BASE_URL,
            email: e.ESKIZ_EMAIL ?? '',
            password: e.ESKIZ_PASSWORD ?? '',
            from: e.ESKIZ_FROM,
          }
        : { provider: 'log' },
    seller:
      sellerSet.length > 0
        ? {
            name: e.SELLER_NAME ?? '',
            tin: e.SELLER_TIN ?? '',
            address: e.SELLER_ADDRESS ?? '',
            bank: e.SELLER_BANK ?? '',
            account: e.SELLER_ACCOUNT ?? '',
            mfo: e.SELLER_MFO ?? '',
          }
        : DEMO_SELLER,
  };
}
