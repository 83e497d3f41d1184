import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** What a repository method runs on: the database or an open transaction. */
export type Executor = Database | Transaction;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a lock no other process can hold at the same time: PostgreSQL's
   * session advisory lock on `key`, on a connection kept for it. An embedded database belongs
   * to one process, so there the callers of one database simply take turns.
   */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string }
  /** dataDir undefined keeps the embedded database in memory. */
  | { dataDir: string | undefined; pglite?: PGlite };

/** Extensions the migrations use; a PostgreSQL server ships them in its contrib package. */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** The last holder of each lock of each embedded database, for the next caller to wait on. */
const turns = new WeakMap<PGlite, Map<number, Promise<unknown>>>();

function takeTurns<T>(client: PGlite, key: number, fn: () => Promise<T>): Promise<T> {
  let locks = turns.get(client);
  if (!locks) {
    locks = new Map();
    turns.set(client, locks);
  }
  const run = (locks.get(key) ?? Promise.resolve()).then(fn);
  const settled = run.catch(() => {});
  locks.set(key, settled);
  void settled.then(() => {
    if (locks.get(key) === settled) locks.delete(key);
  });
  return run;
}

/** PostgreSQL server when a URL is given, embedded PGlite otherwise — same schema, same queries. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) is replaced by
    // the pool on the next query; unheard, its error would stop the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () =>
        migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      withAdvisoryLock: async (key, fn) => {
        const connection = await pool.connect();
        let broken = false;
        try {
          await connection.query('select pg_advisory_lock($1)', [key]);
          return await fn();
        } finally {
          // a connection that cannot unlock is closed instead: its session's locks end with it
          await connection.query('select pg_advisory_unlock($1)', [key]).catch(() => {
            broken = true;
          });
          connection.release(broken);
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.pglite ?? new PGlite(options.dataDir, PGLITE_OPTIONS);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    withAdvisoryLock: (key, fn) => takeTurns(client, key, fn),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
