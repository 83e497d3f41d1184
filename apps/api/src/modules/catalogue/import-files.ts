/**
 * An import's spreadsheet is kept in the private store under `imports/`, so a dry run or an import
 * started at one machine reads the file another machine received. Reading a spreadsheet needs a
 * file on this machine: a job copies the key to the OS's temporary folder while it reads it.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { importJobs } from '../../db/schema/index.ts';
import type { Storage } from '../../providers/storage/index.ts';

/** Keeps an uploaded spreadsheet, a file on this machine, in the private store; answers its key. */
export async function saveImportFile(storage: Storage, path: string): Promise<string> {
  const key = `imports/${randomUUID()}.upload`;
  await storage.put(key, await readFile(path), 'application/octet-stream');
  return key;
}

/**
 * Runs `read` on a temporary copy of the file at `key`, removed afterwards whatever `read` does.
 * A key that is not there gives a path where no file is, so reading it fails as for a file gone.
 */
export async function withLocalImportFile<T>(
  storage: Storage,
  key: string,
  read: (path: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'bozor-import-'));
  try {
    const path = join(dir, 'upload');
    const file = await storage.get(key);
    if (file) await pipeline(file.body, createWriteStream(path, { mode: 0o600 }));
    return await read(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Deletes an import's file from the private store; one already gone is no error. */
export async function deleteImportFile(storage: Storage, key: string): Promise<void> {
  await storage.delete(key);
}

/**
 * Deletes the file of an import that has ended (done or failed), which nothing reads again. A
 * store that does not answer is logged, not thrown: the import's own outcome stands.
 */
export async function deleteEndedImportFile(
  deps: { db: Executor; storage: Storage; log?: Pick<FastifyBaseLogger, 'warn'> | undefined },
  id: number,
): Promise<void> {
  const [row] = await deps.db
    .select({ status: importJobs.status, key: importJobs.filePath })
    .from(importJobs)
    .where(eq(importJobs.id, id));
  if (row?.status !== 'done' && row?.status !== 'failed') return;
  try {
    await deleteImportFile(deps.storage, row.key);
  } catch (err) {
    deps.log?.warn({ err, importId: id }, 'could not delete the file of an ended import');
  }
}
