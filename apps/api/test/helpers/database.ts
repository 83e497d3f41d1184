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
  const client = idleCopies.pop() ?? (await freshCopy());
  const handle = openDatabase({ dataDir: undefined, pglite: client });
  const stops = new Set<() => Promise<void>>();
  const database: DatabaseHandle = {
    ...handle,
    listen: async (channel, listener) => {
      const stop = await handle.listen(channel, listener);
      const tracked = async () => {
        stops.delete(tracked);
        await stop();
      };
      stops.add(tracked);
      return tracked;
    },
    close: async () => {
      for (const stop of [...stops]) await stop();
      await release(client);
    },
  };
  reconnects.set(database, () => ({
    ...openDatabase({ dataDir: undefined, pglite: client }),
    close: async () => {},
  }));
  return database;
}

/**
 * The embedded copies of the template this worker has open and free: a test file's database,
 * once closed, is emptied back to the template's rows and kept for the next file, which then
 * starts in a few hundred milliseconds instead of loading the template again. A copy whose
 * tables, columns, functions or triggers a test changed is closed instead (`shapeOf`).
 */
const idleCopies: PGlite[] = [];
const IDLE_COPIES_KEPT = 1;

/** What a copy holds as the template does: its rows to write back, sequences and shape. */
interface Snapshot {
  tables: string[];
  rows: { table: string; json: string }[];
  /** One statement setting every sequence back to where the template left it. */
  sequences: string;
  shape: string;
}
let snapshot: Snapshot | undefined;

type Rows<T> = { rows: T[] };
const q = async <T>(client: PGlite, text: string, params: unknown[] = []) =>
  ((await client.query(text, params)) as Rows<T>).rows;
const quoted = (schema: string, name: string) =>
  `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;

/** The tables, columns, functions, triggers, indexes and constraints, as one digest. */
async function shapeOf(client: PGlite): Promise<string> {
  const [row] = await q<{ shape: string }>(
    client,
    `select md5(concat_ws('|',
      (select string_agg(c.oid || ':' || c.relname || ':' || c.relkind::text || ':' || c.relnatts, ',' order by c.oid)
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')),
      (select string_agg(p.oid || ':' || md5(p.prosrc), ',' order by p.oid) from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'),
      (select string_agg(t.oid || ':' || t.tgenabled::text, ',' order by t.oid) from pg_trigger t),
      (select count(*) from pg_constraint),
      (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not a.attisdropped)
    )) as shape`,
  );
  return row?.shape ?? '';
}

/** How many copies of the template this worker has loaded (`test/db/test-databases.test.ts`). */
export let templateCopiesLoaded = 0;

async function freshCopy(): Promise<PGlite> {
  templateCopiesLoaded += 1;
  templateDump ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: templateDump });
  snapshot ??= await snapshotOf(client);
  return client;
}

async function snapshotOf(client: PGlite): Promise<Snapshot> {
  const found = await q<{ schema: string; name: string }>(
    client,
    `select n.nspname as schema, c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle') order by 1, 2`,
  );
  const tables = found.map((t) => quoted(t.schema, t.name));
  const rows: Snapshot['rows'] = [];
  for (const table of tables) {
    const [read] = await q<{ json: string | null }>(
      client,
      `select json_agg(t)::text as json from ${table} t`,
    );
    if (read?.json) rows.push({ table, json: read.json });
  }
  const sequences = await q<{ name: string; value: string; called: boolean }>(
    client,
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
      coalesce(last_value, start_value)::text as value, last_value is not null as called
      from pg_sequences`,
  );
  const setvals = sequences.map(
    (s) => `setval('${s.name.replaceAll("'", "''")}', ${s.value}, ${s.called})`,
  );
  return { tables, rows, sequences: `select ${setvals.join(', ')}`, shape: await shapeOf(client) };
}

/** Empties a closed test database back to the template's rows, or closes it for good. */
async function release(client: PGlite): Promise<void> {
  if (client.closed) return;
  const kept = snapshot;
  if (!kept || idleCopies.length >= IDLE_COPIES_KEPT) {
    await client.close();
    return;
  }
  try {
    await client.exec('rollback');
    await client.exec('select pg_advisory_unlock_all()');
    if ((await shapeOf(client)) !== kept.shape) throw new Error('the test changed the schema');
    const marks = kept.tables.map(
      (table, i) => `select ${i} as i where exists (select from ${table})`,
    );
    const written = await q<{ i: number }>(client, marks.join(' union all '));
    // triggers (the audit log's guard among them) and foreign keys are the template's already
    await client.exec('set session_replication_role = replica');
    if (written.length > 0) {
      // cascade: a written table empties the tables that refer to it, written or not
      const tables = written.map((w) => kept.tables[w.i] as string);
      await client.exec(`truncate ${tables.join(', ')} cascade`);
    }
    for (const { table, json } of kept.rows) {
      await client.query(
        `insert into ${table} select * from json_populate_recordset(null::${table}, $1)
          where not exists (select from ${table})`,
        [json],
      );
    }
    await client.exec(kept.sequences);
    await client.exec('discard all');
    idleCopies.push(client);
  } catch {
    await client.close();
  }
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
