import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { credits, type LedgerKind, ledgerEntries } from '../../db/schema/index.ts';

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

export interface Movement {
  customerId: number;
  /** The credit it pays, refunds or charges; none for an order paid in full. */
  creditId?: number | null;
  orderId?: number | null;
  kind: LedgerKind;
  /** Whole sum, more than 0. */
  amount: number;
  gatewayPaymentId?: string | null;
  /** A movement recorded twice under one key (a retried payment) is one row. */
  idempotencyKey?: string | null;
}

/** What a credit stands at: `paid + remaining = total` always. */
export interface Balance {
  /** Debits and prepayments less refunds. */
  paid: number;
  remaining: number;
  /** The credit's schedule sum plus its penalties, less the penalties waived. */
  total: number;
}

export type LedgerRefusal =
  | 'CREDIT_NOT_FOUND'
  /** A payment larger than what remains of the credit. */
  | 'OVERPAYMENT'
  /** A refund larger than what has been paid on the credit. */
  | 'REFUND_EXCEEDS_PAID'
  /** The key was used for a different movement. */
  | 'KEY_REUSED';

/** A movement the ledger refuses; the service that asked turns it into the customer's answer. */
export class LedgerError extends Error {
  readonly reason: LedgerRefusal;
  constructor(reason: LedgerRefusal) {
    super(reason);
    this.name = 'LedgerError';
    this.reason = reason;
  }
}

const PAYMENTS: readonly LedgerKind[] = ['debit', 'prepayment'];

function sumOf(kinds: readonly LedgerKind[]) {
  const list = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in (${list})), 0)`;
}

function selectBalances(db: Executor, creditIds: number[]) {
  return db
    .select({
      creditId: credits.id,
      total:
        sql<number>`(${credits.total} + ${sumOf(['penalty'])} - ${sumOf(['penalty_waiver'])})::bigint`.mapWith(
          Number,
        ),
      paid: sql<number>`(${sumOf(PAYMENTS)} - ${sumOf(['refund'])})::bigint`.mapWith(Number),
    })
    .from(credits)
    .leftJoin(ledgerEntries, eq(ledgerEntries.creditId, credits.id))
    .where(inArray(credits.id, creditIds))
    .groupBy(credits.id);
}

const balanceFrom = (row: { paid: number; total: number }): Balance => ({
  paid: row.paid,
  remaining: row.total - row.paid,
  total: row.total,
});

/** The balance of a credit, summed from its movements. */
export async function balanceOf(db: Executor, creditId: number): Promise<Balance> {
  const [row] = await selectBalances(db, [creditId]);
  if (!row) throw new LedgerError('CREDIT_NOT_FOUND');
  return balanceFrom(row);
}

/** The balances of several credits in one query (a page of them), by credit id. */
export async function balancesOf(db: Executor, creditIds: number[]): Promise<Map<number, Balance>> {
  if (creditIds.length === 0) return new Map();
  const rows = await selectBalances(db, creditIds);
  return new Map(rows.map((row) => [row.creditId, balanceFrom(row)]));
}

async function findByKey(db: Executor, customerId: number, key: string) {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.customerId, customerId), eq(ledgerEntries.idempotencyKey, key)));
  return row;
}

function sameMovement(entry: LedgerEntry, movement: Movement): boolean {
  return (
    entry.kind === movement.kind &&
    entry.amount === movement.amount &&
    entry.creditId === (movement.creditId ?? null) &&
    entry.orderId === (movement.orderId ?? null)
  );
}

/** The entry already recorded under the movement's key, or a refusal if it is another one. */
function replayOf(entry: LedgerEntry, movement: Movement): LedgerEntry {
  if (!sameMovement(entry, movement)) throw new LedgerError('KEY_REUSED');
  return entry;
}

/**
 * Appends a movement. On a credit, the credit's row is locked first, so movements of one credit
 * take turns and each sees the balance the previous one left: a payment may not exceed what
 * remains, nor a refund what was paid (`LedgerError`). Recorded again under the same key, the
 * same movement returns the first entry instead of a second one.
 */
export async function recordMovement(tx: Transaction, movement: Movement): Promise<LedgerEntry> {
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) {
    throw new RangeError(`a ledger amount is a whole number of sum above 0: ${movement.amount}`);
  }
  const key = movement.idempotencyKey ?? null;
  if (movement.creditId != null) {
    const [credit] = await tx
      .select({ customerId: credits.customerId })
      .from(credits)
      .where(eq(credits.id, movement.creditId))
      .for('update');
    if (!credit || credit.customerId !== movement.customerId) {
      throw new LedgerError('CREDIT_NOT_FOUND');
    }
    const recorded = key === null ? undefined : await findByKey(tx, movement.customerId, key);
    if (recorded) return replayOf(recorded, movement);
    const balance = await balanceOf(tx, movement.creditId);
    if (PAYMENTS.includes(movement.kind) && movement.amount > balance.remaining) {
      throw new LedgerError('OVERPAYMENT');
    }
    if (movement.kind === 'refund' && movement.amount > balance.paid) {
      throw new LedgerError('REFUND_EXCEEDS_PAID');
    }
  }
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      customerId: movement.customerId,
      creditId: movement.creditId ?? null,
      orderId: movement.orderId ?? null,
      kind: movement.kind,
      amount: movement.amount,
      gatewayPaymentId: movement.gatewayPaymentId ?? null,
      idempotencyKey: key,
    })
    .onConflictDoNothing({ target: [ledgerEntries.customerId, ledgerEntries.idempotencyKey] })
    .returning();
  if (entry) return entry;
  // recorded meanwhile under the same key by a concurrent request (no credit lock to wait on)
  const recorded = await findByKey(tx, movement.customerId, key as string);
  if (!recorded) throw new Error('a ledger entry under this key was neither written nor found');
  return replayOf(recorded, movement);
}
