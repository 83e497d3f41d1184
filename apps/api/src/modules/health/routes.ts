import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DatabaseHandle, MIGRATIONS_FOLDER } from '../../db/client.ts';

/** What readiness looks at besides the database; serve.ts fills it in. */
export interface Readiness {
  /** Set on SIGTERM: readiness fails at once, so a balancer stops sending before the port closes. */
  draining: boolean;
  /** The scheduled jobs' runner of this process; not looked at when absent (tests). */
  jobs?: { alive(): boolean } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

const Check = z.enum(['ok', 'failed']);
const Status = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z
    .object({
      shutdown: Check,
      database: Check,
      migrations: Check,
      jobs: Check.optional(),
    })
    .optional(),
});

/** When the newest migration of this build was made (drizzle keeps it as `created_at`). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  const entries = journal.entries as { when: number }[];
  return Math.max(0, ...entries.map((entry) => entry.when));
}

/** Whether the database has every migration of this build (or newer ones, from a newer build). */
async function migrationsCurrent(database: DatabaseHandle, newest: number): Promise<boolean> {
  const found = (await database.db.execute(
    sql`select coalesce(max(created_at), 0)::float8 as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { last: number }[] };
  return (found.rows[0]?.last ?? 0) >= newest;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.decorate('readiness', { draining: false } as Readiness);
  const newest = newestMigration();
  // once current, always: a process does not go back to an older schema
  let migrated = false;

  app.get('/healthz', { schema: { hide: true, response: { 200: Status } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: Status, 503: Status } } },
    async (request, reply) => {
      const { draining, jobs } = app.readiness;
      let database: 'ok' | 'failed' = 'ok';
      try {
        await app.database.ping();
        if (!migrated) migrated = await migrationsCurrent(app.database, newest);
      } catch (err) {
        request.log.warn({ err }, 'database is not ready');
        database = 'failed';
      }
      const checks = {
        shutdown: draining ? ('failed' as const) : ('ok' as const),
        database,
        migrations: migrated ? ('ok' as const) : ('failed' as const),
        ...(jobs ? { jobs: jobs.alive() ? ('ok' as const) : ('failed' as const) } : {}),
      };
      const ready = Object.values(checks).every((check) => check === 'ok');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    },
  );
};

/**
 * Liveness and readiness for a load balancer. `/healthz`: the process answers (restart it when
 * it does not). `/readyz`: send it traffic — the database answers, it has this build's
 * migrations, the job runner is alive, and the process is not shutting down (it fails from
 * SIGTERM on, so traffic drains first). Either answers 200 `ok` or 503 `unavailable`, the
 * readiness with what failed.
 */
export const healthRoutes = fp(routes, { name: 'health' });
