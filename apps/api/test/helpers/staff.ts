import type { StaffRole } from '@bozor/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { staff, staffSessions } from '../../src/db/schema/index.ts';
import { hashToken, newToken } from '../../src/modules/accounts/tokens.ts';
import { STAFF_COOKIE } from '../../src/plugins/staff-auth.ts';

export interface StaffBrowser {
  staffId: number;
  /** The Cookie header: the session and the CSRF secret. */
  cookie: string;
  /** The x-csrf-token header every write carries. */
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

/** A member of staff of `role`, signed in: the cookies and CSRF token a browser would hold. */
export async function signedInStaff(
  app: FastifyInstance,
  db: Database,
  role: StaffRole,
): Promise<StaffBrowser> {
  made += 1;
  const [row] = await db
    .insert(staff)
    .values({
      email: `${role}.${made}.${Date.now()}@bozor.test`,
      name: `${role} ${made}`,
      role,
      passwordHash: 'not-used',
    })
    .returning();
  const token = newToken();
  await db.insert(staffSessions).values({ staffId: row!.id, tokenHash: hashToken(token) });
  const { cookie, csrf } = await csrfPair(app);
  return { staffId: row!.id, cookie: `${STAFF_COOKIE}=${token}; ${cookie}`, csrf };
}

/** The headers of a request from that browser. */
export function as(browser: StaffBrowser): Record<string, string> {
  return { cookie: browser.cookie, 'x-csrf-token': browser.csrf };
}
