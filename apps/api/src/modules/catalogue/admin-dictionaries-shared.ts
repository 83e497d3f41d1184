/** What the back office's catalogue dictionaries share: field refusals and "still in use". */
import type { FieldMessageKey, Lang } from '@bozor/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sqlStateOf } from '../../db/transaction.ts';
import { AppError, type ErrorCode, fieldMessage } from '../../lib/errors.ts';

/** A 400 naming the field and the rule it broke, in the caller's language. */
export function fieldRefusal(field: string, key: FieldMessageKey, lang: Lang): AppError {
  return new AppError('VALIDATION_ERROR', 400, { [field]: [fieldMessage(key, lang)] });
}

/** A 409 on the slug field: another row already has it. */
export function slugTaken(lang: Lang): AppError {
  return new AppError('SLUG_TAKEN', 409, { slug: [fieldMessage('slug_taken', lang)] });
}

/**
 * Runs a write whose slug may collide with another's written at the same moment: the unique
 * index settles it, and the collision reads as the slug's field error rather than a 500.
 */
export async function withUniqueSlug<T>(lang: Lang, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw slugTaken(lang);
    throw error;
  }
}

/** A 409 refusing to delete what products still use, naming how many. */
export function inUse(code: ErrorCode, counts: { products: number; children?: number }) {
  return new AppError(code, 409, undefined, { data: counts, params: counts });
}

/** Serialises the writes of one dictionary within a transaction (a cycle or a slug race). */
export async function lockDictionary(tx: Executor, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bozor.dictionary.${name}`}))`);
}

/** The first position after the last of a list. */
export const nextPosition = (positions: number[]) =>
  positions.length === 0 ? 0 : Math.max(...positions) + 1;
