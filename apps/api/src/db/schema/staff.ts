import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A member of staff: signs in to the back office with email, password and (for some) TOTP. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** argon2id, PHC string; null until the setup link is used. */
    passwordHash: text('password_hash'),
    /** The TOTP secret, sealed; shown once by the setup link. */
    totpSecret: text('totp_secret'),
    /** Set once the first code was right: from then on every sign-in asks for one. */
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /**
     * The 30-second step of the last code accepted: a code is good once, so one seen over a
     * shoulder or caught on its way cannot sign in again within its window (RFC 6238 §5.2).
     */
    totpLastStep: integer('totp_last_step'),
    setupTokenHash: text('setup_token_hash'),
    setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(t.email),
    uniqueIndex('staff_setup_token_key').on(t.setupTokenHash),
    check(
      'staff_role_check',
      sql`${t.role} in ('owner', 'operator', 'credit_officer', 'content_manager', 'viewer')`,
    ),
  ],
);

/**
 * Wrong sign-ins by the email typed, whether an account has it or not (so an unknown email is
 * answered exactly as a known one): per address, and with `address` '*' from every address.
 * Forgotten an hour after the last one; a sign-in clears its email's rows.
 */
export const staffSignInFailures = pgTable(
  'staff_sign_in_failures',
  {
    /** Lower-case, as typed. */
    email: text('email').notNull(),
    /** The client's address, or '*' for the count over every address. */
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** This address tries this email again no sooner than this. */
    waitUntil: timestamp('wait_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'staff_sign_in_failures_pk', columns: [t.email, t.address] }),
    index('staff_sign_in_failures_last_idx').on(t.lastFailedAt),
  ],
);

/** A signed-in browser of a member of staff; the cookie holds the token, this row its hash. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on as the session is used; 12 hours without use end it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_key').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/**
 * Every write by staff: who, when, what, and the values before and after. Append-only: the
 * database refuses to update or delete a row (a trigger in the migration).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Who did it; null for a failed sign-in with an email no account has. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    /** `order.status`, `staff.create`, `customer.reveal_identity`, `staff.sign_in`… */
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);
