import { describe, expect, it } from 'vitest';
import { totpCode } from '../../src/modules/staff/credentials.ts';
import { createStaff } from '../../src/modules/staff/service.ts';
import { useTestApp } from '../helpers/app.ts';
import { as, csrfPair, setUpStaff, signedInStaff, signInFrom } from '../helpers/staff.ts';

const OPS_TOKEN = 'ops-token-for-the-docs-test-0123456789abcdef';
const PASSWORD = 'correct horse battery staple';

describe('the back office session', () => {
  const ctx = useTestApp();

  it('answers every /api/admin request with Cache-Control: no-store', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const made = await createStaff(
      { db: ctx.db, secret: ctx.app.authSecret },
      { email: 'no.store@bozor.test', name: 'N', role: 'owner' },
      undefined,
    );
    const answers = {
      'the CSRF token': await ctx.app.inject({ url: '/api/admin/auth/csrf' }),
      // the TOTP secret
      'a setup link': await ctx.app.inject({ url: `/api/admin/auth/setup/${made.setup_token}` }),
      'a session': await ctx.app.inject({ url: '/api/admin/auth/me', headers: as(owner) }),
      'a list': await ctx.app.inject({ url: '/api/admin/staff', headers: as(owner) }),
      'a refusal': await ctx.app.inject({ url: '/api/admin/staff' }),
      'a path that is not there': await ctx.app.inject({ url: '/api/admin/nothing-here' }),
      'a failed sign-in': await signInFrom(ctx.app, '203.0.113.40', {
        email: 'nobody@bozor.test',
        password: PASSWORD,
      }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.headers['cache-control'], what).toContain('no-store');
    }
    expect(answers['a path that is not there'].statusCode).toBe(404);
    // the storefront's public answers are not touched
    const shop = await ctx.app.inject({ url: '/api/categories/top' });
    expect(String(shop.headers['cache-control'] ?? '')).not.toContain('no-store');
  });

  it("refuses a write with another session's CSRF token, or one given before signing in", async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const other = await signedInStaff(ctx.app, ctx.db, 'owner');
    const before = await csrfPair(ctx.app);
    const write = (csrf: string, cookie = owner.cookie) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/staff',
        headers: { cookie, 'x-csrf-token': csrf },
        payload: {
          email: `csrf.${Date.now()}.${Math.random()}@bozor.test`,
          name: 'T',
          role: 'viewer',
        },
      });
    const stolen = await write(other.csrf);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().code).toBe('CSRF_INVALID');
    // a token and its secret cookie from before signing in do not do for the session
    const session = owner.cookie.split('; ').find((c) => c.startsWith('bozor_staff='));
    const early = await write(before.csrf, `${session}; ${before.cookie}`);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('CSRF_INVALID');
    expect((await write(owner.csrf)).statusCode).toBe(200);
  });

  it('gives a new CSRF token at sign-in, bound to the new session', async () => {
    const email = 'csrf.renewed@bozor.test';
    const { secret } = await setUpStaff(ctx.app, ctx.db, {
      email,
      role: 'owner',
      password: PASSWORD,
      totp: true,
    });
    const pair = await csrfPair(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-in',
      remoteAddress: '203.0.113.41',
      headers: { cookie: pair.cookie, 'x-csrf-token': pair.csrf },
      payload: { email, password: PASSWORD, code: totpCode(secret, email) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.csrf_token as string;
    expect(token).not.toBe(pair.csrf);
    const cookie = `bozor_staff=${res.cookies.find((c) => c.name === 'bozor_staff')?.value}`;
    // the token the session's own /auth/csrf and /auth/me answer is the same one
    const again = await ctx.app.inject({ url: '/api/admin/auth/csrf', headers: { cookie } });
    expect(again.json().data.csrf_token).toBe(token);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-out',
      headers: { cookie, 'x-csrf-token': token },
    });
    expect(out.statusCode).toBe(204);
  });
});

describe('/api/docs in production', () => {
  const ctx = useTestApp({ production: true, opsToken: OPS_TOKEN });

  it('is refused without OPS_TOKEN or a staff session', async () => {
    for (const url of ['/api/docs/json', '/api/docs']) {
      const anonymous = await ctx.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      const wrong = await ctx.app.inject({
        url,
        headers: { authorization: `Bearer ${OPS_TOKEN}x` },
      });
      expect(wrong.statusCode, url).toBe(401);
      const forged = await ctx.app.inject({
        url,
        headers: { cookie: `bozor_staff=${'a'.repeat(43)}` },
      });
      expect(forged.statusCode, url).toBe(401);
    }
  });

  it('is served to OPS_TOKEN and to a member of staff', async () => {
    const ops = await ctx.app.inject({
      url: '/api/docs/json',
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
    });
    expect(ops.statusCode).toBe(200);
    expect(ops.json().openapi).toMatch(/^3\./);
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const staff = await ctx.app.inject({
      url: '/api/docs/json',
      headers: { cookie: viewer.cookie },
    });
    expect(staff.statusCode).toBe(200);
  });
});

describe('/api/docs in development', () => {
  const ctx = useTestApp();

  it('is open', async () => {
    expect((await ctx.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
