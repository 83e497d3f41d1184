import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, otpChallenges, sessions } from '../../../src/db/schema/index.ts';
import { hashToken } from '../../../src/modules/accounts/tokens.ts';
import type { SmsProvider } from '../../../src/providers/sms/index.ts';
import { useTestApp } from '../../helpers/app.ts';

let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let phoneCounter = 0;
const nextPhone = () => `99893${String(1_000_000 + ++phoneCounter).slice(-7)}`;

describe('sign-in by phone and SMS code', () => {
  // As behind a proxy on this machine: X-Forwarded-For names each test's client address.
  const ctx = useTestApp({ trustProxy: ['127.0.0.1'] });

  const post = (url: string, payload: object, options: { lang?: string; ip?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { lang: options.lang ?? 'uz', 'x-forwarded-for': options.ip ?? nextIp() },
    });
  const lastCode = async (phone: string) => {
    const res = await ctx.app.inject({ url: `/api/dev/outbox?phone=${phone}` });
    const text = res.json().data[0]?.text as string;
    return /(\d{6})/.exec(text)?.[1] ?? '';
  };
  const sendCode = async (phone = nextPhone(), lang = 'uz') => {
    const res = await post('/api/clients/send-code', { phone }, { lang });
    expect(res.statusCode).toBe(200);
    return { phone, token: res.json().data.token as string, code: await lastCode(phone) };
  };
  const signIn = (token: string, code: string) => post('/api/clients/sign-in', { token, code });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const age = (token: string, seconds: number) =>
    ctx.db
      .update(otpChallenges)
      .set({
        sentAt: sql`${otpChallenges.sentAt} - make_interval(secs => ${seconds})`,
        expiresAt: sql`${otpChallenges.expiresAt} - make_interval(secs => ${seconds})`,
      })
      .where(eq(otpChallenges.tokenHash, hashToken(token)));

  describe('POST /api/clients/send-code', () => {
    it('sends a six-digit code in the customer language and answers the challenge', async () => {
      const phone = nextPhone();
      const res = await post('/api/clients/send-code', { phone: `+${phone}` }, { lang: 'ru' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ token: expect.any(String), phone, resend_in: 60 });
      const outbox = await ctx.app.inject({ url: `/api/dev/outbox?phone=${phone}` });
      expect(outbox.json().data[0].text).toMatch(/^Bozor: код для входа \d{6}\./);
    });

    it('keeps only hashes of the code and the token', async () => {
      const { token, code } = await sendCode();
      const [row] = await ctx.db
        .select()
        .from(otpChallenges)
        .where(eq(otpChallenges.tokenHash, hashToken(token)));
      expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.codeHash).not.toContain(code);
      expect(JSON.stringify(row)).not.toContain(token);
    });

    it('rejects a phone that is not 998 and nine digits', async () => {
      for (const phone of ['90123', '99890123456789', 'abc', '']) {
        const res = await post('/api/clients/send-code', { phone }, { lang: 'ru' });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().errors)).toEqual(['phone']);
      }
    });

    it('limits codes per phone with a 429 and Retry-After', async () => {
      const phone = nextPhone();
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/clients/send-code', { phone })).statusCode).toBe(200);
      }
      const res = await post('/api/clients/send-code', { phone });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().code).toBe('RATE_LIMITED');
    });

    it('limits codes per address', async () => {
      const ip = '10.200.0.1';
      for (let i = 0; i < 20; i++) {
        const res = await post('/api/clients/send-code', { phone: nextPhone() }, { ip });
        expect(res.statusCode).toBe(200);
      }
      const res = await post('/api/clients/send-code', { phone: nextPhone() }, { ip });
      expect(res.statusCode).toBe(429);
    });
  });

  describe('POST /api/clients/sign-in', () => {
    it('opens a session for the right code and creates the customer once', async () => {
      const { phone, token, code } = await sendCode();
      const res = await signIn(token, code);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.user).toMatchObject({ phone, is_scoring: false, is_identified: false });
      expect(data.token).not.toBe(token);

      const info = await ctx.app.inject({
        url: '/api/clients/info',
        headers: { authorization: `Bearer ${data.token}` },
      });
      expect(info.json().data).toMatchObject({ phone, user: { id: data.user.id } });

      const again = await sendCode(phone);
      const second = await signIn(again.token, again.code);
      expect(second.json().data.user.id).toBe(data.user.id);
      const rows = await ctx.db.select().from(customers).where(eq(customers.phone, phone));
      expect(rows).toHaveLength(1);
    });

    it('records the sign-in among the notifications', async () => {
      const { token, code } = await sendCode();
      const session = (await signIn(token, code)).json().data.token;
      const res = await ctx.app.inject({
        url: '/api/clients/notifications',
        headers: { authorization: `Bearer ${session}`, lang: 'ru' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data[0]).toMatchObject({ kind: 'sign_in' });
      expect(res.json().data[0].text).toMatch(/^Выполнен вход в аккаунт/);
      expect(res.json().meta.total).toBe(1);
    });

    it('rejects a wrong code and closes the challenge after five', async () => {
      const { token, code } = await sendCode();
      for (let i = 1; i <= 4; i++) {
        const res = await signIn(token, wrong(code));
        expect(res.statusCode).toBe(422);
        expect(res.json().code).toBe('OTP_INVALID');
      }
      const fifth = await signIn(token, wrong(code));
      expect(fifth.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
      const right = await signIn(token, code);
      expect(right.statusCode).toBe(422);
      expect(right.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
    });

    it('rejects an expired code', async () => {
      const { token, code } = await sendCode();
      await age(token, 181);
      const res = await signIn(token, code);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('OTP_EXPIRED');
    });

    it('accepts a code only once', async () => {
      const { token, code } = await sendCode();
      expect((await signIn(token, code)).statusCode).toBe(200);
      expect((await signIn(token, code)).json().code).toBe('OTP_EXPIRED');
    });

    it('rejects an unknown challenge and a malformed code', async () => {
      expect((await signIn('no-such-token', '123456')).json().code).toBe('OTP_EXPIRED');
      const res = await post('/api/clients/sign-in', { token: 'x', code: '12ab' }, { lang: 'ru' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.code).toEqual(['Код состоит из 6 цифр']);
    });
  });

  describe('POST /api/clients/resend-code', () => {
    it('refuses a new code within 60 seconds', async () => {
      const { token } = await sendCode();
      const res = await post('/api/clients/resend-code', { token });
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('OTP_RESEND_TOO_EARLY');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(55);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    });

    it('sends a new code after 60 seconds; only the new one signs in', async () => {
      const { phone, token, code } = await sendCode();
      await age(token, 61);
      const res = await post('/api/clients/resend-code', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ token, phone, resend_in: 60 });
      const fresh = await lastCode(phone);
      if (fresh !== code) expect((await signIn(token, code)).json().code).toBe('OTP_INVALID');
      expect((await signIn(token, fresh)).statusCode).toBe(200);
    });

    it('does not revive a challenge closed by wrong codes', async () => {
      const { token, code } = await sendCode();
      for (let i = 0; i < 5; i++) await signIn(token, wrong(code));
      await age(token, 61);
      const res = await post('/api/clients/resend-code', { token });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
    });
  });

  describe('sessions', () => {
    const session = async () => {
      const { token, code } = await sendCode();
      return (await signIn(token, code)).json().data.token as string;
    };
    const info = (authorization?: string) =>
      ctx.app.inject({
        url: '/api/clients/info',
        headers: authorization ? { authorization } : {},
      });

    it('answers 401 without a token and for a malformed or unknown one', async () => {
      expect((await info()).json().code).toBe('UNAUTHORIZED');
      expect((await info('Bearer short')).statusCode).toBe(401);
      expect((await info(`Bearer ${'a'.repeat(43)}`)).json().code).toBe('SESSION_INVALID');
    });

    it('revokes the session on logout; the token no longer works', async () => {
      const token = await session();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/clients/logout',
        headers: { authorization: `Bearer ${token}`, lang: 'ru' },
      });
      expect(res.json()).toEqual({ message: 'Вы вышли из аккаунта' });
      expect((await info(`Bearer ${token}`)).statusCode).toBe(401);
    });

    it('rejects an expired session', async () => {
      const token = await session();
      await ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect((await info(`Bearer ${token}`)).json().code).toBe('SESSION_INVALID');
    });
  });
});

describe('when the SMS gateway fails', () => {
  const failing: SmsProvider = {
    name: 'failing',
    send: () => Promise.reject(new Error('gateway down')),
  };
  const ctx = useTestApp({ sms: failing });

  it('answers 503 and the challenge cannot be used', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/send-code',
      payload: { phone: '998901112233' },
      headers: { lang: 'ru' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Не удалось отправить SMS. Попробуйте позже',
      code: 'SMS_FAILED',
    });
    const [challenge] = await ctx.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phone, '998901112233'));
    expect(challenge?.closedAt).toBeInstanceOf(Date);
  });
});

describe('in production', () => {
  const ctx = useTestApp({ production: true, exposeOutbox: true });

  it('has no dev outbox, even when asked for one', async () => {
    const res = await ctx.app.inject({ url: '/api/dev/outbox?phone=998901112233' });
    expect(res.statusCode).toBe(404);
  });
});

describe('sign-in checks behind one address', () => {
  const ctx = useTestApp({ trustProxy: ['127.0.0.1'], signInCodesPerAddress: 40 });
  const check = (ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/clients/sign-in',
      payload: { token: 'no-such-token', code: '123456' },
      headers: { 'x-forwarded-for': ip },
    });

  it('allows as many checks as the address may ask codes for, then answers 429', async () => {
    const ip = '10.201.0.1';
    for (let i = 0; i < 40; i++)
      expect((await check(ip)).statusCode, `check ${i + 1}`).not.toBe(429);
    expect((await check(ip)).statusCode).toBe(429);
    // another address is counted on its own
    expect((await check('10.201.0.2')).statusCode).not.toBe(429);
  });
});
