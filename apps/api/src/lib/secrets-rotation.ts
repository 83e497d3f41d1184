import { and, asc, count, eq, gt, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { cards, scoringProfiles, staff } from '../db/schema/index.ts';
import { fingerprint, type KeyRing, openSealed, SealedDataError, seal } from './secrets.ts';

/**
 * What `npm run secrets:rotate` does: every value sealed or keyed with AUTH_SECRET_PREVIOUS is
 * written again under AUTH_SECRET, a batch of rows at a time, so the previous secret can then be
 * removed. Each row is read, rewritten only when it is not under the current secret already, and
 * written only if it did not change meanwhile: run it again as often as needed, with the shop
 * running or not; a row done is not done twice.
 */

/** The rows of one table with something sealed or keyed. */
export interface TableReport {
  /** Rows read. */
  checked: number;
  /** Rows written again under AUTH_SECRET (in a dry run: that would be). */
  rewritten: number;
  /** Rows already wholly under AUTH_SECRET. */
  current: number;
  /** Rows the shop changed between this run's reading and writing them: run it again. */
  changedMeanwhile: number;
  /** Rows neither secret opens, or that could not be written: their key and why. */
  failed: { id: number; reason: string }[];
}

export interface RotationReport {
  /** Scoring profiles: the sealed passport and PINFL, and the PINFL's keyed hash. */
  scoringProfiles: TableReport;
  /** Members of staff: the sealed TOTP secret. */
  staffTotp: TableReport;
  /**
   * Cards on file. Their fingerprints hash the card number, which Bozor never keeps, so they
   * cannot be recomputed: they stay under the secret they were made with.
   */
  cardFingerprints: number;
}

export interface RotationOptions {
  /** Rows read and written per batch; 500 when absent. */
  batchSize?: number;
  /** Count what would be rewritten without writing anything. */
  dryRun?: boolean;
  /** Called after each batch with the table's counts so far. */
  onBatch?: (table: keyof Omit<RotationReport, 'cardFingerprints'>, report: TableReport) => void;
}

type Outcome = 'rewritten' | 'current' | 'changedMeanwhile';

const emptyReport = (): TableReport => ({
  checked: 0,
  rewritten: 0,
  current: 0,
  changedMeanwhile: 0,
  failed: [],
});

/** `column` still holds `value` (null included): the row was not written since it was read. */
const unchanged = (column: PgColumn, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

/** The value under the current secret, or undefined when it is there already. */
function resealed(keys: KeyRing, purpose: string, sealed: string | null) {
  if (sealed === null) return { plaintext: undefined, value: undefined };
  const opened = openSealed(keys, purpose, sealed);
  return {
    plaintext: opened.plaintext,
    value: opened.current ? undefined : seal(keys, purpose, opened.plaintext),
  };
}

const describe = (err: unknown) =>
  err instanceof SealedDataError ? err.message : `could not be written: ${String(err)}`;

/** Runs `one` on every row of a table, `batchSize` rows at a time in the order of `id`. */
async function eachBatch<Row>(
  read: (after: number, limit: number) => Promise<Row[]>,
  idOf: (row: Row) => number,
  one: (row: Row) => Promise<Outcome>,
  options: { batchSize: number; onBatch: (report: TableReport) => void },
): Promise<TableReport> {
  const report = emptyReport();
  let after = 0;
  for (;;) {
    const rows = await read(after, options.batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      report.checked += 1;
      try {
        report[await one(row)] += 1;
      } catch (err) {
        report.failed.push({ id: idOf(row), reason: describe(err) });
      }
    }
    after = idOf(rows[rows.length - 1] as Row);
    options.onBatch(report);
  }
  return report;
}

async function rotateScoringProfiles(
  db: Database,
  keys: KeyRing,
  dryRun: boolean,
  batch: { batchSize: number; onBatch: (report: TableReport) => void },
): Promise<TableReport> {
  const p = scoringProfiles;
  return eachBatch(
    (after, limit) =>
      db
        .select({
          customerId: p.customerId,
          passportSealed: p.passportSealed,
          pinflSealed: p.pinflSealed,
          pinflHash: p.pinflHash,
        })
        .from(p)
        .where(
          and(gt(p.customerId, after), or(isNotNull(p.passportSealed), isNotNull(p.pinflSealed))),
        )
        .orderBy(asc(p.customerId))
        .limit(limit),
    (row) => row.customerId,
    async (row) => {
      const pinfl = resealed(keys, 'pinfl', row.pinflSealed);
      const passport = resealed(keys, 'passport', row.passportSealed);
      const pinflHash =
        pinfl.plaintext === undefined ? undefined : fingerprint(keys, 'pinfl', pinfl.plaintext);
      const set = {
        ...(pinfl.value !== undefined && { pinflSealed: pinfl.value }),
        ...(passport.value !== undefined && { passportSealed: passport.value }),
        ...(pinflHash !== undefined && pinflHash !== row.pinflHash && { pinflHash }),
      };
      if (Object.keys(set).length === 0) return 'current';
      if (dryRun) return 'rewritten';
      const written = await db
        .update(p)
        .set(set)
        .where(
          and(
            eq(p.customerId, row.customerId),
            unchanged(p.pinflSealed, row.pinflSealed),
            unchanged(p.passportSealed, row.passportSealed),
            unchanged(p.pinflHash, row.pinflHash),
          ),
        )
        .returning({ id: p.customerId });
      return written.length > 0 ? 'rewritten' : 'changedMeanwhile';
    },
    batch,
  );
}

async function rotateStaffTotp(
  db: Database,
  keys: KeyRing,
  dryRun: boolean,
  batch: { batchSize: number; onBatch: (report: TableReport) => void },
): Promise<TableReport> {
  return eachBatch(
    (after, limit) =>
      db
        .select({ id: staff.id, totpSecret: staff.totpSecret })
        .from(staff)
        .where(and(gt(staff.id, after), isNotNull(staff.totpSecret)))
        .orderBy(asc(staff.id))
        .limit(limit),
    (row) => row.id,
    async (row) => {
      const totp = resealed(keys, 'staff-totp', row.totpSecret);
      if (totp.value === undefined) return 'current';
      if (dryRun) return 'rewritten';
      const written = await db
        .update(staff)
        .set({ totpSecret: totp.value })
        .where(and(eq(staff.id, row.id), unchanged(staff.totpSecret, row.totpSecret)))
        .returning({ id: staff.id });
      return written.length > 0 ? 'rewritten' : 'changedMeanwhile';
    },
    batch,
  );
}

export async function rotateSecrets(
  db: Database,
  keys: KeyRing,
  options: RotationOptions = {},
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 500;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`the batch size must be a whole number above 0, not ${batchSize}`);
  }
  const dryRun = options.dryRun ?? false;
  const onBatch = options.onBatch ?? (() => {});
  const scoring = await rotateScoringProfiles(db, keys, dryRun, {
    batchSize,
    onBatch: (report) => onBatch('scoringProfiles', report),
  });
  const staffTotp = await rotateStaffTotp(db, keys, dryRun, {
    batchSize,
    onBatch: (report) => onBatch('staffTotp', report),
  });
  const [cardRows] = await db.select({ n: count() }).from(cards).where(isNull(cards.deletedAt));
  return { scoringProfiles: scoring, staffTotp, cardFingerprints: cardRows?.n ?? 0 };
}
