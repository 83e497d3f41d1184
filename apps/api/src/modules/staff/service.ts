import {
  type NewStaff,
  PERMISSIONS,
  type Permission,
  type StaffMember,
  type StaffRole,
  type StaffSetup,
  TOTP_REQUIRED_ROLES,
} from '@bozor/shared';
import { and, asc, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { staff, staffSessions } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { type KeyRing, seal, unseal } from '../../lib/secrets.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';
import { type Actor, recordAudit } from './audit.ts';
import { hashPassword, newTotpSecret, totpStep, totpUri, verifyPassword } from './credentials.ts';

export type StaffRow = typeof staff.$inferSelect;

export interface StaffDeps {
  db: Database;
  /** AUTH_SECRET (and AUTH_SECRET_PREVIOUS): seals the TOTP secrets. */
  secret: KeyRing;
}

/** A setup link is good for three days. */
export const SETUP_TTL_MS = 72 * 60 * 60 * 1000;
/** A session unused this long is over. */
export const STAFF_IDLE_MS = 12 * 60 * 60 * 1000;
/** The last-seen time is written at most this often, not on every request. */
const SEEN_EVERY_MS = 60 * 1000;
/** Wrong sign-ins in a row before the account waits. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MS = 15 * 60 * 1000;

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
    totp_required: TOTP_REQUIRED_ROLES.includes(row.role as StaffRole),
    totp_secret: secret,
    totp_uri: totpUri(secret, row.email),
  };
  return setup;
}

/**
 * Uses the setup link: sets the password and, with a right code, turns the second factor on
 * (required for owners and credit officers). The link then stops working.
 */
export async function completeSetup(
  deps: StaffDeps,
  input: { token: string; password: string; code?: string | undefined },
  now = new Date(),
): Promise<StaffMember> {
  const row = await bySetupToken(deps.db, input.token, now);
  const required = TOTP_REQUIRED_ROLES.includes(row.role as StaffRole);
  const secret = row.totpSecret ? unseal(deps.secret, TOTP_PURPOSE, row.totpSecret) : undefined;
  if (required && !input.code) throw new AppError('STAFF_TOTP_REQUIRED', 422);
  let totpConfirmedAt: Date | null = null;
  let totpLastStep: number | null = null;
  if (input.code) {
    totpLastStep = secret ? totpStep(secret, row.email, input.code, now.getTime()) : null;
    if (totpLastStep === null) throw new AppError('OTP_INVALID', 422);
    totpConfirmedAt = now;
  }
  const passwordHash = await hashPassword(input.password);
  const [done] = await deps.db
    .update(staff)
    .set({
      passwordHash,
      totpConfirmedAt,
      totpLastStep,
      totpSecret: totpConfirmedAt ? row.totpSecret : null,
      setupTokenHash: null,
      setupExpiresAt: null,
      failedSignIns: 0,
      lockedUntil: null,
    })
    .where(and(eq(staff.id, row.id), eq(staff.setupTokenHash, hashToken(input.token))))
    .returning();
  if (!done) throw new AppError('SETUP_LINK_INVALID', 404);
  return toStaffMember(done);
}

/**
 * Checks email, password and (when the account has one) the TOTP code. Every failure answers the
 * same, and counts against the account: five in a row make it wait 15 minutes.
 */
export async function signIn(
  deps: StaffDeps,
  input: { email: string; password: string; code?: string | undefined },
  client: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<{ token: string; staff: StaffRow }> {
  const row = await findByEmail(deps.db, input.email);
  if (row?.lockedUntil && row.lockedUntil > now) throw new AppError('STAFF_LOCKED', 429);
  const passwordOk = await verifyPassword(row?.passwordHash ?? null, input.password);
  if (!row || !passwordOk || row.disabledAt) {
    if (row) await countFailure(deps.db, row.id, now);
    throw new AppError('STAFF_SIGN_IN_FAILED', 401);
  }
  if (row.totpConfirmedAt && row.totpSecret) {
    if (!input.code) throw new AppError('STAFF_TOTP_REQUIRED', 401);
    const secret = unseal(deps.secret, TOTP_PURPOSE, row.totpSecret);
    const step = totpStep(secret, row.email, input.code, now.getTime());
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
    if (!taken || taken.length === 0) {
      await countFailure(deps.db, row.id, now);
      throw new AppError('STAFF_SIGN_IN_FAILED', 401);
    }
  }
  const token = newToken();
  await inTransaction(deps.db, async (tx) => {
    await tx
      .update(staff)
      .set({ failedSignIns: 0, lockedUntil: null, lastSignInAt: now })
      .where(eq(staff.id, row.id));
    await tx.insert(staffSessions).values({
      staffId: row.id,
      tokenHash: hashToken(token),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      createdAt: now,
      lastSeenAt: now,
    });
  });
  return { token, staff: row };
}

async function countFailure(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(staff)
    .set({
      failedSignIns: sql`${staff.failedSignIns} + 1`,
      lockedUntil: sql`case when ${staff.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS}
        then ${new Date(now.getTime() + LOCK_MS).toISOString()}::timestamptz else null end`,
    })
    .where(eq(staff.id, id));
}

export interface CurrentStaff {
  id: number;
  email: string;
  role: StaffRole;
  sessionId: number;
}

/** The member of staff a session token belongs to, while the session is live. */
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

export async function signOut(db: Executor, sessionId: number, now = new Date()): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

export async function listStaff(db: Executor): Promise<StaffMember[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.id));
  return rows.map(toStaffMember);
}

async function countOtherOwners(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), ne(staff.id, id)));
  return row?.n ?? 0;
}

/**
 * An owner changes a member of staff's name, role or access. Disabling ends every session of
 * theirs at once; the shop always keeps one owner who can sign in.
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
      before.role === 'owner' &&
      before.disabledAt === null &&
      ((change.role !== undefined && change.role !== 'owner') || change.disabled === true);
    if (losesOwner) {
      // owners are locked in id order, so two owners demoting each other cannot both pass
      await tx.execute(sql`select id from staff where role = 'owner' order by id for update`);
      if ((await countOtherOwners(tx, id)) === 0) throw new AppError('LAST_OWNER', 409);
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
    if (change.disabled === true || (change.role !== undefined && change.role !== before.role)) {
      await tx
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
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
      after: pickChanged(after),
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
