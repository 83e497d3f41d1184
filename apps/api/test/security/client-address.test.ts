import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

let phoneCounter = 0;
const nextPhone = () => `99897${String(1_000_000 + ++phoneCounter).slice(-7)}`;

/** The per-address limit of send-code is 20 an hour. */
const SEND_CODE_PER_ADDRESS = 20;

describe('client addresses for per-address limits', () => {
  describe('with no trusted proxy (the default)', () => {
    const ctx = useTestApp();
    const sendCode = (forwardedFor: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/clients/send-code',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { phone: nextPhone() },
      });

    it('counts a forged X-Forwarded-For against the same limit as a request without it', async () => {
      for (let i = 0; i < SEND_CODE_PER_ADDRESS; i += 1) {
        expect((await sendCode(`203.0.113.${i + 1}`)).statusCode).toBe(200);
      }
      const forged = await sendCode('198.51.100.77');
      expect(forged.statusCode).toBe(429);
      const plain = await ctx.app.inject({
        method: 'POST',
        url: '/api/clients/send-code',
        payload: { phone: nextPhone() },
      });
      expect(plain.statusCode).toBe(429);
      expect(Number(plain.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('behind a trusted proxy', () => {
    const ctx = useTestApp({ trustProxy: ['10.0.0.2'] });
    const sendCode = (remoteAddress: string, forwardedFor: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/clients/send-code',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { phone: nextPhone() },
      });

    it('takes the address the proxy saw, whatever the client put in front of it', async () => {
      for (let i = 0; i < SEND_CODE_PER_ADDRESS; i += 1) {
        // A client adding its own X-Forwarded-For: the proxy appends the address it saw.
        expect((await sendCode('10.0.0.2', `192.0.2.${i + 1}, 198.51.100.5`)).statusCode).toBe(200);
      }
      expect((await sendCode('10.0.0.2', '192.0.2.99, 198.51.100.5')).statusCode).toBe(429);
      // Another customer behind the same proxy is not affected.
      expect((await sendCode('10.0.0.2', '198.51.100.6')).statusCode).toBe(200);
    });

    it('ignores X-Forwarded-For from an address that is not the proxy', async () => {
      for (let i = 0; i < SEND_CODE_PER_ADDRESS; i += 1) {
        expect((await sendCode('203.0.113.50', `192.0.2.${i + 1}`)).statusCode).toBe(200);
      }
      expect((await sendCode('203.0.113.50', '192.0.2.200')).statusCode).toBe(429);
    });
  });

  describe('behind a number of proxies', () => {
    const ctx = useTestApp({ trustProxy: 1 });
    const sendCode = (forwardedFor: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/clients/send-code',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { phone: nextPhone() },
      });

    it('trusts one hop: the address the nearest proxy appended is the client', async () => {
      for (let i = 0; i < SEND_CODE_PER_ADDRESS; i += 1) {
        expect((await sendCode(`192.0.2.${i + 1}, 198.51.100.9`)).statusCode).toBe(200);
      }
      expect((await sendCode('192.0.2.250, 198.51.100.9')).statusCode).toBe(429);
      expect((await sendCode('198.51.100.10')).statusCode).toBe(200);
    });
  });
});
