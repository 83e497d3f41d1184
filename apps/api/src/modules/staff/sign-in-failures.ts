import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffSignInFailures } from '../../db/schema/index.ts';

/**
 * Wrong sign-ins are counted by the email typed, known or not, so an unknown email is answered
 * exactly as a known one. Nothing here refuses the member at their own address: a wait holds back
 * only the address that failed, and an email failed from everywhere asks for the password and the
 * code together, which the member has and a guesser does not.
 */

/** Wrong sign-ins of one email from one address before that address waits. */
export const FAILURES_BEFORE_WAIT = 5;
/** The first wait; each further failure doubles it, up to LONGEST_WAIT_MS. */
export const FIRST_WAIT_MS = 60 * 1000;
export const LONGEST_WAIT_MS = 15 * 60 * 1000;
/** Wrong sign-ins of one email from every address before its password alone proves nothing. */
export const FAILURES_BEFORE_GUARD = 10;
/** Failures are forgotten this long after the last one. */
export const FAILURES_KEPT_MS = 60 * 60 * 1000;
/** The `address` of the count over every address. */
const EVERY_ADDRESS = '*';

/** The address a count is kept under (a request without one counts as one address). */
const addressOf = (ip: string | null) => ip || 'unknown';

/** How long an address waits after its `failures`-th wrong sign-in of one email in a row. */
export function waitAfter(failures: number): number {
  if (failures < FAILURES_BEFORE_WAIT) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - FAILURES_BEFORE_WAIT), LONGEST_WAIT_MS);
}

export interface FailureState {
  /** This address may not try this email before then; null when it may now. */
  waitUntil: Date | null;
  /** The email failed from every address so often that a password alone proves nothing. */
  guarded: boolean;
}

export async function failureState(
  db: Executor,
  email: string,
  ip: string | null,
  now: Date,
): Promise<FailureState> {
  const rows = await db
    .select()
    .from(staffSignInFailures)
    .where(
      and(
        eq(staffSignInFailures.email, email),
        inArray(staffSignInFailures.address, [addressOf(ip), EVERY_ADDRESS]),
        gt(staffSignInFailures.lastFailedAt, new Date(now.getTime() - FAILURES_KEPT_MS)),
      ),
    );
  const here = rows.find((r) => r.address !== EVERY_ADDRESS);
  const everywhere = rows.find((r) => r.address === EVERY_ADDRESS);
  return {
    waitUntil: here?.waitUntil && here.waitUntil > now ? here.waitUntil : null,
    guarded: (everywhere?.failures ?? 0) >= FAILURES_BEFORE_GUARD,
  };
}

/** One more failure, counted at the address and over every address. */
async function bump(db: Executor, email: string, address: string, now: Date): Promise<number> {
  const forgotten = new Date(now.getTime() - FAILURES_KEPT_MS);
  const [row] = await db
    .insert(staffSignInFailures)
    .values({ email, address, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [staffSignInFailures.email, staffSignInFailures.address],
      set: {
        failures: sql`case when ${staffSignInFailures.lastFailedAt} <= ${forgotten.toISOString()}::timestamptz
          then 1 else ${staffSignInFailures.failures} + 1 end`,
        lastFailedAt: now,
      },
    })
    .returning({ failures: staffSignInFailures.failures });
  return row?.failures ?? 1;
}

export interface CountedFailure {
  /** Failures of this email from this address, and how long the address now waits (0: none). */
  here: number;
  waitMs: number;
  /** Failures of this email from every address. */
  everywhere: number;
}

export async function countFailure(
  db: Executor,
  email: string,
  ip: string | null,
  now: Date,
): Promise<CountedFailure> {
  const address = addressOf(ip);
  // '*' first, in the key order a sign-in's delete takes the two rows in (inTransaction retries
  // the rare deadlock all the same)
  const everywhere = await bump(db, email, EVERY_ADDRESS, now);
  const here = await bump(db, email, address, now);
  const waitMs = waitAfter(here);
  if (waitMs > 0) {
    await db
      .update(staffSignInFailures)
      .set({ waitUntil: new Date(now.getTime() + waitMs) })
      .where(and(eq(staffSignInFailures.email, email), eq(staffSignInFailures.address, address)));
  }
  return { here, waitMs, everywhere };
}

/** A sign-in: its email's count at this address and over every address start again. */
export async function clearFailures(db: Executor, email: string, ip: string | null) {
  await db
    .delete(staffSignInFailures)
    .where(
      and(
        eq(staffSignInFailures.email, email),
        inArray(staffSignInFailures.address, [addressOf(ip), EVERY_ADDRESS]),
      ),
    );
}

/** Drops the counts nobody added to for FAILURES_KEPT_MS (unknown emails included). */
export async function forgetOldFailures(db: Executor, now: Date): Promise<void> {
  await db
    .delete(staffSignInFailures)
    .where(lt(staffSignInFailures.lastFailedAt, new Date(now.getTime() - FAILURES_KEPT_MS)));
}
