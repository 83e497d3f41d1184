import { eq } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import { otpChallenges } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/modules/accounts/tokens.ts';
import { useTestApp } from '../helpers/app.ts';
import { itRaces } from '../helpers/database.ts';

const compared = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/modules/accounts/tokens.ts', async (importOriginal) => {
  const tokens = await importOriginal<typeof import('../../src/modules/accounts/tokens.ts')>();
  return {
    ...tokens,
    sameHash: (a: string, b: string) => {
      compared.count += 1;
      return tokens.sameHash(a, b);
    },
  };
});

describe('guessing a sign-in code in parallel', () => {
  const ctx = useTestApp();

  itRaces('compares at most five of 20 concurrent wrong guesses at one challenge', async () => {
    const phone = '998931234599';
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/send-code',
      payload: { phone },
    });
    expect(sent.statusCode).toBe(200);
    const token = sent.json().data.token as string;
    const outbox = await ctx.app.inject({ url: `/api/dev/outbox?phone=${phone}` });
    const code = /(\d{6})/.exec(outbox.json().data[0].text)?.[1] ?? '';
    const guesses = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );

    compared.count = 0;
    const answers = await Promise.all(
      guesses.map((guess) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/clients/sign-in',
          payload: { token, code: guess },
        }),
      ),
    );

    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(422));
    expect(compared.count).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.json().code === 'OTP_INVALID')).toHaveLength(4);
    const [row] = await ctx.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, hashToken(token)));
    expect(row?.attempts).toBe(5);
    expect(row?.closedAt).not.toBeNull();
    // The right code no longer opens the closed challenge.
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/sign-in',
      payload: { token, code },
    });
    expect(late.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });
});
