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
  };
}
