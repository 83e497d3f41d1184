import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppOptions, buildApp } from '../../src/app.ts';
import type { Database, DatabaseHandle } from '../../src/db/client.ts';
import { openTestDatabase } from './database.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
}

/** Builds the app on a fresh database once for the test file and closes both after it. */
export function useTestApp(options: Omit<AppOptions, 'database'> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await openTestDatabase();
    ctx.db = ctx.database.db;
    ctx.app = await buildApp({ ...options, database: ctx.database });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}
