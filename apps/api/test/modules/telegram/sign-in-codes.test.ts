import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { otpChallenges } from '../../../src/db/schema/index.ts';
import { createMetrics } from '../../../src/lib/metrics.ts';
import { LogSmsProvider } from '../../../src/providers/sms/index.ts';
import { GatewayApi } from '../../../src/providers/telegram/index.ts';
import { openTestDatabase } from '../../helpers/database.ts';
import { type GatewayDouble, startGatewayDouble } from '../../helpers/telegram-double.ts';

let phoneCounter = 0;
const nextPhone = () => `99894${String(1_000_000 + ++phoneCounter).slice(-7)}`;
const TIMEOUT_MS = 400;

describe('sign-in codes through Telegram, SMS as the fallback', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let gateway: GatewayDouble;
  const sms = new LogSmsProvider();

  beforeAll(async () => {
    gateway = await startGatewayDouble();
    database = await openTestDatabase();
    app = await buildApp({
      database,
      sms,
      signInCodesPerAddress: 1_000,
      metrics: { metrics: createMetrics(), allow: ['loopback'] },
      telegram: {
        bot: null,
        codeGateway: new GatewayApi({
          baseUrl: gateway.url,
          token: gateway.token,
          timeoutMs: 5_000,
        }),
        gatewayTimeoutMs: TIMEOUT_MS,
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await gateway?.close();
  });

  const sendCode = async (phone: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/clients/send-code',
      payload: { phone },
      headers: { lang: 'uz' },
    });
    expect(res.statusCode).toBe(200);
    channels.push(res.json().data.channel);
    return res.json().data.token as string;
  };
  /** The channel each challenge said its code went by (absent: SMS). */
  const channels: (string | undefined)[] = [];
  const signIn = (token: string, code: string) =>
    app.inject({ method: 'POST', url: '/api/clients/sign-in', payload: { token, code } });
  const smsCode = (phone: string) => /(\d{6})/.exec(sms.outbox(phone)[0]?.text ?? '')?.[1];
  const counted = async (channel: string, outcome: string) => {
    const text = (await app.inject({ url: '/metrics' })).body;
    const line = text
      .split('\n')
      .find((l) =>
        l.startsWith(`bozor_sign_in_codes_total{channel="${channel}",outcome="${outcome}"}`),
      );
    return Number(line?.split(' ').at(-1) ?? 0);
  };

  it('sends the code by Telegram when the number can receive it there, and by no SMS', async () => {
    const before = await counted('telegram', 'sent');
    const phone = nextPhone();
    const token = await sendCode(phone);
    const sent = gateway.sent.at(-1)!;
    expect(sent.phone).toBe(`+${phone}`);
    expect(sent.code).toMatch(/^\d{6}$/);
    expect(sent.ttl).toBe(180);
    // the send named checkSendAbility's request, so Telegram bills it once
    const check = gateway.calls.findLast((c) => c.method === 'checkSendAbility');
    expect(check?.params.phone_number).toBe(`+${phone}`);
    expect(sms.outbox(phone)).toEqual([]);
    expect(channels.at(-1)).toBe('telegram');
    expect((await signIn(token, sent.code)).statusCode).toBe(200);
    expect(await counted('telegram', 'sent')).toBe(before + 1);
    // Telegram is told the code entered, for its conversion reports
    await vi.waitFor(() =>
      expect(gateway.calls.at(-1)).toEqual({
        method: 'checkVerificationStatus',
        params: { request_id: sent.requestId, code: sent.code },
      }),
    );
  });

  it('tells Telegram only the code it carried last to the phone', async () => {
    const phone = nextPhone();
    const first = await sendCode(phone);
    const firstCode = gateway.sent.at(-1)!.code;
    await sendCode(phone);
    const calls = gateway.calls.length;
    expect((await signIn(first, firstCode)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gateway.calls.slice(calls)).toEqual([]);
  });

  it('sends the code by SMS when the number has no Telegram', async () => {
    const phone = nextPhone();
    gateway.withoutTelegram.add(`+${phone}`);
    const sends = gateway.sent.length;
    const before = await counted('sms', 'sent');
    const token = await sendCode(phone);
    expect(gateway.sent.length).toBe(sends);
    expect(channels.at(-1)).toBeUndefined();
    const code = smsCode(phone);
    expect(code).toBeDefined();
    expect((await signIn(token, code!)).statusCode).toBe(200);
    expect(await counted('sms', 'sent')).toBe(before + 1);
    expect(await counted('telegram', 'unreachable')).toBeGreaterThanOrEqual(1);
  });

  it('sends the code by SMS when the gateway is down', async () => {
    gateway.down = true;
    try {
      const phone = nextPhone();
      const token = await sendCode(phone);
      const code = smsCode(phone);
      expect((await signIn(token, code!)).statusCode).toBe(200);
      expect(await counted('telegram', 'failed')).toBeGreaterThanOrEqual(1);
    } finally {
      gateway.down = false;
    }
  });

  it('sends the code by SMS when the gateway does not answer in time', async () => {
    gateway.slowMs = TIMEOUT_MS * 5;
    try {
      const phone = nextPhone();
      const started = Date.now();
      const token = await sendCode(phone);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
      const code = smsCode(phone);
      expect((await signIn(token, code!)).statusCode).toBe(200);
    } finally {
      gateway.slowMs = 0;
    }
  });

  it('sends a code asked for again by SMS', async () => {
    const phone = nextPhone();
    const token = await sendCode(phone);
    expect(sms.outbox(phone)).toEqual([]);
    // the resend waits 60 s after the first code
    await database.db
      .update(otpChallenges)
      .set({ sentAt: new Date(Date.now() - 61_000) })
      .where(eq(otpChallenges.phone, phone));
    const res = await app.inject({
      method: 'POST',
      url: '/api/clients/resend-code',
      payload: { token },
    });
    expect(res.statusCode).toBe(200);
    const code = smsCode(phone);
    expect((await signIn(token, code!)).statusCode).toBe(200);
  });
});
