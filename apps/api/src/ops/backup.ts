import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Pack, pack as tarPack } from 'tar-stream';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createPrivateStorage, createStorage, type Storage } from '../providers/storage/index.ts';
import { isKey } from '../providers/storage/types.ts';
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
  /** The private store (UPLOAD_DIR or its bucket): its `faces/` go into the backup; none if undefined. */
  privateStorage: Config['privateStorage'] | undefined;
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

/** Adds one entry of known bytes and waits until the archive has taken it. */
function addBytes(pack: Pack, name: string, bytes: Buffer, mtime: Date): Promise<void> {
  return new Promise((done, fail) => {
    pack.entry({ name, size: bytes.length, mtime, mode: 0o600 }, bytes, (error) =>
      error ? fail(error) : done(),
    );
  });
}

/**
 * Adds the files of `store` under `folder` as `entry(key)`, each read whole: a picture or a face
 * image is written once under a name of its own and never changes, so it cannot change size under
 * the archive; one deleted meanwhile (the pictures' sweep, a replaced face) is left out.
 */
async function addStored(
  pack: Pack,
  sums: Record<string, FileSum>,
  store: Storage,
  folder: string,
  entry: (key: string) => string,
): Promise<{ files: number; bytes: number }> {
  const added = { files: 0, bytes: 0 };
  const listed = (await store.list(folder)).sort((a, b) => (a.key < b.key ? -1 : 1));
  for (const { key, modifiedAt } of listed) {
    if (!isKey(key)) continue; // not a file the shop wrote (nor one it would serve)
    const file = await store.get(key);
    if (!file) continue;
    // a folder's file deleted between its stat and its reading is left out as well
    const bytes = await buffer(file.body).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!bytes) continue;
    await addBytes(pack, entry(key), bytes, modifiedAt);
    const sum = summer();
    sum.add(bytes);
    sums[entry(key)] = sum.done();
    added.files += 1;
    added.bytes += bytes.length;
  }
  return added;
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

/** Where the private store is, as the manifest and the operator read it. */
function placeOf(store: Config['privateStorage']): string {
  if (store.provider === 'local') return store.dir;
  return `s3://${store.bucket}/${store.prefix ? `${store.prefix}/` : ''}`;
}

/**
 * Writes one backup file into `outDir`: the database's dump (pg_dump's custom format, or the
 * embedded database's data folder), the pictures of a local MEDIA_DIR, scoring's face images from
 * the private store (a folder or a bucket alike), and the manifest with every entry's SHA-256. It is written beside under a temporary name and renamed
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

    const media: Manifest['media'] = { storage: options.storage.provider, files: 0, bytes: 0 };
    if (options.storage.provider === 'local') {
      const pictures = createStorage(options.storage);
      Object.assign(
        media,
        await addStored(pack, files, pictures, 'u/', (key) => `${MEDIA_PREFIX}${key}`),
      );
    } else {
      media.note = `Pictures are kept in the S3 bucket ${options.storage.bucket} at ${options.storage.endpoint} and are not in this backup: the bucket's own versioning and replication keep them.`;
    }

    const privateStore = options.privateStorage;
    const uploads = { dir: privateStore ? placeOf(privateStore) : null, files: 0, bytes: 0 };
    if (privateStore) {
      const faces = createPrivateStorage(privateStore);
      Object.assign(
        uploads,
        await addStored(
          pack,
          files,
          faces,
          'faces/',
          (key) => FACES_PREFIX + key.slice('faces/'.length),
        ),
      );
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
