/**
 * `npm run backup`: one file, `bozor-<UTC time>.tar.gz`, with the configured database (pg_dump of
 * DATABASE_URL, else the embedded database at DATA_DIR, through the running shop when there is
 * one), the pictures of MEDIA_DIR, scoring's face images from the private store (UPLOAD_DIR or
 * its bucket), and a manifest with their checksums. docs/backups.md says what is in it and how to
 * restore it.
 * Usage: npm run backup -- [--out DIR]   (DIR: BACKUP_DIR, else ./backups)
 */
import { parseArgs } from 'node:util';
import { createBackup, shownPath } from '../apps/api/src/ops/backup.ts';
import { BackupError } from '../apps/api/src/ops/backup-archive.ts';
import { embeddedSource } from '../apps/api/src/ops/backup-endpoint.ts';
import { loadConfigOrExit } from './lib/config.ts';

const USAGE = 'Usage: npm run backup -- [--out DIR]   (default: BACKUP_DIR, else ./backups)';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args: { out?: string | undefined; help: boolean };
try {
  args = parseArgs({
    options: {
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  }).values;
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = loadConfigOrExit();

const outDir = args.out ?? process.env.BACKUP_DIR ?? 'backups';
const started = performance.now();
const what = config.databaseUrl
  ? 'the PostgreSQL database'
  : `the embedded database at ${config.dataDir}`;
console.log(`Backing up ${what}…`);
try {
  const { file, bytes, manifest } = await createBackup({
    source: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, pgBinDir: process.env.PG_BIN_DIR }
      : embeddedSource(config.dataDir),
    storage: config.storage,
    privateStorage: config.privateStorage,
    outDir,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const mb = (bytes / 1_048_576).toFixed(1);
  const level = manifest.migrations;
  console.log(`Wrote ${shownPath(file)} (${mb} MB) in ${seconds} s:`);
  console.log(
    `  database: ${manifest.database.kind}, ${level.count} migrations (last ${level.last ?? 'none'})${manifest.database.kind === 'pglite' ? `, dumped by the ${manifest.database.takenBy}` : ''}`,
  );
  console.log(
    manifest.media.storage === 'local'
      ? `  pictures: ${manifest.media.files} (${(manifest.media.bytes / 1_048_576).toFixed(1)} MB)`
      : `  pictures: not included — ${manifest.media.note}`,
  );
  console.log(`  face images: ${manifest.uploads.files}`);
} catch (err) {
  if (err instanceof BackupError) fail(`Backup failed: ${err.message}`);
  console.error(err);
  process.exit(1);
}
process.exit(0);
