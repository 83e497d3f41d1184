import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * Builds the app on a fresh database, with an upload folder of its own, once for the test file
 * and removes all three after it.
 */
export function useTestApp(options: Omit<AppOptions, 'database'> = {}): TestContext {
  const ctx = {} as TestContext;
  let uploadDir: string | undefined;
  beforeAll(async () => {
    ctx.database = await openTestDatabase();
    ctx.db = ctx.database.db;
    uploadDir = mkdtempSync(join(tmpdir(), 'bozor-test-uploads-'));
    ctx.app = await buildApp({ uploadDir, ...options, database: ctx.database });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
  });
  return ctx;
}
