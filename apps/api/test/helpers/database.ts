import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject, it } from 'vitest';
import {
  type Database,
  type DatabaseHandle,
  openDatabase,
  PGLITE_OPTIONS,
} from '../../src/db/client.ts';
import { withDatabase } from '../global-setup.ts';

/** The prepared template's data directory, read once per worker (the files share its modules). */
let templateDump: Blob | undefined;
const reconnects = new WeakMap<DatabaseHandle, () => DatabaseHandle>();
const urls = new WeakMap<DatabaseHandle, string>();

/** The URL of a test database on PostgreSQL (for pg_dump); undefined on PGlite. */
export function databaseUrlOf(database: DatabaseHandle): string | undefined {
  return urls.get(database);
}

/**
 * Another handle on a test database, with connections of its own as a second API process would
 * have (on PGlite, the same embedded database); closing it leaves the database open.
 */
export function connectAgain(database: DatabaseHandle): DatabaseHandle {
  const connect = reconnects.get(database);
  if (!connect) throw new Error('connectAgain takes a database from openTestDatabase()');
  return connect();
}

/** A migrated, empty database of this test file's own: PGlite by default, PostgreSQL in CI. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `bozor_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const handle = openDatabase({ url: withDatabase(url, name) });
    const database = {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
    reconnects.set(database, () => openDatabase({ url: withDatabase(url, name) }));
    urls.set(database, withDatabase(url, name));
    return database;
  }
  templateDump ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: templateDump });
  const database = openDatabase({ dataDir: undefined, pglite: client });
  reconnects.set(database, () => ({
    ...openDatabase({ dataDir: undefined, pglite: client }),
    close: async () => {},
  }));
  return database;
}

/**
 * Declares a test of concurrent requests. PGlite runs one query at a time, so such a test can only
 * fail on PostgreSQL: the API tests run a second time with TEST_DATABASE_URL in `.ci/run` for it.
 */
export function itRaces(name: string, fn: () => Promise<void>): void {
  it(`${name} [race: can fail only on PostgreSQL]`, fn);
}

/** Every row of every table as JSON text: what a leaked dump of the database would show. */
export async function dumpDatabase(db: Database): Promise<string> {
  const rowsOf = async <T>(query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await rowsOf<{ row: string }>(
      sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
    );
    parts.push(...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/**
 * `db` whose first call of `method` fails, as a connection reset would: a transaction answers a
 * rejected promise, an update throws while its query is built. Every later call goes through.
 */
export function failingOnce<T extends object>(db: T, method: 'transaction' | 'update'): T {
  let broken = true;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === method && broken) {
        broken = false;
        return method === 'transaction'
          ? () => Promise.reject(new Error('connection reset'))
          : () => {
              throw new Error('connection reset');
            };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
