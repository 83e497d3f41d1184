import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staff, staffSessions } from '../../../src/db/schema/index.ts';
import { hashToken, newToken } from '../../../src/modules/accounts/tokens.ts';
import { hashPassword, totpCode } from '../../../src/modules/staff/credentials.ts';
import {
  FAILURES_BEFORE_GUARD,
  FAILURES_BEFORE_WAIT,
} from '../../../src/modules/staff/sign-in-failures.ts';
import { useTestApp } from '../../helpers/app.ts';
import { as, csrfPair, setUpStaff, signedInStaff, signInFrom } from '../../helpers/staff.ts';

const PASSWORD = 'correct horse battery staple';
const WRONG = 'not the password at all';

let addresses = 0;
/** An address no other attempt in this file came from. */
const newAddress = () => {
  addresses += 1;
  return `198.51.100.${addresses}`;
};

describe('staff sign-in', () => {
  const ctx = useTestApp();

  const me = (cookie: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/admin/auth/me', headers: { cookie } });

  /** Wrong passwords for `email` from fresh addresses until it failed `times` in all. */
  async function failFromEverywhere(email: string, times: number) {
    for (let done = 0; done < times; ) {
      const address = newAddress();
      for (let i = 0; i < FAILURES_BEFORE_WAIT && done < times; i++, done++) {
        const wrong = await signInFrom(ctx.app, address, { email, password: WRONG });
        expect(wrong.statusCode).toBe(401);
      }
    }
  }

  it('leads a member promoted to owner to set up a second factor before signing in', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const email = 'promoted.owner@bozor.test';
    const { id } = await setUpStaff(ctx.app, ctx.db, {
      email,
      role: 'content_manager',
      password: PASSWORD,
      totp: false,
    });
    const address = newAddress();
    const before = await signInFrom(ctx.app, address, { email, password: PASSWORD });
    expect(before.statusCode).toBe(200);
    const session = `bozor_staff=${before.cookies.find((c) => c.name === 'bozor_staff')?.value}`;

    const promoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${id}`,
      headers: as(owner),
      payload: { role: 'owner' },
    });
    expect(promoted.statusCode).toBe(200);
    // the role change ended the session the content manager had
    expect((await me(session)).statusCode).toBe(401);

    // the password alone no longer signs in: the answer is a setup link of their own
    const refused = await signInFrom(ctx.app, address, { email, password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STAFF_TOTP_SETUP_REQUIRED');
    expect(refused.cookies.find((c) => c.name === 'bozor_staff')).toBeUndefined();
    const withCode = await signInFrom(ctx.app, address, {
      email,
      password: PASSWORD,
      code: '123456',
    });
    expect(withCode.statusCode).toBe(403);
    const token = withCode.json().data.setup_token as string;

    const link = await ctx.app.inject({ url: `/api/admin/auth/setup/${token}` });
    expect(link.statusCode).toBe(200);
    expect(link.json().data).toMatchObject({
      email,
      role: 'owner',
      password_set: true,
      totp_required: true,
    });
    const secret = link.json().data.totp_secret as string;
    const pair = await csrfPair(ctx.app);
    const setup = (payload: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/auth/setup',
        headers: { cookie: pair.cookie, 'x-csrf-token': pair.csrf },
        payload: { token, ...payload },
      });
    expect((await setup({})).json().code).toBe('STAFF_TOTP_REQUIRED');
    const done = await setup({ code: totpCode(secret, email, Date.now() - 30_000) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ role: 'owner', totp: true });

    // the password they had, with the authenticator's code
    const asked = await signInFrom(ctx.app, address, { email, password: PASSWORD });
    expect(asked.json().code).toBe('STAFF_TOTP_REQUIRED');
    const signedIn = await signInFrom(ctx.app, address, {
      email,
      password: PASSWORD,
      code: totpCode(secret, email),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.staff).toMatchObject({ role: 'owner', totp: true });
  });

  it('refuses the session of an owner who has no second factor', async () => {
    const [row] = await ctx.db
      .insert(staff)
      .values({
        email: 'owner.no.totp@bozor.test',
        name: 'N',
        role: 'owner',
        passwordHash: 'x',
      })
      .returning();
    const token = newToken();
    await ctx.db.insert(staffSessions).values({ staffId: row!.id, tokenHash: hashToken(token) });
    expect((await me(`bozor_staff=${token}`)).statusCode).toBe(401);
  });

  it("does not let an outsider's wrong passwords keep an owner out", async () => {
    const email = 'owner.under.attack@bozor.test';
    const { secret } = await setUpStaff(ctx.app, ctx.db, {
      email,
      role: 'owner',
      password: PASSWORD,
      totp: true,
    });
    const outsider = newAddress();
    for (let i = 0; i < FAILURES_BEFORE_WAIT; i++) {
      await signInFrom(ctx.app, outsider, { email, password: WRONG });
    }
    // the outsider's address waits, even with the right password and code
    const waiting = await signInFrom(ctx.app, outsider, {
      email,
      password: PASSWORD,
      code: totpCode(secret, email),
    });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe('STAFF_SIGN_IN_WAIT');
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    await failFromEverywhere(email, FAILURES_BEFORE_GUARD * 2);

    // the owner, elsewhere: the password alone is asked for the code with it; both sign in
    const owner = newAddress();
    const passwordOnly = await signInFrom(ctx.app, owner, { email, password: PASSWORD });
    expect(passwordOnly.statusCode).toBe(401);
    expect(passwordOnly.json().code).toBe('STAFF_SIGN_IN_GUARDED');
    const both = await signInFrom(ctx.app, owner, {
      email,
      password: PASSWORD,
      code: totpCode(secret, email),
    });
    expect(both.statusCode, both.body).toBe(200);
  });

  it('answers a known and an unknown email alike, while it fails, waits and is guarded', async () => {
    const known = 'known.operator@bozor.test';
    await setUpStaff(ctx.app, ctx.db, {
      email: known,
      role: 'operator',
      password: PASSWORD,
      totp: false,
    });
    const owner = 'known.owner@bozor.test';
    await setUpStaff(ctx.app, ctx.db, {
      email: owner,
      role: 'owner',
      password: PASSWORD,
      totp: true,
    });
    const unknown = 'nobody.here@bozor.test';
    const answer = async (email: string, address: string, code?: string) => {
      const res = await signInFrom(ctx.app, address, {
        email,
        password: WRONG,
        ...(code ? { code } : {}),
      });
      return {
        status: res.statusCode,
        body: res.json(),
        // the seconds left may differ by one between two attempts made a moment apart
        waits: res.headers['retry-after'] !== undefined,
        cookies: res.cookies.map((c) => c.name),
      };
    };
    const [a, b, c] = [newAddress(), newAddress(), newAddress()];
    for (let i = 0; i <= FAILURES_BEFORE_WAIT; i++) {
      const ofUnknown = await answer(unknown, c);
      expect(await answer(known, a), `attempt ${i + 1}`).toEqual(ofUnknown);
      expect(await answer(owner, b), `attempt ${i + 1}`).toEqual(ofUnknown);
    }
    expect((await answer(unknown, c)).body.code).toBe('STAFF_SIGN_IN_WAIT');

    for (const email of [known, owner, unknown])
      await failFromEverywhere(email, FAILURES_BEFORE_GUARD);
    const address = newAddress();
    const guarded = await answer(unknown, address);
    expect(guarded.body.code).toBe('STAFF_SIGN_IN_GUARDED');
    expect(await answer(known, address)).toEqual(guarded);
    expect(await answer(owner, address)).toEqual(guarded);
    const withCode = await answer(unknown, address, '123456');
    expect(withCode.body.code).toBe('STAFF_SIGN_IN_FAILED');
    expect(await answer(known, address, '123456')).toEqual(withCode);
    expect(await answer(owner, address, '123456')).toEqual(withCode);

    // an owner still without a second factor gets no setup link for a password alone then
    const promoted = 'guarded.promoted@bozor.test';
    const { id } = await setUpStaff(ctx.app, ctx.db, {
      email: promoted,
      role: 'viewer',
      password: PASSWORD,
      totp: false,
    });
    await ctx.db.update(staff).set({ role: 'owner' }).where(eq(staff.id, id));
    await failFromEverywhere(promoted, FAILURES_BEFORE_GUARD);
    const right = await signInFrom(ctx.app, newAddress(), { email: promoted, password: PASSWORD });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(guarded.body);
  });

  it('takes about as long to refuse an unknown email as a known one', async () => {
    const known = 'timed.operator@bozor.test';
    await setUpStaff(ctx.app, ctx.db, {
      email: known,
      role: 'operator',
      password: PASSWORD,
      totp: false,
    });
    const took = async (email: string) => {
      const started = performance.now();
      const res = await signInFrom(ctx.app, newAddress(), { email, password: WRONG });
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    const median = (times: number[]) => times.sort((x, y) => x - y)[Math.floor(times.length / 2)]!;
    const ofKnown: number[] = [];
    const ofUnknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      ofKnown.push(await took(known));
      ofUnknown.push(await took(`timed.nobody.${i}@bozor.test`));
    }
    // an unknown email's password is checked against a decoy hash: without it, it answers at once
    expect(median(ofUnknown)).toBeGreaterThan(median(ofKnown) * 0.6);
  });

  it('keeps one owner who can sign in: one who never finished the setup does not count', async () => {
    await ctx.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.role, 'owner'));
    const usable = await signedInStaff(ctx.app, ctx.db, 'owner');
    await ctx.db.insert(staff).values([
      // made, but the setup link never used
      { email: 'owner.never.set.up@bozor.test', name: 'A', role: 'owner' },
      // a password, but no second factor
      {
        email: 'owner.without.totp@bozor.test',
        name: 'B',
        role: 'owner',
        passwordHash: await hashPassword(PASSWORD),
      },
    ]);
    const change = (browser: typeof usable, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/staff/${usable.staffId}`,
        headers: as(browser),
        payload,
      });
    for (const payload of [{ disabled: true }, { role: 'viewer' }]) {
      const refused = await change(usable, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(409);
      expect(refused.json().code).toBe('LAST_OWNER');
    }
    // with a second owner who can sign in, the first may go
    const second = await signedInStaff(ctx.app, ctx.db, 'owner');
    expect((await change(second, { disabled: true })).statusCode).toBe(200);
  });

  it('records sign-ins, failures, waits, guards, setups, role changes and sign-outs', async () => {
    const email = 'audited.sign.in@bozor.test';
    const { id, secret } = await setUpStaff(ctx.app, ctx.db, {
      email,
      role: 'credit_officer',
      password: PASSWORD,
      totp: true,
    });
    const away = newAddress();
    for (let i = 0; i < FAILURES_BEFORE_WAIT; i++) {
      await signInFrom(ctx.app, away, { email, password: WRONG });
    }
    await failFromEverywhere(email, FAILURES_BEFORE_GUARD - FAILURES_BEFORE_WAIT);
    const stranger = 'stranger@bozor.test';
    await signInFrom(ctx.app, newAddress(), { email: stranger, password: WRONG });

    const home = newAddress();
    const signedIn = await signInFrom(ctx.app, home, {
      email,
      password: PASSWORD,
      code: totpCode(secret, email),
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = `bozor_staff=${signedIn.cookies.find((c) => c.name === 'bozor_staff')?.value}`;
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-out',
      headers: { cookie, 'x-csrf-token': signedIn.json().data.csrf_token },
    });
    expect(out.statusCode).toBe(204);

    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'staff'), eq(auditLog.objectId, String(id))))
      .orderBy(asc(auditLog.id));
    const actions = rows.map((r) => r.action);
    expect(actions[0]).toBe('staff.setup');
    expect(rows[0]).toMatchObject({ staffId: id, after: { password_set: true, totp: true } });
    expect(actions.filter((a) => a === 'staff.sign_in_failed')).toHaveLength(FAILURES_BEFORE_GUARD);
    expect(rows.find((r) => r.action === 'staff.sign_in_failed')).toMatchObject({
      staffId: id,
      ip: away,
      after: { reason: 'password' },
    });
    expect(rows.find((r) => r.action === 'staff.sign_in_wait')).toMatchObject({
      ip: away,
      after: { address: away, failures: FAILURES_BEFORE_WAIT, wait_seconds: 60 },
    });
    expect(rows.filter((r) => r.action === 'staff.sign_in_guarded')).toHaveLength(1);
    expect(actions.slice(-2)).toEqual(['staff.sign_in', 'staff.sign_out']);
    expect(rows.at(-2)).toMatchObject({ staffId: id, ip: home });

    // a failure with an email no account has is nobody's, and the log still lists it
    const [unknown] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'staff_email'), eq(auditLog.objectId, stranger)));
    expect(unknown).toMatchObject({
      staffId: null,
      action: 'staff.sign_in_failed',
      after: { reason: 'no_account' },
    });
    const reader = await signedInStaff(ctx.app, ctx.db, 'owner');
    const listed = await ctx.app.inject({
      url: '/api/admin/audit?object_type=staff_email',
      headers: as(reader),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({ staff_id: null, staff_email: null, object_id: stranger }),
    );

    // a role change says how many sessions it ended
    const member = await signedInStaff(ctx.app, ctx.db, 'operator');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${member.staffId}`,
      headers: as(reader),
      payload: { role: 'viewer' },
    });
    const [changed] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'staff.change'), eq(auditLog.objectId, String(member.staffId))),
      );
    expect(changed).toMatchObject({
      before: { role: 'operator' },
      after: { role: 'viewer', sessions_ended: 1 },
    });
    expect(
      await ctx.db
        .select()
        .from(staffSessions)
        .where(and(eq(staffSessions.staffId, member.staffId), isNull(staffSessions.revokedAt))),
    ).toHaveLength(0);
  });
});
