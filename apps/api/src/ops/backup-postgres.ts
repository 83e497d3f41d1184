import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { BackupError } from './backup-archive.ts';

/** pg_dump or pg_restore found on this machine, with its version. */
export interface PostgresTool {
  path: string;
  version: string;
  major: number;
}

type ToolName = 'pg_dump' | 'pg_restore';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end; null when it is not installed. */
function run(
  path: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Ran | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // the last 64 KB is what says why it failed
      stderr = (stderr + chunk).slice(-65_536);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EACCES') resolve(null);
      else reject(error);
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `15.20` of `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)`. */
export function parseToolVersion(text: string): { version: string; major: number } | null {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(text);
  if (!match) return null;
  return { version: match[2] ? `${match[1]}.${match[2]}` : match[1]!, major: Number(match[1]) };
}

async function toolAt(path: string): Promise<PostgresTool | null> {
  const ran = await run(path, ['--version']);
  if (ran?.code !== 0) return null;
  const parsed = parseToolVersion(ran.stdout);
  return parsed ? { path, ...parsed } : null;
}

/**
 * pg_dump or pg_restore of at least `major`: from PG_BIN_DIR when given, else the one on the
 * PATH, else the versioned folders of the Debian/Ubuntu and RHEL packages. A BackupError says
 * which to install when none will do.
 */
export async function findPostgresTool(
  name: ToolName,
  major: number,
  why: string,
  binDir?: string | undefined,
): Promise<PostgresTool> {
  const candidates = binDir
    ? [join(binDir, name)]
    : [name, `/usr/lib/postgresql/${major}/bin/${name}`, `/usr/pgsql-${major}/bin/${name}`];
  let tooOld: PostgresTool | undefined;
  for (const candidate of candidates) {
    const tool = await toolAt(candidate);
    if (tool && tool.major >= major) return tool;
    if (tool && !tooOld) tooOld = tool;
  }
  const install = `install PostgreSQL ${major}'s client tools (Debian/Ubuntu: apt-get install postgresql-client-${major}) or set PG_BIN_DIR to the folder that holds their ${name}`;
  if (tooOld) {
    throw new BackupError(
      `${name} ${tooOld.version} (${tooOld.path}) is older than ${why}, PostgreSQL ${major}: ${install}.`,
    );
  }
  throw new BackupError(
    `${name} was not found${binDir ? ` in PG_BIN_DIR (${binDir})` : ' on the PATH'}; it is needed for ${why}, PostgreSQL ${major}: ${install}.`,
  );
}

/**
 * The URL without its password, and an environment carrying it: a password on pg_dump's command
 * line would be seen by every user of the machine in the process list.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** What a server says of itself before a dump or a restore. */
export async function serverVersion(url: string): Promise<{ version: string; major: number }> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string; num: string }>(
      "select current_setting('server_version') as version, current_setting('server_version_num') as num",
    );
    const row = rows[0]!;
    return {
      version: row.version.split(' ')[0] ?? row.version,
      major: Math.floor(Number(row.num) / 10_000),
    };
  } catch (error) {
    throw new BackupError(
      `Could not connect to the PostgreSQL server at DATABASE_URL: ${String(error)}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * `pg_dump --format=custom` of the database into `file`: one consistent snapshot (pg_dump reads
 * every table in one repeatable-read transaction), whatever the shop writes meanwhile.
 */
export async function pgDump(
  url: string,
  file: string,
  binDir?: string | undefined,
): Promise<{ serverVersion: string; pgDumpVersion: string }> {
  const server = await serverVersion(url);
  const tool = await findPostgresTool('pg_dump', server.major, 'the server it must dump', binDir);
  const { dbname, env } = connection(url);
  const ran = await run(
    tool.path,
    ['--format=custom', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
  if (ran?.code !== 0) {
    throw new BackupError(`pg_dump failed: ${ran?.stderr.trim() || 'it could not be started'}`);
  }
  return { serverVersion: server.version, pgDumpVersion: tool.version };
}

/**
 * `pg_restore` of a custom-format dump into the database at `url`, in one transaction: it either
 * restores everything or leaves the database as it was. Owners and grants of the dumped server are
 * left out, so the restoring user owns what it makes.
 */
export async function pgRestore(
  url: string,
  file: string,
  dumpedWith: string,
  binDir?: string | undefined,
): Promise<void> {
  const dumpMajor = Number(dumpedWith.split('.')[0]);
  const tool = await findPostgresTool(
    'pg_restore',
    Number.isFinite(dumpMajor) ? dumpMajor : 0,
    `the pg_dump ${dumpedWith} that made the backup`,
    binDir,
  );
  const { dbname, env } = connection(url);
  const ran = await run(
    tool.path,
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  if (ran?.code !== 0) {
    throw new BackupError(
      `pg_restore failed, and the database is as it was before it: ${ran?.stderr.trim() || 'it could not be started'}`,
    );
  }
}
