import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { type BackupSource, dumpEmbedded, type EmbeddedDump } from './backup.ts';
import { BackupError, MigrationLevel } from './backup-archive.ts';

/**
 * The embedded database's files belong to the one process that has them open: another process
 * opening them meanwhile would corrupt them. So while the shop runs, `npm run backup` asks the shop
 * for the dump: the shop writes `<DATA_DIR>.backup-endpoint.json` (readable by its own user only)
 * naming its port and a token made at start, and answers `POST /api/ops/backup` with that token
 * from the loopback address only. Without a running shop, the command opens the folder itself.
 */
export const BACKUP_ROUTE = '/api/ops/backup';
const INFO_HEADER = 'x-bozor-backup';

export function endpointFile(dataDir: string): string {
  return `${dataDir}.backup-endpoint.json`;
}

interface EndpointFile {
  pid: number;
  host: string;
  port: number;
  token: string;
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Adds the backup route to the app of the process that has the embedded database open (before
 * the app is ready); `announce` writes the endpoint file once the shop listens on `port`, `close`
 * removes it.
 */
export async function offerBackups(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: { dataDir: string; host: string },
): Promise<{ announce(port: number): Promise<void>; close(): Promise<void> }> {
  const token = randomBytes(32).toString('base64url');
  app.post(BACKUP_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    // the socket's own address: X-Forwarded-For could name anyone
    if (!isLoopback(request.socket.remoteAddress)) {
      return reply
        .code(403)
        .send({ code: 'FORBIDDEN', message: 'Backups are taken from this machine only.' });
    }
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      return reply.code(401).send({ code: 'UNAUTHORIZED', message: 'Not the token of this shop.' });
    }
    const dump = await dumpEmbedded(database, 'running shop');
    const info = { migrations: dump.migrations, serverVersion: dump.serverVersion };
    request.log.info({ bytes: dump.tar.size }, 'embedded database dumped for a backup');
    return reply
      .type('application/x-tar')
      .header('content-length', dump.tar.size)
      .header('cache-control', 'no-store')
      .header(INFO_HEADER, Buffer.from(JSON.stringify(info)).toString('base64url'))
      .send(Readable.fromWeb(dump.tar.stream() as never));
  });
  const file = endpointFile(options.dataDir);
  return {
    async announce(port) {
      const body: EndpointFile = { pid: process.pid, host: options.host, port, token };
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, JSON.stringify(body), { mode: 0o600 });
        await rename(temporary, file);
      } catch (err) {
        app.log.warn({ err, file }, 'could not write the backup endpoint: backups wait for a stop');
      }
    },
    async close() {
      // only this process's own file: a shop started since has written its own
      const current = await readFile(file, 'utf8').catch(() => '');
      if (current.includes(token)) await rm(file, { force: true });
    },
  };
}

/** Where the backup command reaches the shop listening on `host`. */
function loopbackAddress(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '' || host === 'localhost')
    return '127.0.0.1';
  if (isLoopback(host)) return isIP(host) === 6 ? `[${host}]` : host;
  throw new BackupError(
    `The shop runs on the embedded database and listens on ${host} only, where backups are not taken: set HOST to 0.0.0.0 or a loopback address, or stop the shop and run the backup again.`,
  );
}

/**
 * The dump from the shop running on `dataDir`, or null when no shop announces itself there (or
 * the one that did is gone: it was stopped without removing its file).
 */
export async function dumpFromRunningShop(dataDir: string): Promise<EmbeddedDump | null> {
  const text = await readFile(endpointFile(dataDir), 'utf8').catch(() => null);
  if (text === null) return null;
  let endpoint: EndpointFile;
  try {
    endpoint = JSON.parse(text) as EndpointFile;
  } catch {
    return null;
  }
  const url = `http://${loopbackAddress(endpoint.host)}:${endpoint.port}${BACKUP_ROUTE}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}`, 'accept-encoding': 'identity' },
      signal: AbortSignal.timeout(30 * 60_000),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return null;
    throw new BackupError(
      `The running shop at ${url} did not answer the backup request: ${String(error)}`,
    );
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new BackupError(
      `The running shop refused the backup request (${response.status}${body ? `: ${body}` : ''}). Run the backup as the user the shop runs as, on the same machine.`,
    );
  }
  const info = JSON.parse(
    Buffer.from(response.headers.get(INFO_HEADER) ?? '', 'base64url').toString('utf8') || '{}',
  ) as { migrations?: unknown; serverVersion?: unknown };
  const migrations = MigrationLevel.safeParse(info.migrations);
  if (!migrations.success) {
    throw new BackupError(
      `The running shop at ${url} did not say which migrations its database has.`,
    );
  }
  return {
    tar: await response.blob(),
    migrations: migrations.data,
    serverVersion: String(info.serverVersion ?? 'unknown'),
    takenBy: 'running shop',
  };
}

/**
 * The embedded database at `dataDir` as a backup's source: dumped by the running shop when there
 * is one, else by this command, which opens the folder itself when no other process has it open.
 */
export function embeddedSource(dataDir: string): BackupSource {
  return {
    kind: 'pglite',
    dump: async () => {
      const running = await dumpFromRunningShop(dataDir);
      if (running) return running;
      if (!existsSync(join(dataDir, 'PG_VERSION'))) {
        throw new BackupError(
          `There is no embedded database at ${dataDir} (DATA_DIR): set DATA_DIR to the shop's, or DATABASE_URL for a PostgreSQL server.`,
        );
      }
      if (existsSync(join(dataDir, 'postmaster.pid'))) {
        throw new BackupError(
          `The embedded database at ${dataDir} is open in another process that does not take backups (a shop of an older version, npm run seed, admin:create), or its last process stopped without closing it. Nothing was written. Stop that process and run the backup again; if none runs, start the shop: the backup then goes through it.`,
        );
      }
      const database = openDatabase({ dataDir });
      try {
        return await dumpEmbedded(database, 'backup command');
      } finally {
        await database.close();
      }
    },
  };
}
