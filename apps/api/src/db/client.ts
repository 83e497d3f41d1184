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

/** What `DatabaseHandle.listen` reports about one channel. */
export interface ChannelListener {
  /** A notification's payload, once the transaction that sent it has committed. */
  message(payload: string): void;
  /** Listening (again): whatever was sent while not listening has been missed. */
  listening(): void;
  /** The connection that carried the notifications is gone; a new one is on its way. */
  lost(error: unknown): void;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Listens on a `NOTIFY` channel until the returned function is called: on PostgreSQL over a
   * connection of its own (outside the pool), made again after it is lost; on the embedded
   * database through PGlite's own listener. Resolves once the first attempt has settled.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /**
   * Runs `fn` while holding a lock no other process can hold at the same time: PostgreSQL's
   * session advisory lock on `key`, on a connection kept for it. An embedded database belongs
   * to one process, so there the callers of one database simply take turns.
   */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** A PostgreSQL pool's connections (all, idle) and the statements waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * The embedded database's data folder as an uncompressed tarball, taken between two statements
   * after a checkpoint: what a crash at that moment would leave, so it loads with every committed
   * transaction and none still open (ops/backup.ts).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  /** poolSize: connections this process keeps to the server (DATABASE_POOL_SIZE, default 2). */
  | { url: string; poolSize?: number | undefined }
  /** dataDir undefined keeps the embedded database in memory. */
  | { dataDir: string | undefined; pglite?: PGlite };

/**
 * Connections each API process keeps to a PostgreSQL server. A catalogue read keeps its connection
 * for well under a millisecond, so two per process keep the server busy; more only let more
 * statements run at once than the server has cores, and each then waits its turn there instead of
 * in the pool, where the turns are taken in order (with 25 concurrent readers per process, ten
 * connections doubled the slowest answers and gave no more answers a second).
 */
export const DEFAULT_POOL_SIZE = 2;
/**
 * How long a statement waits for a connection before its request fails with 503: far beyond any
 * wait in the pool's queue under load, so reaching it means the server is gone or overwhelmed.
 */
const POOL_WAIT_MS = 10_000;

/**
 * The embedded database lives inside the API process, so its buffers count against that
 * process's memory: 16 MB of shared buffers instead of PostgreSQL's 128 MB (the demo catalogue's
 * hot pages fit; the rest is one read from the operating system's page cache away). It loads the
 * extensions the migrations use, which a PostgreSQL server ships in its contrib package.
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
} satisfies PGliteOptions;

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

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/** LISTEN on a connection of its own, made again (backing off up to 5 s) whenever it is lost. */
async function listenOnServer(
  url: string,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let delay = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;

  const lose = (client: pg.Client, error: unknown) => {
    if (client !== current || stopped) return;
    current = undefined;
    listener.lost(error);
    void client.end().catch(() => {});
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    current = client;
    client.on('notification', (note) => {
      if (note.channel === channel && client === current) listener.message(note.payload ?? '');
    });
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(client, error);
      return;
    }
    if (client === current && !stopped) {
      delay = RECONNECT_FIRST_MS;
      listener.listening();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

/** PostgreSQL server when a URL is given, embedded PGlite otherwise — same schema, same queries. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: POOL_WAIT_MS,
      // The only statements the app names (and so keeps prepared per connection) are a category
      // list's, whose one plan suits every category: planning it once per connection instead of
      // on every page is most of what a page costs the server.
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // An idle connection the server ends (restart, failover, a dropped database) is replaced by
    // the pool on the next query; unheard, its error would stop the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () =>
        migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      listen: (channel, listener) => listenOnServer(options.url, channel, listener),
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
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
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
    listen: async (channel, listener) => {
      const stop = await client.listen(channel, (payload) => listener.message(payload));
      listener.listening();
      return () => stop();
    },
    withAdvisoryLock: (key, fn) => takeTurns(client, key, fn),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    dumpDataDir: async () => {
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
    close: () => client.close(),
  };
}
