import { asc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { banners, branches, questions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** The lists the back office puts in order by hand. */
const ORDERED = { banner: banners, question: questions, branch: branches } as const;
export type OrderedList = keyof typeof ORDERED;

/**
 * Puts a whole list in the order given: every id of it once, positions 1, 2, 3…. A list that
 * changed meanwhile (a row added or removed in another tab) is refused, so nothing is lost.
 * Answers the order before and after, for the audit log.
 */
export async function reorder(
  tx: Transaction,
  list: OrderedList,
  ids: number[],
): Promise<{ before: number[]; after: number[] }> {
  const table = ORDERED[list];
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .orderBy(asc(table.position), asc(table.id))
    .for('update');
  const before = rows.map((row) => row.id);
  const known = new Set(before);
  if (
    ids.length !== before.length ||
    new Set(ids).size !== ids.length ||
    !ids.every((id) => known.has(id))
  ) {
    throw new AppError('REORDER_MISMATCH', 409);
  }
  for (const [index, id] of ids.entries()) {
    await tx
      .update(table)
      .set({ position: sql`${index + 1}` })
      .where(eq(table.id, id));
  }
  return { before, after: ids };
}

/** The position a new row of a list takes: after the last one. */
export async function nextPosition(tx: Transaction, list: OrderedList): Promise<number> {
  const table = ORDERED[list];
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${table.position}), 0)::int` })
    .from(table);
  return (row?.last ?? 0) + 1;
}
