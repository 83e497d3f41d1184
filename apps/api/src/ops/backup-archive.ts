import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Extract, extract as tarExtract } from 'tar-stream';
import { z } from 'zod';
import { type Database, MIGRATIONS_FOLDER } from '../db/client.ts';

/**
 * A Bozor backup is one `.tar.gz` file: the database's dump under `database/`, the uploaded
 * pictures under `media/` (the keys of MEDIA_DIR), scoring's face images under `uploads/faces/`,
 * and `manifest.json` last, naming every other entry with its size and SHA-256.
 */
export const BACKUP_FORMAT = 'bozor-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const POSTGRES_DUMP_NAME = 'database/postgres.dump';
export const PGLITE_DUMP_NAME = 'database/pglite-datadir.tar';
export const MEDIA_PREFIX = 'media/';
export const FACES_PREFIX = 'uploads/faces/';

/** One entry of an archive being read: its header and its bytes as a stream. */
export type Entry = Extract extends AsyncIterable<infer T> ? T : never;

/** A refusal or failure the operator can act on: its message says what happened and what to do. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** Which migrations a database has had, as drizzle records them. */
export const MigrationLevel = z.object({
  /** Migrations applied. */
  count: z.number().int().min(0),
  /** The newest one's tag (`0027_catalogue_back_office`); null when this build does not know it. */
  last: z.string().nullable(),
  /** The newest one's `when` in the journal (drizzle's `created_at`); 0 for none. */
  lastCreatedAt: z.number().min(0),
});
export type MigrationLevel = z.infer<typeof MigrationLevel>;

const FileSum = z.object({
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const Manifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  migrations: MigrationLevel,
  database: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('postgres'),
      file: z.literal(POSTGRES_DUMP_NAME),
      /** The server's version (`15.20`) and pg_dump's, which pg_restore must be at least. */
      serverVersion: z.string(),
      pgDumpVersion: z.string(),
    }),
    z.object({
      kind: z.literal('pglite'),
      file: z.literal(PGLITE_DUMP_NAME),
      /** The embedded PostgreSQL's version and the PGlite package's: a data folder loads only in the same major. */
      serverVersion: z.string(),
      pgliteVersion: z.string(),
      /** Whether the running shop took the dump (between two statements) or the command did. */
      takenBy: z.enum(['running shop', 'backup command']),
    }),
  ]),
  media: z.object({
    storage: z.enum(['local', 's3']),
    /** Pictures in the backup; none with S3, whose bucket keeps its own versions. */
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
    note: z.string().optional(),
  }),
  uploads: z.object({
    /**
     * Where the face images were taken from (UPLOAD_DIR, or the private bucket as `s3://…`); the
     * database names them by their key in the private store (`faces/…`).
     */
    dir: z.string().nullable(),
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
  }),
  /** Every other entry of the archive with its size and SHA-256. */
  files: z.record(z.string(), FileSum),
});
export type Manifest = z.infer<typeof Manifest>;
export type FileSum = z.infer<typeof FileSum>;

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations this build carries, oldest first. */
export function knownMigrations(folder: string = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ when, tag }) => ({ when, tag }));
}

/** The migrations a database has had; none when it has no drizzle table (an empty database). */
export async function readMigrationLevel(db: Database): Promise<MigrationLevel> {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [table] = await rows<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return { count: 0, last: null, lastCreatedAt: 0 };
  const [found] = await rows<{ count: number; last: number }>(
    sql`select count(*)::int as count, coalesce(max(created_at), 0)::float8 as last from drizzle.__drizzle_migrations`,
  );
  const last = Number(found?.last ?? 0);
  return {
    count: Number(found?.count ?? 0),
    last: knownMigrations().find((entry) => entry.when === last)?.tag ?? null,
    lastCreatedAt: last,
  };
}

/** A hash and byte count of what passes through `add`. */
export function summer() {
  const hash = createHash('sha256');
  let size = 0;
  return {
    add(chunk: Uint8Array) {
      hash.update(chunk);
      size += chunk.length;
    },
    done(): FileSum {
      return { size, sha256: hash.digest('hex') };
    },
  };
}

/** What a gzip or tar error reading `file` means for the operator. */
function readError(file: string, error: unknown): BackupError {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ENOENT') return new BackupError(`There is no file at ${file}.`);
  if (code === 'EISDIR') return new BackupError(`${file} is a folder, not a backup file.`);
  if (code === 'EACCES') return new BackupError(`${file} cannot be read: permission denied.`);
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(message)) {
    return new BackupError(
      `${file} ends too early: the backup is truncated (an interrupted copy or a full disk). Use another backup.`,
    );
  }
  if (code === 'Z_DATA_ERROR' && /header check/i.test(message)) {
    return new BackupError(`${file} is not a Bozor backup: it is not a .tar.gz file.`);
  }
  if (code === 'Z_DATA_ERROR') {
    return new BackupError(
      `${file} is corrupt: its compressed data does not check out (${message}).`,
    );
  }
  if (/tar|header/i.test(message)) {
    return new BackupError(`${file} is not a Bozor backup or is corrupt: ${message}.`);
  }
  return new BackupError(`Could not read ${file}: ${message}`);
}

/**
 * Calls `visit` with each entry of the archive in order, its bytes read through; any gzip or tar
 * problem (a truncated or corrupt file, not a tar.gz at all) becomes a BackupError. `visit` must
 * read the entry to its end.
 */
export async function eachEntry(
  file: string,
  visit: (entry: Entry) => Promise<void>,
): Promise<void> {
  const extract = tarExtract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  // reported below, after the entries: a visit's own error comes first
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') {
        throw new BackupError(
          `${file} is not a Bozor backup: it holds ${entry.header.type ?? 'an entry'} ${entry.header.name}.`,
        );
      }
      await visit(entry);
    }
  } catch (error) {
    extract.destroy();
    // a gzip failure ends the tar early, and says why better than the tar does
    const cause = await reading.then(
      () => error,
      (readingError: unknown) => (error instanceof BackupError ? error : readingError),
    );
    throw readError(file, cause);
  }
  await reading.catch((error: unknown) => {
    throw readError(file, error);
  });
}

/** An entry's bytes, read whole (the manifest, a picture). */
export async function readEntry(entry: Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The manifest's text as a Manifest, or a BackupError naming what is wrong with it. */
export function parseManifest(file: string, bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError(`${file} is not a Bozor backup: its manifest.json is not JSON.`);
  }
  const format = (json as { format?: unknown; version?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `${file} is not a Bozor backup: its manifest.json names no Bozor backup.`,
    );
  }
  if (format.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} is a Bozor backup of format ${String(format.version)}, which this version of Bozor cannot read (it reads format ${BACKUP_FORMAT_VERSION}). Restore it with the version that made it.`,
    );
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    throw new BackupError(
      `${file} has a manifest.json that does not check out: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data;
}

/**
 * The name of a backup taken at `at`: `bozor-2026-11-26T101500Z.tar.gz` (UTC, no colons, so it
 * is a valid file name everywhere and sorts by time).
 */
export function backupFileName(at: Date): string {
  return `bozor-${at.toISOString().slice(0, 19).replaceAll(':', '')}Z.tar.gz`;
}
