import { z } from 'zod';
import { ErrorBody } from './common.ts';
import { STAFF_ROLES } from './permissions.ts';

/** The people who run the shop, by what they may do (DESIGN §6b). */
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

/** Roles whose accounts cannot be used without a second factor. */
export const TOTP_REQUIRED_ROLES: readonly StaffRole[] = ['owner', 'credit_officer'];

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 200;

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .pipe(z.email({ error: 'email_invalid' }));
const Password = z.string().min(1).max(STAFF_PASSWORD_MAX);
const TotpCode = z.string().regex(/^\d{6}$/, { error: 'totp_code_invalid' });

export const StaffSignInBody = z.object({
  email: Email,
  password: Password,
  /** The authenticator's six digits, when the account has a second factor. */
  code: TotpCode.optional(),
});

/** A setup link's token: what `npm run admin:create` or an owner hands a new member of staff. */
export const SetupTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/) });

export const StaffSetupBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/),
  /** Required when the account has no password yet; otherwise the one it has is kept. */
  password: z
    .string()
    .min(STAFF_PASSWORD_MIN, { error: 'password_too_short' })
    .max(STAFF_PASSWORD_MAX)
    .optional(),
  /** Required for the roles in TOTP_REQUIRED_ROLES; for the others it turns the factor on. */
  code: TotpCode.optional(),
});

/** What a setup link shows before the password is chosen: whom it is for and the TOTP secret. */
export const StaffSetup = z.object({
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  /**
   * The account already has a password: the link was given at sign-in to a member whose role
   * now needs a second factor, and only the authenticator is left to connect.
   */
  password_set: z.boolean(),
  totp_required: z.boolean(),
  /** Base32, for typing into an authenticator. */
  totp_secret: z.string(),
  /** `otpauth://totp/…`, for a QR code. */
  totp_uri: z.string(),
});
export type StaffSetup = z.infer<typeof StaffSetup>;

export const StaffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  totp: z.boolean(),
  disabled: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** The signed-in member of staff, and the token every write must carry in `x-csrf-token`. */
export const StaffSession = z.object({
  staff: StaffMember,
  permissions: z.array(z.string()),
  csrf_token: z.string(),
});
export type StaffSession = z.infer<typeof StaffSession>;

export const CsrfToken = z.object({ csrf_token: z.string() });

/**
 * The sign-in's answer (403 `STAFF_TOTP_SETUP_REQUIRED`) to the right password of a member whose
 * role needs a second factor they have not set up: no session yet, a setup link of their own.
 */
export const StaffSetupRequired = ErrorBody.extend({
  data: z.object({ setup_token: z.string(), setup_expires_at: z.string() }),
});
export type StaffSetupRequired = z.infer<typeof StaffSetupRequired>;

export const NewStaffBody = z.object({
  email: Email,
  name: z.string().trim().min(1).max(120),
  role: StaffRole,
});

/** A new account and its one-time setup link (valid 72 hours). */
export const NewStaff = z.object({
  staff: StaffMember,
  setup_token: z.string(),
  setup_expires_at: z.string(),
});
export type NewStaff = z.infer<typeof NewStaff>;

export const StaffChangeBody = z
  .object({
    role: StaffRole.optional(),
    name: z.string().trim().min(1).max(120).optional(),
    disabled: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'nothing_to_change' });

export const AuditQuery = z.object({
  staff_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  object_type: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  object_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,60}$/)
    .optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null for a failed sign-in with an email no account has. */
  staff_id: z.number().int().nullable(),
  staff_email: z.string().nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
