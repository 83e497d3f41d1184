import { createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { PGLITE_OPTIONS } from '../db/client.ts';
import { createPrivateStorage, createStorage } from '../providers/storage/index.ts';
import { contentTypeOf, isKey } from '../providers/storage/types.ts';
import { pgliteVersion } from './backup.ts';
import {
  BackupError,
  eachEntry,
  FACES_PREFIX,
  type FileSum,
  knownMigrations,
  MANIFEST_NAME,
  type Manifest,
  MEDIA_PREFIX,
  parseManifest,
  readEntry,
  summer,
} from './backup-archive.ts';
import { pgRestore, serverVersion } from './backup-postgres.ts';

/** Where a backup is restored to: the database DATABASE_URL names, or the embedded one's folder. */
export type RestoreTarget =
  | { kind: 'postgres'; url: string; pgBinDir?: string | undefined }
  | { kind: 'pglite'; dataDir: string };

export interface RestoreOptions {
  file: string;
  target: RestoreTarget;
  /** Where the pictures go back to: MEDIA_DIR, or the S3 bucket. */
  storage: Config['storage'];
  /** The private store (UPLOAD_DIR or its bucket), where the face images go back to `faces/`. */
  privateStorage: Config['privateStorage'];
  /** Replace a database that already holds Bozor's tables (`--force`). */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  media: number;
  faces: number;
  /** With `--force` on the embedded database: where the data folder it replaced was moved. */
  movedAside?: string | undefined;
  /** What the operator should know (pictures kept in a bucket). */
  notes: string[];
}

/** Whether an entry's name is one a backup writes; a name climbing out of its folder is refused. */
function checkEntryName(file: string, name: string): void {
  const fine =
    name === MANIFEST_NAME ||
    name.startsWith('database/') ||
    (name.startsWith(MEDIA_PREFIX) && isKey(name.slice(MEDIA_PREFIX.length))) ||
    (name.startsWith(FACES_PREFIX) && isKey(faceKey(name)));
  if (!fine)
    throw new BackupError(`${file} is not a Bozor backup: it holds ${JSON.stringify(name)}.`);
}

/** A face image's key in the private store: `uploads/faces/1-….jpg` holds `faces/1-….jpg`. */
const faceKey = (name: string) => `faces/${name.slice(FACES_PREFIX.length)}`;

function sameSum(a: FileSum | undefined, b: FileSum): boolean {
  return a !== undefined && a.size === b.size && a.sha256 === b.sha256;
}

/**
 * Reads the whole backup and checks it: a tar.gz whose entries are a Bozor backup's, ending with a
 * manifest that names each of them with its size and SHA-256, all of which match. The database's
 * dump is copied to `keepDatabaseAt` on the way when given. Nothing else is written.
 */
export async function verifyBackup(file: string, keepDatabaseAt?: string): Promise<Manifest> {
  const seen = new Map<string, FileSum>();
  let manifest: Manifest | undefined;
  let first = true;
  await eachEntry(file, async (entry) => {
    const name = entry.header.name;
    if (first && !name.startsWith('database/')) {
      throw new BackupError(
        `${file} is not a Bozor backup: it does not start with a database dump.`,
      );
    }
    first = false;
    if (manifest) {
      throw new BackupError(`${file} is corrupt: it goes on after its manifest (${name}).`);
    }
    checkEntryName(file, name);
    if (seen.has(name)) throw new BackupError(`${file} is corrupt: it holds ${name} twice.`);
    if (name === MANIFEST_NAME) {
      manifest = parseManifest(file, await readEntry(entry));
      return;
    }
    const sum = summer();
    if (keepDatabaseAt && name.startsWith('database/')) {
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sum.add(chunk);
          callback(null, chunk);
        },
      });
      await pipeline(entry, hashing, createWriteStream(keepDatabaseAt, { mode: 0o600 }));
    } else {
      for await (const chunk of entry) sum.add(chunk as Buffer);
    }
    seen.set(name, sum.done());
  });
  if (!manifest) {
    throw new BackupError(
      seen.size === 0
        ? `${file} is not a Bozor backup: it is empty.`
        : `${file} is truncated or not a Bozor backup: it has no manifest.json at its end.`,
    );
  }
  const { files } = manifest as Manifest;
  for (const [name, sum] of seen) {
    if (!(name in files))
      throw new BackupError(`${file} is corrupt: its manifest does not name ${name}.`);
    if (!sameSum(files[name], sum)) {
      throw new BackupError(
        `${file} is corrupt: ${name} does not match its checksum in the manifest. Use another backup.`,
      );
    }
  }
  for (const name of Object.keys(files)) {
    if (!seen.has(name)) throw new BackupError(`${file} is corrupt: ${name} is missing from it.`);
  }
  if (!seen.has((manifest as Manifest).database.file)) {
    throw new BackupError(`${file} is corrupt: it holds no database dump.`);
  }
  return manifest;
}

/** Refuses a backup this build cannot restore: another kind of database, or a newer Bozor. */
function checkCompatible(file: string, manifest: Manifest, target: RestoreTarget): void {
  const kinds = { postgres: 'a PostgreSQL server', pglite: 'the embedded database' };
  if (manifest.database.kind !== target.kind) {
    throw new BackupError(
      `${file} is a backup of ${kinds[manifest.database.kind]}, and this shop is configured for ${kinds[target.kind]} (${target.kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'}). Restore it into the same kind of database it was taken from.`,
    );
  }
  const known = knownMigrations();
  const newest = Math.max(0, ...known.map((entry) => entry.when));
  const level = manifest.migrations;
  if (
    level.lastCreatedAt > newest ||
    (level.count > 0 && !known.some((e) => e.when === level.lastCreatedAt))
  ) {
    throw new BackupError(
      `${file} was taken by a newer version of Bozor (its database has migration ${level.last ?? level.lastCreatedAt}, which this version does not know). Restore it with that version or a newer one.`,
    );
  }
}

/** Other sessions on the target database: a shop still running on it. */
async function otherSessions(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows[0]?.n ?? 0;
}

/** Tables of Bozor's schemas (`public`, `drizzle`) in the target database. */
async function bozorTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') order by 1",
  );
  return rows.map((row) => row.name);
}

/** Checks a PostgreSQL target before anything is written; with `force`, empties it afterwards. */
async function preparePostgres(
  target: Extract<RestoreTarget, { kind: 'postgres' }>,
  force: boolean,
): Promise<() => Promise<void>> {
  await serverVersion(target.url);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const sessions = await otherSessions(client);
    if (sessions > 0) {
      throw new BackupError(
        `${sessions} other session${sessions === 1 ? ' is' : 's are'} connected to the database at DATABASE_URL: stop the shop (and anything else using that database) before restoring.`,
      );
    }
    const tables = await bozorTables(client);
    if (tables.length > 0 && !force) {
      throw new BackupError(
        `The database at DATABASE_URL is not empty (${tables.length} tables, e.g. ${tables.slice(0, 3).join(', ')}); nothing was changed. Restore into a new empty database (createdb), or add --force to replace what it holds.`,
      );
    }
  } finally {
    await client.end().catch(() => {});
  }
  return async () => {
    const emptying = new pg.Client({ connectionString: target.url });
    await emptying.connect();
    try {
      if ((await bozorTables(emptying)).length === 0) return;
      await emptying.query('begin');
      await emptying.query('drop schema if exists drizzle cascade');
      await emptying.query('drop schema if exists public cascade');
      await emptying.query('create schema public');
      await emptying.query('grant usage on schema public to public');
      await emptying.query('commit');
    } finally {
      await emptying.end().catch(() => {});
    }
  };
}

/** Whether a folder holds anything (a missing folder holds nothing). */
async function holdsFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Checks an embedded target folder before anything is written. */
async function preparePglite(dataDir: string, force: boolean): Promise<boolean> {
  if (!(await holdsFiles(dataDir))) return false;
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database at ${dataDir} is open (its postmaster.pid is there): stop the shop before restoring. If no Bozor process runs, the last one stopped without closing it: start the shop once and stop it, then restore.`,
    );
  }
  if (!force) {
    throw new BackupError(
      `The embedded database folder ${dataDir} (DATA_DIR) is not empty; nothing was changed. Point DATA_DIR at a new folder, or add --force to move the current one aside and restore in its place.`,
    );
  }
  return true;
}

/** Loads the dumped data folder into `dataDir`, which is empty or absent. */
async function loadPglite(manifest: Manifest, dataDir: string, dump: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  let client: PGlite | undefined;
  try {
    client = new PGlite(dataDir, { ...PGLITE_OPTIONS, loadDataDir: await openAsBlob(dump) });
    await client.query('select 1');
  } catch (error) {
    const db = manifest.database;
    const made =
      db.kind === 'pglite' ? `PGlite ${db.pgliteVersion}, PostgreSQL ${db.serverVersion}` : db.kind;
    throw new BackupError(
      `The embedded database of the backup could not be loaded (it was made by ${made}; this version of Bozor runs PGlite ${pgliteVersion()}): ${String(error)}`,
    );
  } finally {
    await client?.close().catch(() => {});
  }
}

/** Writes the pictures and face images back, checking each against the manifest again. */
async function restoreFiles(
  options: RestoreOptions,
  manifest: Manifest,
): Promise<{ media: number; faces: number }> {
  const storage = createStorage(options.storage);
  const privateStorage = createPrivateStorage(options.privateStorage);
  let media = 0;
  let faceCount = 0;
  await eachEntry(options.file, async (entry) => {
    const name = entry.header.name;
    const isMedia = name.startsWith(MEDIA_PREFIX);
    const isFace = name.startsWith(FACES_PREFIX);
    if (!isMedia && !isFace) {
      for await (const _ of entry) {
        // the dump was taken on the first pass
      }
      return;
    }
    checkEntryName(options.file, name);
    const bytes = await readEntry(entry);
    const sum = summer();
    sum.add(bytes);
    if (!sameSum(manifest.files[name], sum.done())) {
      throw new BackupError(`${options.file} changed while it was being restored (${name}).`);
    }
    if (isMedia) {
      const key = name.slice(MEDIA_PREFIX.length);
      await storage.put(key, bytes, contentTypeOf(key));
      media += 1;
    } else {
      const key = faceKey(name);
      await privateStorage.put(key, bytes, contentTypeOf(key));
      faceCount += 1;
    }
  });
  return { media, faces: faceCount };
}

/**
 * Brings a backup back: checks the whole file first (a truncated, corrupt or foreign file is
 * refused), then the target (a database that already holds Bozor's tables is refused unless
 * `force`), and only then writes: the pictures (into MEDIA_DIR or the bucket) and face images
 * (into the private store, wherever it is now: the database names them by key), then the
 * database. Migrations of a newer build run on the shop's next start, as usual; one of them
 * turns an older backup's full paths of face images into keys.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const file = resolve(options.file);
  const force = options.force ?? false;
  const staging = await mkdtemp(join(tmpdir(), 'bozor-restore-'));
  try {
    const dump = join(staging, 'database');
    const manifest = await verifyBackup(file, dump);
    checkCompatible(file, manifest, options.target);

    const { target } = options;
    let emptyPostgres: (() => Promise<void>) | undefined;
    let replacing = false;
    if (target.kind === 'postgres') emptyPostgres = await preparePostgres(target, force);
    else replacing = await preparePglite(target.dataDir, force);

    const restored = await restoreFiles({ ...options, file }, manifest);

    let movedAside: string | undefined;
    if (target.kind === 'postgres') {
      await emptyPostgres?.();
      const dumpedWith =
        manifest.database.kind === 'postgres' ? manifest.database.pgDumpVersion : '0';
      try {
        await pgRestore(target.url, dump, dumpedWith, target.pgBinDir);
      } catch (error) {
        if (force && error instanceof BackupError) {
          throw new BackupError(
            `${error.message}\nWith --force its tables were dropped first: it is now empty. Fix the cause and restore again.`,
          );
        }
        throw error;
      }
    } else {
      if (replacing) {
        movedAside = `${target.dataDir}.replaced-${new Date().toISOString().slice(0, 19).replaceAll(':', '')}Z`;
        await rename(target.dataDir, movedAside);
      }
      try {
        await loadPglite(manifest, target.dataDir, dump);
      } catch (error) {
        await rm(target.dataDir, { recursive: true, force: true });
        if (movedAside) await rename(movedAside, target.dataDir);
        throw error;
      }
    }

    const notes: string[] = [];
    if (manifest.media.note) notes.push(manifest.media.note);
    return { manifest, ...restored, movedAside, notes };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
