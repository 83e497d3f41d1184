import { type StaffRole, TOTP_REQUIRED_ROLES } from '@bozor/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { staff, staffSessions } from '../../src/db/schema/index.ts';
import { hashToken, newToken } from '../../src/modules/accounts/tokens.ts';
import { totpCode } from '../../src/modules/staff/credentials.ts';
import { createStaff } from '../../src/modules/staff/service.ts';
import { STAFF_COOKIE } from '../../src/plugins/staff-auth.ts';

export interface StaffBrowser {
  staffId: number;
  /** The Cookie header: the session and the CSRF secret. */
  cookie: string;
  /** The x-csrf-token header every write carries: the session's own. */
  csrf: string;
}

let made = 0;

/** A CSRF secret cookie and its token, as GET /api/admin/auth/csrf hands them out. */
export async function csrfPair(app: FastifyInstance): Promise<{ cookie: string; csrf: string }> {
  const res = await app.inject({ method: 'GET', url: '/api/admin/auth/csrf' });
  const secret = res.cookies.find((c) => c.name === 'bozor_csrf');
  if (!secret) throw new Error('no CSRF cookie');
  return { cookie: `bozor_csrf=${secret.value}`, csrf: res.json().data.csrf_token };
}

/**
 * A member of staff of `role`, signed in: the cookies and CSRF token a browser would hold. An
 * owner or credit officer has a second factor turned on, as every one who can sign in does (its
 * secret is never read: the session is made here, not by signing in).
 */
export async function signedInStaff(
  app: FastifyInstance,
  db: Database,
  role: StaffRole,
): Promise<StaffBrowser> {
  made += 1;
  const totp = TOTP_REQUIRED_ROLES.includes(role);
  const [row] = await db
    .insert(staff)
    .values({
      email: `${role}.${made}.${Date.now()}@bozor.test`,
      name: `${role} ${made}`,
      role,
      passwordHash: 'not-used',
      ...(totp ? { totpConfirmedAt: new Date() } : {}),
    })
    .returning();
  const token = newToken();
  await db.insert(staffSessions).values({ staffId: row!.id, tokenHash: hashToken(token) });
  const { cookie } = await csrfPair(app);
  const session = `${STAFF_COOKIE}=${token}`;
  const res = await app.inject({
    method: 'GET',
    url: '/api/admin/auth/csrf',
    headers: { cookie: session },
  });
  return { staffId: row!.id, cookie: `${session}; ${cookie}`, csrf: res.json().data.csrf_token };
}

/** The headers of a request from that browser. */
export function as(browser: StaffBrowser): Record<string, string> {
  return { cookie: browser.cookie, 'x-csrf-token': browser.csrf };
}

/**
 * A member of staff made as an owner makes one and set up through the link: the password, and
 * (when `totp`) the authenticator, whose code of the step before now the setup spends, so the
 * codes of now and of the next step are left for two sign-ins. Answers the TOTP secret.
 */
export async function setUpStaff(
  app: FastifyInstance,
  db: Database,
  member: { email: string; role: StaffRole; password: string; totp: boolean },
): Promise<{ id: number; secret: string }> {
  const made = await createStaff(
    { db, secret: app.authSecret },
    { email: member.email, name: 'Dilnoza Karimova', role: member.role },
    undefined,
  );
  const link = await app.inject({ url: `/api/admin/auth/setup/${made.setup_token}` });
  const secret = link.json().data.totp_secret as string;
  const pair = await csrfPair(app);
  const done = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/setup',
    headers: { cookie: pair.cookie, 'x-csrf-token': pair.csrf },
    payload: {
      token: made.setup_token,
      password: member.password,
      ...(member.totp ? { code: totpCode(secret, member.email, Date.now() - 30_000) } : {}),
    },
  });
  if (done.statusCode !== 200) throw new Error(`setup answered ${done.statusCode}: ${done.body}`);
  return { id: made.staff.id, secret };
}

/** Signs in from `address` (each test's own, so the limit per address is not shared). */
export async function signInFrom(
  app: FastifyInstance,
  address: string,
  body: { email: string; password: string; code?: string },
) {
  const pair = await csrfPair(app);
  return app.inject({
    method: 'POST',
    url: '/api/admin/auth/sign-in',
    remoteAddress: address,
    headers: { cookie: pair.cookie, 'x-csrf-token': pair.csrf },
    payload: body,
  });
}
