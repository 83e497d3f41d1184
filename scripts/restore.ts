/**
 * `npm run restore -- FILE`: brings a backup of `npm run backup` back into the configured database
 * (DATABASE_URL, which must be an empty database, else an empty or absent DATA_DIR), and its
 * pictures into MEDIA_DIR (or the S3 bucket) and face images into the private store (UPLOAD_DIR,
 * or its bucket). The whole file is checked first; nothing is changed when it, or the target, is
 * refused. The shop migrates the database to its own version on its next start. docs/backups.md
 * has the details.
 * Usage: npm run restore -- FILE [--force] [--verify]
 */
import { parseArgs } from 'node:util';
import { BackupError, knownMigrations } from '../apps/api/src/ops/backup-archive.ts';
import { restoreBackup, verifyBackup } from '../apps/api/src/ops/backup-restore.ts';
import { loadConfigOrExit } from './lib/config.ts';

const USAGE = `Usage: npm run restore -- FILE [--force] [--verify]
  --verify  only check the file (complete, not corrupt, a Bozor backup); change nothing
  --force   replace a database that already holds Bozor's tables (PostgreSQL: its public and
            drizzle schemas are dropped first; embedded: DATA_DIR is moved aside, not deleted)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let parsed: { values: { force: boolean; verify: boolean; help: boolean }; positionals: string[] };
try {
  parsed = parseArgs({
    options: {
      force: { type: 'boolean', default: false },
      verify: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
}
const { values: args, positionals } = parsed;
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) {
  fail(
    `${positionals.length === 0 ? 'Name the backup file to restore.' : 'Name one backup file.'}\n${USAGE}`,
  );
}
const file = positionals[0]!;

try {
  if (args.verify) {
    const manifest = await verifyBackup(file);
    const level = manifest.migrations;
    console.log(`${file} is a complete Bozor backup, every checksum matches:`);
    console.log(
      `  taken ${manifest.createdAt}, database ${manifest.database.kind} at migration ${level.last ?? 'none'} (${level.count})`,
    );
    console.log(`  pictures: ${manifest.media.files}, face images: ${manifest.uploads.files}`);
    process.exit(0);
  }

  const config = loadConfigOrExit();
  const target = config.databaseUrl
    ? ({ kind: 'postgres', url: config.databaseUrl, pgBinDir: process.env.PG_BIN_DIR } as const)
    : ({ kind: 'pglite', dataDir: config.dataDir } as const);
  console.log(
    `Restoring ${file} into ${target.kind === 'postgres' ? 'the PostgreSQL database at DATABASE_URL' : `the embedded database at ${config.dataDir}`}…`,
  );
  const started = performance.now();
  const result = await restoreBackup({
    file,
    target,
    storage: config.storage,
    privateStorage: config.privateStorage,
    force: args.force,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const level = result.manifest.migrations;
  console.log(
    `Restored in ${seconds} s: the database of ${result.manifest.createdAt}, ${result.media} pictures, ${result.faces} face images.`,
  );
  if (result.movedAside) {
    console.log(
      `The data folder it replaced was moved to ${result.movedAside}; delete it once the shop runs well.`,
    );
  }
  for (const note of result.notes) console.log(`Note: ${note}`);
  const newer = knownMigrations().filter((entry) => entry.when > level.lastCreatedAt).length;
  console.log(
    newer > 0
      ? `The backup is at migration ${level.last ?? 'none'}; the shop applies this version's ${newer} newer migration${newer === 1 ? '' : 's'} when it next starts.`
      : `The database is at this version's migration ${level.last ?? 'none'}; start the shop.`,
  );
} catch (err) {
  if (err instanceof BackupError) fail(`Restore failed: ${err.message}`);
  console.error(err);
  process.exit(1);
}
process.exit(0);
