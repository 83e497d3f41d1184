import {
  type Lang,
  type NewStaff,
  PERMISSIONS,
  type Permission,
  type StaffMember,
  type StaffRole,
  type StaffSetup,
  TOTP_REQUIRED_ROLES,
} from '@bozor/shared';
import {
  and,
  asc,
  count,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { staff, staffSessions } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fieldMessage } from '../../lib/errors.ts';
import { type KeyRing, seal, unseal } from '../../lib/secrets.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { hashPassword, newTotpSecret, totpStep, totpUri, verifyPassword } from './credentials.ts';
import {
  clearFailures,
  countFailure,
  FAILURES_BEFORE_GUARD,
  failureState,
  forgetOldFailures,
} from './sign-in-failures.ts';

export type StaffRow = typeof staff.$inferSelect;

export interface StaffDeps {
  db: Database;
  /** AUTH_SECRET (and AUTH_SECRET_PREVIOUS): seals the TOTP secrets. */
  secret: KeyRing;
}

/** A setup link is good for three days. */
export const SETUP_TTL_MS = 72 * 60 * 60 * 1000;
/** The setup link a sign-in hands a member who must still add a second factor. */
export const TOTP_SETUP_TTL_MS = 30 * 60 * 1000;
/** A session unused this long is over. */
export const STAFF_IDLE_MS = 12 * 60 * 60 * 1000;
/** The last-seen time is written at most this often, not on every request. */
const SEEN_EVERY_MS = 60 * 1000;

const TOTP_PURPOSE = 'staff-totp';

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    totp: row.totpConfirmedAt !== null,
    disabled: row.disabledAt !== null,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The role cannot be used without a second factor (owners and credit officers). */
export function needsTotp(role: string): boolean {
  return (TOTP_REQUIRED_ROLES as readonly string[]).includes(role);
}

export function permissionsOf(role: StaffRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) =>
    (PERMISSIONS[p] as readonly StaffRole[]).includes(role),
  );
}

async function findByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(staff).where(eq(staff.email, email));
  return row;
}

export async function findStaff(db: Executor, id: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row;
}

/**
 * A new account with a one-time setup link (the token is returned once and kept only as its
 * hash). `actor` is the owner who made it; undefined for the first account, made from the shell.
 */
export async function createStaff(
  deps: StaffDeps,
  input: { email: string; name: string; role: StaffRole },
  actor: Actor | undefined,
  now = new Date(),
): Promise<NewStaff> {
  const token = newToken();
  const expires = new Date(now.getTime() + SETUP_TTL_MS);
  const row = await inTransaction(deps.db, async (tx) => {
    const [created] = await tx
      .insert(staff)
      .values({
        email: input.email,
        name: input.name,
        role: input.role,
        setupTokenHash: hashToken(token),
        setupExpiresAt: expires,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('STAFF_EXISTS', 409);
    if (actor) {
      await recordAudit(tx, actor, {
        action: 'staff.create',
        objectType: 'staff',
        objectId: created.id,
        after: { email: created.email, name: created.name, role: created.role },
      });
    }
    return created;
  });
  return {
    staff: toStaffMember(row),
    setup_token: token,
    setup_expires_at: expires.toISOString(),
  };
}

async function bySetupToken(db: Executor, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.setupTokenHash, hashToken(token)), gt(staff.setupExpiresAt, now)));
  if (!row || row.disabledAt) throw new AppError('SETUP_LINK_INVALID', 404);
  return row;
}

/**
 * What the setup link shows: whom it is for, and the TOTP secret to add to an authenticator
 * (made on the first look and the same on every later one until the setup is done).
 */
export async function readSetup(deps: StaffDeps, token: string, now = new Date()) {
  const row = await bySetupToken(deps.db, token, now);
  let secret = row.totpSecret ? unseal(deps.secret, TOTP_PURPOSE, row.totpSecret) : undefined;
  if (!secret) {
    secret = newTotpSecret();
    await deps.db
      .update(staff)
      .set({ totpSecret: seal(deps.secret, TOTP_PURPOSE, secret) })
      .where(eq(staff.id, row.id));
  }
  const setup: StaffSetup = {
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    password_set: row.passwordHash !== null,
    totp_required: needsTotp(row.role),
    totp_secret: secret,
    totp_uri: totpUri(secret, row.email),
  };
  return setup;
}

/**
 * Uses the setup link: sets the password (kept when the account has one: the link a sign-in gave
 * for a second factor) and, with a right code, turns the second factor on (required for owners
 * and credit officers). The link then stops working.
 */
export async function completeSetup(
  deps: StaffDeps,
  input: { token: string; password?: string | undefined; code?: string | undefined },
  client: { ip: string | null; lang: Lang },
  now = new Date(),
): Promise<StaffMember> {
  const row = await bySetupToken(deps.db, input.token, now);
  if (row.passwordHash === null && !input.password) {
    throw new AppError('VALIDATION_ERROR', 400, {
      password: [fieldMessage('field_required', client.lang)],
    });
  }
  const secret = row.totpSecret ? unseal(deps.secret, TOTP_PURPOSE, row.totpSecret) : undefined;
  if (needsTotp(row.role) && !input.code) throw new AppError('STAFF_TOTP_REQUIRED', 422);
  let totpConfirmedAt: Date | null = null;
  let totpLastStep: number | null = null;
  if (input.code) {
    totpLastStep = secret ? totpStep(secret, row.email, input.code, now.getTime()) : null;
    if (totpLastStep === null) throw new AppError('OTP_INVALID', 422);
    totpConfirmedAt = now;
  }
  const passwordHash = input.password ? await hashPassword(input.password) : row.passwordHash;
  return inTransaction(deps.db, async (tx) => {
    const [done] = await tx
      .update(staff)
      .set({
        passwordHash,
        totpConfirmedAt,
        totpLastStep,
        totpSecret: totpConfirmedAt ? row.totpSecret : null,
        setupTokenHash: null,
        setupExpiresAt: null,
      })
      .where(and(eq(staff.id, row.id), eq(staff.setupTokenHash, hashToken(input.token))))
      .returning();
    if (!done) throw new AppError('SETUP_LINK_INVALID', 404);
    await recordAudit(
      tx,
      { staffId: done.id, ip: client.ip },
      {
        action: 'staff.setup',
        objectType: 'staff',
        objectId: done.id,
        before: { password_set: row.passwordHash !== null, totp: row.totpConfirmedAt !== null },
        after: { password_set: true, totp: totpConfirmedAt !== null },
      },
    );
    return toStaffMember(done);
  });
}

export interface SignInClient {
  ip: string | null;
  userAgent: string | null;
}

/** Why a sign-in failed, as the audit log keeps it (the answer is the same for all). */
type FailureReason =
  | 'no_account'
  | 'not_set_up'
  | 'disabled'
  | 'password'
  | 'code'
  | 'code_missing'
  | 'totp_not_set_up';

/**
 * A failed sign-in: counted, recorded in the audit log, and answered alike for every email,
 * known or not. While the email is guarded, an attempt without a code is told to bring one.
 */
async function refuseSignIn(
  deps: StaffDeps,
  email: string,
  member: StaffRow | undefined,
  reason: FailureReason,
  attempt: { client: SignInClient; guarded: boolean; withCode: boolean },
  now: Date,
): Promise<never> {
  const { ip } = attempt.client;
  const actor = { staffId: member?.id ?? null, ip };
  const object = member
    ? { objectType: 'staff', objectId: member.id }
    : { objectType: 'staff_email', objectId: email };
  await inTransaction(deps.db, async (tx) => {
    const counted = await countFailure(tx, email, ip, now);
    await recordAudit(tx, actor, { action: 'staff.sign_in_failed', ...object, after: { reason } });
    if (counted.waitMs > 0) {
      await recordAudit(tx, actor, {
        action: 'staff.sign_in_wait',
        ...object,
        after: {
          address: ip,
          failures: counted.here,
          wait_seconds: Math.ceil(counted.waitMs / 1000),
        },
      });
    }
    if (counted.everywhere === FAILURES_BEFORE_GUARD) {
      await recordAudit(tx, actor, {
        action: 'staff.sign_in_guarded',
        ...object,
        after: { failures: counted.everywhere },
      });
    }
  });
  await forgetOldFailures(deps.db, now);
  if (attempt.guarded && !attempt.withCode) throw new AppError('STAFF_SIGN_IN_GUARDED', 401);
  throw new AppError('STAFF_SIGN_IN_FAILED', 401);
}

/**
 * A member whose role needs a second factor and who has none: no session, but a setup link of
 * their own (the password just proved it is them) that connects the authenticator.
 */
async function requireTotpSetup(
  deps: StaffDeps,
  member: StaffRow,
  client: SignInClient,
  now: Date,
): Promise<never> {
  const token = newToken();
  const expires = new Date(now.getTime() + TOTP_SETUP_TTL_MS);
  await inTransaction(deps.db, async (tx) => {
    await tx
      .update(staff)
      .set({ setupTokenHash: hashToken(token), setupExpiresAt: expires })
      .where(eq(staff.id, member.id));
    await recordAudit(
      tx,
      { staffId: member.id, ip: client.ip },
      {
        action: 'staff.totp_setup_required',
        objectType: 'staff',
        objectId: member.id,
        after: { role: member.role },
      },
    );
  });
  throw new AppError('STAFF_TOTP_SETUP_REQUIRED', 403, undefined, {
    data: { setup_token: token, setup_expires_at: expires.toISOString() },
  });
}

/**
 * Checks email, password and the TOTP code, which every owner and credit officer must have (one
 * without it is led to set it up). Every failure answers the same, whether the email is an
 * account's or not; it is counted by email and address (sign-in-failures.ts): the address that
 * keeps failing waits, and an email failed from everywhere is let in only with the password and
 * the code together, so an outsider's guesses never keep the member out.
 */
export async function signIn(
  deps: StaffDeps,
  input: { email: string; password: string; code?: string | undefined },
  client: SignInClient,
  now = new Date(),
): Promise<{ token: string; sessionId: number; staff: StaffRow }> {
  const { email, code } = input;
  const state = await failureState(deps.db, email, client.ip, now);
  if (state.waitUntil) {
    const seconds = Math.ceil((state.waitUntil.getTime() - now.getTime()) / 1000);
    throw new AppError('STAFF_SIGN_IN_WAIT', 429, undefined, {
      retryAfter: seconds,
      params: { minutes: Math.ceil(seconds / 60) },
    });
  }
  const attempt = { client, guarded: state.guarded, withCode: code !== undefined };
  const row = await findByEmail(deps.db, email);
  // an unknown email, or an account not set up, is checked against a decoy: it takes as long
  const passwordOk = await verifyPassword(row?.passwordHash ?? null, input.password);
  if (!row || !passwordOk || row.disabledAt) {
    const reason: FailureReason = !row
      ? 'no_account'
      : row.passwordHash === null
        ? 'not_set_up'
        : !passwordOk
          ? 'password'
          : 'disabled';
    return refuseSignIn(deps, email, row, reason, attempt, now);
  }
  const hasTotp = row.totpConfirmedAt !== null && row.totpSecret !== null;
  if (!hasTotp && needsTotp(row.role)) {
    // while the email is guarded a password alone proves nothing, so it gets no setup link
    if (state.guarded) return refuseSignIn(deps, email, row, 'totp_not_set_up', attempt, now);
    return requireTotpSetup(deps, row, client, now);
  }
  if (hasTotp && row.totpSecret) {
    if (!code) {
      if (state.guarded) return refuseSignIn(deps, email, row, 'code_missing', attempt, now);
      throw new AppError('STAFF_TOTP_REQUIRED', 401);
    }
    const secret = unseal(deps.secret, TOTP_PURPOSE, row.totpSecret);
    const step = totpStep(secret, row.email, code, now.getTime());
    // each code signs in once: taking its step is refused when it (or a later one) was used
    const taken =
      step !== null &&
      (await deps.db
        .update(staff)
        .set({ totpLastStep: step })
        .where(
          and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))),
        )
        .returning({ id: staff.id }));
    if (!taken || taken.length === 0) return refuseSignIn(deps, email, row, 'code', attempt, now);
  }
  const token = newToken();
  const sessionId = await inTransaction(deps.db, async (tx) => {
    await tx.update(staff).set({ lastSignInAt: now }).where(eq(staff.id, row.id));
    const [session] = await tx
      .insert(staffSessions)
      .values({
        staffId: row.id,
        tokenHash: hashToken(token),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
        createdAt: now,
        lastSeenAt: now,
      })
      .returning({ id: staffSessions.id });
    if (!session) throw new Error('a session insert returned no row');
    await clearFailures(tx, email, client.ip);
    await recordAudit(
      tx,
      { staffId: row.id, ip: client.ip },
      {
        action: 'staff.sign_in',
        objectType: 'staff',
        objectId: row.id,
        after: { session_id: session.id, totp: hasTotp },
      },
    );
    return session.id;
  });
  return { token, sessionId, staff: row };
}

export interface CurrentStaff {
  id: number;
  email: string;
  role: StaffRole;
  sessionId: number;
}

/**
 * The member of staff a session token belongs to, while the session is live (and, for a role that
 * needs a second factor, while the member has one).
 */
export async function staffOfToken(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<CurrentStaff | undefined> {
  const [row] = await db
    .select({
      id: staff.id,
      email: staff.email,
      role: staff.role,
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        isNull(staff.disabledAt),
        or(notInArray(staff.role, [...TOTP_REQUIRED_ROLES]), isNotNull(staff.totpConfirmedAt)),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS)),
      ),
    );
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > SEEN_EVERY_MS) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .where(eq(staffSessions.id, row.sessionId));
  }
  return { id: row.id, email: row.email, role: row.role as StaffRole, sessionId: row.sessionId };
}

export async function signOut(
  db: Database,
  current: CurrentStaff,
  ip: string | null,
  now = new Date(),
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const ended = await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.id, current.sessionId), isNull(staffSessions.revokedAt)))
      .returning({ id: staffSessions.id });
    if (ended.length === 0) return;
    await recordAudit(
      tx,
      { staffId: current.id, ip },
      {
        action: 'staff.sign_out',
        objectType: 'staff',
        objectId: current.id,
        after: { session_id: current.sessionId },
      },
    );
  });
}

export async function listStaff(db: Executor): Promise<StaffMember[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.id));
  return rows.map(toStaffMember);
}

/** An owner who can sign in now: not disabled, setup finished, second factor on. */
const usableOwner = and(
  eq(staff.role, 'owner'),
  isNull(staff.disabledAt),
  isNotNull(staff.passwordHash),
  isNotNull(staff.totpConfirmedAt),
);

const isUsableOwner = (row: StaffRow) =>
  row.role === 'owner' &&
  row.disabledAt === null &&
  row.passwordHash !== null &&
  row.totpConfirmedAt !== null;

async function countOtherUsableOwners(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .where(and(usableOwner, ne(staff.id, id)));
  return row?.n ?? 0;
}

/**
 * An owner changes a member of staff's name, role or access. Disabling or a new role ends every
 * session of theirs at once (a role that needs a second factor asks for its setup at the next
 * sign-in); the shop always keeps one owner who can sign in: one who never finished the setup,
 * or has no second factor, does not count.
 */
export async function changeStaff(
  deps: StaffDeps,
  id: number,
  change: {
    name?: string | undefined;
    role?: StaffRole | undefined;
    disabled?: boolean | undefined;
  },
  actor: Actor,
  now = new Date(),
): Promise<StaffMember> {
  return inTransaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
    if (!before) throw new AppError('STAFF_NOT_FOUND', 404);
    const losesOwner =
      isUsableOwner(before) &&
      ((change.role !== undefined && change.role !== 'owner') || change.disabled === true);
    if (losesOwner) {
      // owners are locked in id order, so two owners demoting each other cannot both pass
      await tx.execute(sql`select id from staff where role = 'owner' order by id for update`);
      if ((await countOtherUsableOwners(tx, id)) === 0) throw new AppError('LAST_OWNER', 409);
    }
    const disabledAt =
      change.disabled === undefined ? before.disabledAt : change.disabled ? now : null;
    const [after] = await tx
      .update(staff)
      .set({
        name: change.name ?? before.name,
        role: change.role ?? before.role,
        disabledAt,
      })
      .where(eq(staff.id, id))
      .returning();
    if (!after) throw new AppError('STAFF_NOT_FOUND', 404);
    let sessionsEnded: number | undefined;
    if (change.disabled === true || after.role !== before.role) {
      const ended = await tx
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)))
        .returning({ id: staffSessions.id });
      sessionsEnded = ended.length;
    }
    const pickChanged = (row: StaffRow) => ({
      name: row.name,
      role: row.role,
      disabled: row.disabledAt !== null,
    });
    await recordAudit(tx, actor, {
      action: 'staff.change',
      objectType: 'staff',
      objectId: id,
      before: pickChanged(before),
      after: { ...pickChanged(after), sessions_ended: sessionsEnded },
    });
    return toStaffMember(after);
  });
}

/** Ends every session of a member of staff (a lost laptop); recorded in the audit log. */
export async function revokeSessions(
  deps: StaffDeps,
  id: number,
  actor: Actor,
  now = new Date(),
): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const target = await findStaff(tx, id);
    if (!target) throw new AppError('STAFF_NOT_FOUND', 404);
    const ended = await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)))
      .returning({ id: staffSessions.id });
    await recordAudit(tx, actor, {
      action: 'staff.revoke_sessions',
      objectType: 'staff',
      objectId: id,
      after: { sessions_ended: ended.length },
    });
    return ended.length;
  });
}
