import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Pack, pack as tarPack } from 'tar-stream';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { checkKey } from '../providers/storage/types.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  backupFileName,
  FACES_PREFIX,
  type FileSum,
  MANIFEST_NAME,
  type Manifest,
  MEDIA_PREFIX,
  type MigrationLevel,
  PGLITE_DUMP_NAME,
  POSTGRES_DUMP_NAME,
  readMigrationLevel,
  summer,
} from './backup-archive.ts';
import { pgDump } from './backup-postgres.ts';

/** The embedded database's files as its owner took them, with what the manifest says of them. */
export interface EmbeddedDump {
  tar: Blob;
  migrations: MigrationLevel;
  serverVersion: string;
  takenBy: 'running shop' | 'backup command';
}

/** Where the database of a backup comes from. */
export type BackupSource =
  | { kind: 'postgres'; url: string; pgBinDir?: string | undefined }
  | { kind: 'pglite'; dump: () => Promise<EmbeddedDump> };

export interface BackupOptions {
  source: BackupSource;
  /** Where the pictures are: a folder's files go into the backup, a bucket's do not. */
  storage: Config['storage'];
  /** UPLOAD_DIR: its `faces/` go into the backup; none when undefined. */
  uploadDir: string | undefined;
  /** The folder the backup file is written to (BACKUP_DIR, `--out`). */
  outDir: string;
  now?: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** The version of the PGlite package this build runs. */
export function pgliteVersion(): string {
  // the package exports no package.json; its entry is dist/index.js beside it
  const entry = import.meta.resolve('@electric-sql/pglite');
  const file = new URL('../package.json', entry);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * The embedded database's dump, taken by the process that has it open: its migration level, then
 * its files after a checkpoint (client.ts says why that is consistent).
 */
export async function dumpEmbedded(
  database: DatabaseHandle,
  takenBy: EmbeddedDump['takenBy'],
): Promise<EmbeddedDump> {
  if (database.kind !== 'pglite' || !database.dumpDataDir) {
    throw new BackupError(
      'Only the embedded database is dumped this way; PostgreSQL uses pg_dump.',
    );
  }
  const migrations = await readMigrationLevel(database.db);
  const version = (await database.db.execute(
    sql`select current_setting('server_version') as version`,
  )) as unknown as { rows: { version: string }[] };
  const tar = await database.dumpDataDir();
  return { tar, migrations, serverVersion: version.rows[0]?.version ?? 'unknown', takenBy };
}

/** Files under `dir` (relative paths with `/`), leaving out writes still under way (`….part`). */
async function filesUnder(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const name of names.sort()) {
    if (name.endsWith('.part')) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info?.isFile()) files.push(name.split(sep).join('/'));
  }
  return files;
}

/** Adds one entry of known bytes and waits until the archive has taken it. */
function addBytes(pack: Pack, name: string, bytes: Buffer, mtime: Date): Promise<void> {
  return new Promise((done, fail) => {
    pack.entry({ name, size: bytes.length, mtime, mode: 0o600 }, bytes, (error) =>
      error ? fail(error) : done(),
    );
  });
}

/** Streams a file into the archive as `name`, hashing what it sends. */
async function addFile(pack: Pack, name: string, path: string): Promise<FileSum> {
  const info = await stat(path);
  const sum = summer();
  const entry = pack.entry({ name, size: info.size, mtime: info.mtime, mode: 0o600 });
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sum.add(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(createReadStream(path), hashing, entry);
  return sum.done();
}

/** Writes the database's dump into `file`, answering what the manifest says of it. */
async function dumpDatabase(
  source: BackupSource,
  file: string,
): Promise<{ migrations: MigrationLevel; database: Manifest['database'] }> {
  if (source.kind === 'postgres') {
    const { openDatabase } = await import('../db/client.ts');
    const handle = openDatabase({ url: source.url });
    let migrations: MigrationLevel;
    try {
      migrations = await readMigrationLevel(handle.db);
    } catch (error) {
      throw new BackupError(`Could not read the database at DATABASE_URL: ${String(error)}`);
    } finally {
      await handle.close();
    }
    const versions = await pgDump(source.url, file, source.pgBinDir);
    return {
      migrations,
      database: { kind: 'postgres', file: POSTGRES_DUMP_NAME, ...versions },
    };
  }
  const dump = await source.dump();
  await pipeline(Readable.fromWeb(dump.tar.stream() as never), createWriteStream(file));
  return {
    migrations: dump.migrations,
    database: {
      kind: 'pglite',
      file: PGLITE_DUMP_NAME,
      serverVersion: dump.serverVersion,
      pgliteVersion: pgliteVersion(),
      takenBy: dump.takenBy,
    },
  };
}

/** A name in `dir` that no file has yet: a second backup in the same second gets `-2`. */
async function freeName(dir: string, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : name.replace(/\.tar\.gz$/, `-${n}.tar.gz`);
    const taken = await stat(join(dir, candidate)).then(
      () => true,
      () => false,
    );
    if (!taken) return join(dir, candidate);
  }
}

/**
 * Writes one backup file into `outDir`: the database's dump (pg_dump's custom format, or the
 * embedded database's data folder), the pictures of a local MEDIA_DIR, scoring's face images, and
 * the manifest with every entry's SHA-256. It is written beside under a temporary name and renamed
 * when whole, readable by its owner only, so a backup file that exists is complete.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const outDir = resolve(options.outDir);
  await mkdir(outDir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
    throw new BackupError(`Cannot make the backup folder ${outDir}: ${String(error)}`);
  });
  const staging = await mkdtemp(join(outDir, '.bozor-backup-'));
  const file = await freeName(outDir, backupFileName(now));
  const partial = `${file}.partial`;
  try {
    const dumpPath = join(staging, 'database');
    const { migrations, database } = await dumpDatabase(options.source, dumpPath);

    const pack = tarPack();
    const writing = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    writing.catch(() => {});
    const files: Record<string, FileSum> = {};
    files[database.file] = await addFile(pack, database.file, dumpPath);
    await rm(dumpPath, { force: true });

    const media = { storage: options.storage.provider, files: 0, bytes: 0 } as Manifest['media'];
    if (options.storage.provider === 'local') {
      const dir = options.storage.dir;
      for (const key of await filesUnder(dir)) {
        try {
          checkKey(key);
        } catch {
          continue; // not a picture the shop wrote (nor one it would serve)
        }
        // a picture is written once under its hash and never changes: read whole, it cannot
        // change size under the archive; one the sweep deleted meanwhile is left out
        const path = join(dir, key);
        const bytes = await readFile(path).catch(() => null);
        if (!bytes) continue;
        const info = await stat(path).catch(() => null);
        await addBytes(pack, `${MEDIA_PREFIX}${key}`, bytes, info?.mtime ?? now);
        const sum = summer();
        sum.add(bytes);
        files[`${MEDIA_PREFIX}${key}`] = sum.done();
        media.files += 1;
        media.bytes += bytes.length;
      }
    } else {
      media.note = `Pictures are kept in the S3 bucket ${options.storage.bucket} at ${options.storage.endpoint} and are not in this backup: the bucket's own versioning and replication keep them.`;
    }

    const uploads = { dir: options.uploadDir ?? null, files: 0, bytes: 0 };
    if (options.uploadDir) {
      const faces = join(options.uploadDir, 'faces');
      for (const name of await filesUnder(faces)) {
        const bytes = await readFile(join(faces, name)).catch(() => null);
        if (!bytes) continue;
        await addBytes(pack, `${FACES_PREFIX}${name}`, bytes, now);
        const sum = summer();
        sum.add(bytes);
        files[`${FACES_PREFIX}${name}`] = sum.done();
        uploads.files += 1;
        uploads.bytes += bytes.length;
      }
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      migrations,
      database,
      media,
      uploads,
      files,
    };
    await addBytes(pack, MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)), now);
    pack.finalize();
    await writing;
    await rename(partial, file);
    await chmod(file, 0o600);
    const { size } = await stat(file);
    return { file, bytes: size, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup failed, and no backup file was left: ${String(error)}`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The backup's name relative to the working folder, as a command prints it. */
export function shownPath(file: string): string {
  const shown = relative(process.cwd(), file);
  return shown.startsWith('..') ? file : shown;
}
