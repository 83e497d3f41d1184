/**
 * Makes a back-office account in the configured database (DATABASE_URL, else PGlite at DATA_DIR)
 * and prints its one-time setup link (under PUBLIC_URL, else http://localhost:PORT), where the new
 * member of staff chooses a password and adds the TOTP secret to an authenticator. The first
 * account of a fresh install is made this way.
 * Usage: npm run admin:create -- --email owner@example.uz --role owner [--name "Full Name"]
 */
import { parseArgs } from 'node:util';
import { NewStaffBody, STAFF_ROLES } from '@bozor/shared';
import { ConfigError, DEVELOPMENT_AUTH_SECRET, loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { AppError } from '../apps/api/src/lib/errors.ts';
import { keyRing } from '../apps/api/src/lib/secrets.ts';
import { createStaff, SETUP_TTL_MS } from '../apps/api/src/modules/staff/service.ts';
import { setupLink } from './lib/setup-link.ts';

const USAGE = `Usage: npm run admin:create -- --email EMAIL --role ROLE [--name NAME]
Roles: ${STAFF_ROLES.join(', ')}`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
}

const args = parseOptions();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const parsed = NewStaffBody.safeParse({
  email: args.email,
  role: args.role,
  name: args.name ?? args.email?.split('@')[0],
});
if (!parsed.success) {
  const fields = parsed.error.issues.map((i) => `--${i.path.join('.')}`);
  fail(`Missing or invalid: ${[...new Set(fields)].join(', ')}`);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

let database: ReturnType<typeof openDatabase>;
try {
  database = openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  await database.migrate();
} catch (err) {
  console.error(
    config.databaseUrl
      ? `Could not open the database at DATABASE_URL: ${String(err)}`
      : `Could not open the embedded database at ${config.dataDir}; stop the running shop first (PGlite serves one process at a time). ${String(err)}`,
  );
  process.exit(1);
}

let exitCode = 0;
try {
  const made = await createStaff(
    {
      db: database.db,
      secret: keyRing(config.authSecret ?? DEVELOPMENT_AUTH_SECRET, config.authSecretPrevious),
    },
    parsed.data,
    undefined,
  );
  const hours = SETUP_TTL_MS / 3_600_000;
  console.log(`Made ${made.staff.role} ${made.staff.email} (id ${made.staff.id}).`);
  console.log(`One-time setup link, valid ${hours} hours:`);
  console.log(`  ${setupLink(config, made.setup_token)}`);
} catch (err) {
  if (err instanceof AppError && err.code === 'STAFF_EXISTS') {
    console.error(`There is already a member of staff with the email ${parsed.data.email}.`);
  } else {
    console.error(err);
  }
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
