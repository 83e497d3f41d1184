import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** postgres://… selects a PostgreSQL server; unset keeps the embedded database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Where the embedded database keeps its files. */
  DATA_DIR: z.string().min(1).default('./data/db'),
  /** Seed the demo catalogue on start when the database has none. */
  SEED_ON_START: booleanFlag.default(true),
  /** The built storefront served on the same port when it has been built. */
  WEB_DIST: z.string().default('./apps/web/dist'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Keys the hashes of one-time codes; required in production. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** `log` writes messages to the log and the dev outbox; `eskiz` sends them through Eskiz.uz. */
  SMS_PROVIDER: z.enum(['log', 'eskiz']).optional(),
  ESKIZ_BASE_URL: z.url().default('https://notify.eskiz.uz'),
  ESKIZ_EMAIL: z.string().min(1).optional(),
  ESKIZ_PASSWORD: z.string().min(1).optional(),
  /** Sender name registered with Eskiz. */
  ESKIZ_FROM: z.string().min(1).default('4546'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedOnStart: boolean;
  webDist: string | undefined;
  redisUrl: string | undefined;
  /** Unset outside production: the app then uses its development secret. */
  authSecret: string | undefined;
  sms:
    | { provider: 'log' }
    | { provider: 'eskiz'; baseUrl: string; email: string; password: string; from: string };
};

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
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
  if (smsProvider === 'eskiz' && !e.ESKIZ_EMAIL) problems.push('ESKIZ_EMAIL: required for eskiz');
  if (smsProvider === 'eskiz' && !e.ESKIZ_PASSWORD) {
    problems.push('ESKIZ_PASSWORD: required for eskiz');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    seedOnStart: e.SEED_ON_START,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    redisUrl: e.REDIS_URL,
    authSecret: e.AUTH_SECRET,
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
  };
}
