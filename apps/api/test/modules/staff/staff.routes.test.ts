import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@bozor/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staff } from '../../../src/db/schema/index.ts';
import { totpCode } from '../../../src/modules/staff/credentials.ts';
import { createStaff } from '../../../src/modules/staff/service.ts';
import { FAILURES_BEFORE_WAIT } from '../../../src/modules/staff/sign-in-failures.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { as, csrfPair, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

const PASSWORD = 'correct horse battery staple';

describe('back-office staff', () => {
  const ctx = useTestApp();
  const deps = () => ({ db: ctx.db, secret: ctx.app.authSecret });

  /** Makes an account, uses its setup link (with a TOTP code) and answers the TOTP secret. */
  async function setUp(email: string, role: StaffRole) {
    const made = await createStaff(deps(), { email, name: 'Dilnoza Karimova', role }, undefined);
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/auth/setup/${made.setup_token}`,
    });
    expect(link.statusCode).toBe(200);
    const { totp_secret: secret, totp_required: required } = link.json().data;
    expect(required).toBe(role === 'owner' || role === 'credit_officer');
    const pair = await csrfPair(ctx.app);
    // the moment of the code the setup spends: a later sign-in tells its step from the next
    const at = Date.now();
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/setup',
      headers: { cookie: pair.cookie, 'x-csrf-token': pair.csrf },
      payload: { token: made.setup_token, password: PASSWORD, code: totpCode(secret, email, at) },
    });
    expect(done.statusCode).toBe(200);
    return { secret, token: made.setup_token, at };
  }

  async function signIn(body: Record<string, unknown>, remoteAddress = '127.0.0.1') {
    const pair = await csrfPair(ctx.app);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-in',
      remoteAddress,
      headers: { cookie: pair.cookie, 'x-csrf-token': pair.csrf },
      payload: body,
    });
  }

  it('sets up an owner by the setup link, then signs in with password and TOTP', async () => {
    const email = 'owner.setup@bozor.test';
    const { secret, token, at } = await setUp(email, 'owner');

    // the link works once
    const again = await ctx.app.inject({ method: 'GET', url: `/api/admin/auth/setup/${token}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('SETUP_LINK_INVALID');

    const withoutCode = await signIn({ email, password: PASSWORD });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().code).toBe('STAFF_TOTP_REQUIRED');

    // the code the setup took is spent: the next one signs in, once
    const spent = await signIn({ email, password: PASSWORD, code: totpCode(secret, email, at) });
    expect(spent.statusCode).toBe(401);
    expect(spent.json().code).toBe('STAFF_SIGN_IN_FAILED');
    const next = totpCode(secret, email, at + 30_000);
    const res = await signIn({ email: 'Owner.Setup@Bozor.test', password: PASSWORD, code: next });
    expect(res.statusCode).toBe(200);
    const replayed = await signIn({ email, password: PASSWORD, code: next });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe('STAFF_SIGN_IN_FAILED');
    const cookie = res.cookies.find((c) => c.name === 'bozor_staff');
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/api/admin',
    });
    expect(res.json().data.permissions).toContain('staff.manage');

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: { cookie: `bozor_staff=${cookie!.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.staff).toMatchObject({ email, role: 'owner', totp: true });
  });

  it('refuses an owner setup without a TOTP code, and a short password', async () => {
    const made = await createStaff(
      deps(),
      { email: 'no.code@bozor.test', name: 'N', role: 'owner' },
      undefined,
    );
    const pair = await csrfPair(ctx.app);
    const headers = { cookie: pair.cookie, 'x-csrf-token': pair.csrf };
    const noCode = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/setup',
      headers,
      payload: { token: made.setup_token, password: PASSWORD },
    });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().code).toBe('STAFF_TOTP_REQUIRED');
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/setup',
      headers: { ...headers, lang: 'ru' },
      payload: { token: made.setup_token, password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toEqual(['Пароль должен быть не короче 12 символов']);
  });

  it('answers every wrong sign-in alike and makes the address that failed five times wait', async () => {
    const email = 'locked.out@bozor.test';
    await setUp(email, 'operator');
    const from = (remoteAddress: string, body: Record<string, unknown>) =>
      signIn(body, remoteAddress);
    const unknown = await from('192.0.2.10', { email: 'nobody@bozor.test', password: PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('STAFF_SIGN_IN_FAILED');
    for (let i = 0; i < FAILURES_BEFORE_WAIT; i++) {
      const wrong = await from('192.0.2.11', { email, password: 'not the password at all' });
      expect(wrong.json().code).toBe('STAFF_SIGN_IN_FAILED');
    }
    // even the right password waits there now, but not from another address
    const right = await from('192.0.2.11', { email, password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('STAFF_SIGN_IN_WAIT');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(60);
    const elsewhere = await from('192.0.2.12', { email, password: PASSWORD });
    // the password is taken: only the authenticator's code is asked for
    expect(elsewhere.json().code).toBe('STAFF_TOTP_REQUIRED');
  });

  it('refuses a write without its CSRF token, and a forged one', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const payload = { email: 'csrf.target@bozor.test', name: 'T', role: 'viewer' };
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie: owner.cookie },
      payload,
    });
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('CSRF_INVALID');
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie: owner.cookie, 'x-csrf-token': 'forged-token-value' },
      payload,
    });
    expect(forged.statusCode).toBe(403);
    const good = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: as(owner),
      payload,
    });
    expect(good.statusCode).toBe(200);
  });

  it('ends a session on sign-out, and every session of a member disabled by an owner', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const me = () =>
      ctx.app.inject({ method: 'GET', url: '/api/admin/auth/me', headers: as(operator) });
    expect((await me()).statusCode).toBe(200);
    const disabled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${operator.staffId}`,
      headers: as(owner),
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-out',
      headers: as(owner),
    });
    expect(out.statusCode).toBe(204);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/staff',
      headers: as(owner),
    });
    expect(after.statusCode).toBe(401);
  });

  it('keeps one owner: the last cannot be demoted or disabled', async () => {
    await ctx.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.role, 'owner'));
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const demote = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${owner.staffId}`,
      headers: as(owner),
      payload: { role: 'viewer' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('LAST_OWNER');
  });

  it('records every staff write in the audit log, which no one can change', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: as(owner),
      payload: { email: 'audited@bozor.test', name: 'Aziz', role: 'viewer' },
    });
    const id = made.json().data.staff.id as number;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${id}`,
      headers: as(owner),
      payload: { role: 'operator' },
    });
    const log = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?object_type=staff&object_id=${id}`,
      headers: as(owner),
    });
    expect(log.statusCode).toBe(200);
    const entries = log.json().data;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'staff.change',
      'staff.create',
    ]);
    expect(entries[0]).toMatchObject({
      staff_id: owner.staffId,
      before: { role: 'viewer' },
      after: { role: 'operator' },
    });
    const byStaff = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?staff_id=${owner.staffId}`,
      headers: as(owner),
    });
    expect(byStaff.json().meta.total).toBe(2);

    await expect(ctx.db.update(auditLog).set({ action: 'rewritten' })).rejects.toThrow();
    await expect(ctx.db.delete(auditLog)).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate audit_log cascade`)).rejects.toThrow();
  });

  describe('every back-office route, with every role', () => {
    const concrete = (url: string) =>
      url.replace(':id', '1').replace(':token', 'a'.repeat(43)).replace(':day', '2026-11-25');

    it('declares its access, and answers as it declares', { timeout: 120_000 }, async () => {
      const routes = ctx.app.adminRoutes;
      expect(routes.length).toBeGreaterThan(8);
      const customer = await createCustomerSession(ctx.db);
      // a member of staff of each role, signed in again after a write they were let through (it
      // may have signed them out), and every one after a write to staff or sessions (it may have
      // disabled another): a refused request changes nothing
      const browsers = new Map<StaffRole, StaffBrowser>();
      const browserOf = async (role: StaffRole) => {
        const known = browsers.get(role);
        if (known) return known;
        const made = await signedInStaff(ctx.app, ctx.db, role);
        browsers.set(role, made);
        return made;
      };
      for (const route of routes) {
        const url = concrete(route.url);
        const request = (headers: Record<string, string>) =>
          ctx.app.inject({ method: route.method as 'GET', url, headers, payload: {} });
        if (route.access === 'public') continue;
        const name = `${route.method} ${route.url}`;
        // no cookie, or a customer's token: 401
        expect((await request({})).statusCode, name).toBe(401);
        const bearer = await request({ authorization: `Bearer ${customer.token}` });
        expect(bearer.statusCode, `${name} with a customer token`).toBe(401);
        for (const role of STAFF_ROLES) {
          const res = await request(as(await browserOf(role)));
          const allowed = (PERMISSIONS[route.access] as readonly string[]).includes(role);
          if (allowed) {
            expect([401, 403], `${name} as ${role}`).not.toContain(res.statusCode);
            if (route.method !== 'GET') {
              if (/\/(staff|auth)\b/.test(route.url)) browsers.clear();
              else browsers.delete(role);
            }
          } else {
            expect(res.statusCode, `${name} as ${role}`).toBe(403);
            expect(res.json().code).toBe('STAFF_FORBIDDEN');
          }
        }
      }
    });
  });
});
