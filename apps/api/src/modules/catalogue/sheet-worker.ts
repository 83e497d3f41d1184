/**
 * The thread an import reads its file in (started by `readSheet` in spreadsheet.ts, with a heap
 * of its own): the rows go to the import in batches, the next read only once the import has taken
 * the last, and a file it cannot or may not read ends it with the import's message key.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportFormat, ImportMessageKey } from '@bozor/shared';
import { readSheet, type SheetLimits, SheetRefused, type SheetRow } from './sheet-reader.ts';

export interface SheetTask {
  path: string;
  format: ImportFormat;
  limits: SheetLimits;
}

/** What the thread tells the import; it answers each batch with `more` when it takes it. */
export type SheetMessage =
  | { kind: 'rows'; rows: SheetRow[] }
  | { kind: 'end' }
  | { kind: 'failed'; key: ImportMessageKey; detail: string };

/** A batch is sent at this many rows, or this many characters of cells. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 1_000_000;

/** Errors of the file system that say this server cannot read the file it was given. */
const FILE_ERRORS = new Set(['ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'EIO']);

function failureOf(error: unknown): Extract<SheetMessage, { kind: 'failed' }> {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof SheetRefused) return { kind: 'failed', key: error.key, detail };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && FILE_ERRORS.has(code)) {
    return { kind: 'failed', key: 'import_file_missing', detail };
  }
  // anything else the parsers stop at is the file's shape: not XLSX or CSV as they read them
  return { kind: 'failed', key: 'import_file_unreadable', detail };
}

async function work(port: NonNullable<typeof parentPort>, task: SheetTask) {
  const taken = () => new Promise<void>((resolve) => port.once('message', () => resolve()));
  const send = (message: SheetMessage) => port.postMessage(message);
  try {
    let batch: SheetRow[] = [];
    let chars = 0;
    for await (const row of readSheet(task.path, task.format, task.limits)) {
      batch.push(row);
      for (const value of row.values) chars += value.length + 1;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
        const more = taken();
        send({ kind: 'rows', rows: batch });
        batch = [];
        chars = 0;
        await more;
      }
    }
    if (batch.length > 0) send({ kind: 'rows', rows: batch });
    send({ kind: 'end' });
  } catch (error) {
    send(failureOf(error));
  }
}

if (parentPort) await work(parentPort, workerData as SheetTask);
