/**
 * Moves everything sealed or keyed with AUTH_SECRET_PREVIOUS to AUTH_SECRET, in the configured
 * database (DATABASE_URL, else PGlite at DATA_DIR): the sealed PINFLs, passports and staff TOTP
 * secrets are sealed again and the PINFLs' hashes made again, a batch at a time. Safe to stop and
 * run again; it ends by checking that nothing is left under the previous secret, and then says
 * AUTH_SECRET_PREVIOUS may be removed. Without AUTH_SECRET_PREVIOUS it only checks that
 * everything opens with AUTH_SECRET. docs/deploy.md has the whole procedure.
 * Usage: npm run secrets:rotate -- [--batch-size 500] [--dry-run]
 */
import { parseArgs } from 'node:util';
import { DEVELOPMENT_AUTH_SECRET } from '../apps/api/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../apps/api/src/db/client.ts';
import { keyRing } from '../apps/api/src/lib/secrets.ts';
import {
  type RotationReport,
  rotateSecrets,
  type TableReport,
} from '../apps/api/src/lib/secrets-rotation.ts';
import { loadConfigOrExit } from './lib/config.ts';

const USAGE = `Usage: npm run secrets:rotate -- [--batch-size N] [--dry-run]
  --batch-size N  rows read and written at a time (default 500)
  --dry-run       count what would be rewritten, write nothing`;

const TABLES = { scoringProfiles: 'scoring profiles', staffTotp: 'staff TOTP secrets' } as const;

function fail(message: string, usage = false): never {
  console.error(usage ? `${message}\n${USAGE}` : message);
  process.exit(1);
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        'batch-size': { type: 'string', default: '500' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err), true);
  }
}

const args = parseOptions();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const batchSize = Number(args['batch-size']);
if (!/^\d+$/.test(args['batch-size']) || batchSize < 1 || batchSize > 100_000) {
  fail(`--batch-size must be a whole number from 1 to 100000, not ${args['batch-size']}`, true);
}
const dryRun = args['dry-run'];

const config = loadConfigOrExit();
const keys = keyRing(config.authSecret ?? DEVELOPMENT_AUTH_SECRET, config.authSecretPrevious);
if (!config.authSecret) console.log('AUTH_SECRET is not set: using the development secret.');
console.log(
  keys.previous === undefined
    ? 'AUTH_SECRET_PREVIOUS is not set: checking that every sealed value opens with AUTH_SECRET.'
    : `Moving what AUTH_SECRET_PREVIOUS sealed and keyed to AUTH_SECRET${dryRun ? ' (dry run: nothing is written)' : ''}.`,
);

let database: DatabaseHandle;
try {
  database = openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  // as a start of the shop would: the tables are those of this version of Bozor
  await database.migrate();
} catch (err) {
  fail(
    config.databaseUrl
      ? `Could not open the database at DATABASE_URL: ${String(err)}`
      : `Could not open the embedded database at ${config.dataDir}; stop the running shop first (PGlite serves one process at a time). ${String(err)}`,
  );
}

const line = (name: string, r: TableReport, verb: string) =>
  `${name}: ${r.checked} checked, ${r.rewritten} ${verb}, ${r.current} already under AUTH_SECRET` +
  `${r.changedMeanwhile ? `, ${r.changedMeanwhile} changed meanwhile` : ''}` +
  `${r.failed.length ? `, ${r.failed.length} failed` : ''}`;

/** The first rows that failed, each with its key and why; the number of them all. */
function printFailures(report: RotationReport, shown = 20): number {
  const failed = (['scoringProfiles', 'staffTotp'] as const).flatMap((table) =>
    report[table].failed.map(({ id, reason }) => `  ${TABLES[table]} ${id}: ${reason}`),
  );
  for (const text of failed.slice(0, shown)) console.error(text);
  if (failed.length > shown) console.error(`  … and ${failed.length - shown} more`);
  return failed.length;
}

let exitCode = 0;
try {
  const verb = dryRun ? 'to rewrite' : 'rewritten';
  const report = await rotateSecrets(database.db, keys, {
    batchSize,
    dryRun,
    onBatch: (table, r) => console.log(`  ${line(TABLES[table], r, verb)}`),
  });
  console.log(line(TABLES.scoringProfiles, report.scoringProfiles, verb));
  console.log(line(TABLES.staffTotp, report.staffTotp, verb));
  console.log(
    `cards: ${report.cardFingerprints} fingerprints kept as they are (the card number is never stored, so they cannot be made again; see docs/deploy.md)`,
  );
  const failures = printFailures(report);
  const rewritten = report.scoringProfiles.rewritten + report.staffTotp.rewritten;
  const meanwhile = report.scoringProfiles.changedMeanwhile + report.staffTotp.changedMeanwhile;
  // what the shop wrote while this ran is checked once more, without writing
  const check =
    !dryRun && (rewritten > 0 || meanwhile > 0)
      ? await rotateSecrets(database.db, keys, { batchSize, dryRun: true })
      : report;
  const left = check.scoringProfiles.rewritten + check.staffTotp.rewritten;
  if (check !== report) console.log(`Checked again: ${left} rows left under another secret.`);
  if (failures > 0) {
    exitCode = 1;
    console.error(
      keys.previous === undefined
        ? `${failures} rows do not open with AUTH_SECRET (above): set the secret they were sealed with as AUTH_SECRET_PREVIOUS and run this again.`
        : `${failures} rows could not be moved (above): keep AUTH_SECRET_PREVIOUS until they are resolved.`,
    );
  } else if (dryRun) {
    console.log(`Dry run: ${left} rows would be rewritten. Nothing was written.`);
  } else if (left > 0) {
    exitCode = 1;
    console.error(
      `${left} rows are still under another secret (written while this ran): run npm run secrets:rotate again.`,
    );
  } else {
    console.log(
      keys.previous === undefined
        ? 'Everything opens with AUTH_SECRET.'
        : 'Everything is under AUTH_SECRET: AUTH_SECRET_PREVIOUS can now be removed (restart the shop without it).',
    );
  }
} catch (err) {
  exitCode = 1;
  console.error(`The rotation stopped: ${String(err)}. It can be run again; rows done stay done.`);
} finally {
  await database.close();
}
process.exit(exitCode);
