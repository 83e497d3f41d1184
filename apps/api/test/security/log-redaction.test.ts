import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const log: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    log.push(String(chunk));
    done();
  },
});

const CARD_NUMBER = '8600123412341234';

describe('secrets in the request log', () => {
  const ctx = useTestApp({ logger: { level: 'trace', stream } });

  it('never writes the bearer token, a one-time code, a session token or a card number', async () => {
    const phone = '998931112233';
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/send-code',
      payload: { phone },
    });
    const challenge = sent.json().data.token as string;
    const outbox = await ctx.app.inject({ url: `/api/dev/outbox?phone=${phone}` });
    const code = /(\d{6})/.exec(outbox.json().data[0].text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code, then a malformed one: failed requests log their (redacted) bodies.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/sign-in',
      payload: { token: challenge, code: wrong },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/sign-in',
      payload: { token: challenge, code: `${code}x` },
    });
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/sign-in',
      payload: { token: challenge, code },
    });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json().data.token as string;

    const authorization = `Bearer ${session}`;
    await ctx.app.inject({ url: '/api/clients/info', headers: { authorization } });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/baskets',
      headers: { authorization },
      payload: { product_id: 'x', card_number: CARD_NUMBER, expire_date: '12/30' },
    });
    await ctx.app.inject({ url: `/api/products/search?card=${CARD_NUMBER}` });

    const text = log.join('');
    expect(text).toContain('/api/clients/sign-in');
    expect(text).toContain('[redacted]');
    for (const secret of [session, challenge, CARD_NUMBER]) {
      expect(text).not.toContain(secret);
    }
    // Six digits may stand inside a timestamp or a duration; a code stands on its own.
    for (const digits of [code, wrong]) {
      expect(text).not.toMatch(new RegExp(`(?<![\\d.])${digits}(?!\\d)`));
    }
  });
});
