import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EskizSmsProvider, SmsError } from '../../src/providers/sms/index.ts';

interface Seen {
  path: string;
  auth: string | undefined;
  fields: Record<string, string>;
}

/** A stand-in for Eskiz.uz speaking its login and send calls. */
function fakeEskiz() {
  const seen: Seen[] = [];
  const state = { issued: 0, validToken: '', refuseLogin: false, failSend: false };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => resolve(body));
    });
  const server: Server = createServer(async (req, res) => {
    const fields = Object.fromEntries(new URLSearchParams(await read(req)));
    seen.push({ path: req.url ?? '', auth: req.headers.authorization, fields });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/auth/login') {
      if (state.refuseLogin || fields.password !== 'secret') {
        res.statusCode = 401;
        return res.end('{"message":"Invalid credentials"}');
      }
      state.issued += 1;
      state.validToken = `token-${state.issued}`;
      return res.end(
        JSON.stringify({ message: 'token_generated', data: { token: state.validToken } }),
      );
    }
    if (req.url === '/api/message/sms/send') {
      if (req.headers.authorization !== `Bearer ${state.validToken}`) {
        res.statusCode = 401;
        return res.end('{"message":"Expired"}');
      }
      if (state.failSend) {
        res.statusCode = 500;
        return res.end('{"message":"error"}');
      }
      return res.end('{"id":"1","status":"waiting","message":"Waiting for SMS provider"}');
    }
    res.statusCode = 404;
    res.end('{}');
  });
  return { server, seen, state };
}

describe('Eskiz SMS provider', () => {
  const fake = fakeEskiz();
  let baseUrl = '';
  const provider = (password = 'secret') =>
    new EskizSmsProvider({ baseUrl, email: 'shop@bozor.uz', password, from: '4546' });

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('logs in once and sends with the bearer token', async () => {
    const sms = provider();
    await sms.send({ phone: '998901234567', text: 'Bozor: kod 123456' });
    await sms.send({ phone: '998901234568', text: 'Bozor: kod 654321' });
    const calls = fake.seen.splice(0);
    expect(calls.map((c) => c.path)).toEqual([
      '/api/auth/login',
      '/api/message/sms/send',
      '/api/message/sms/send',
    ]);
    expect(calls[0]?.fields).toEqual({ email: 'shop@bozor.uz', password: 'secret' });
    expect(calls[1]?.auth).toBe('Bearer token-1');
    expect(calls[1]?.fields).toEqual({
      mobile_phone: '998901234567',
      message: 'Bozor: kod 123456',
      from: '4546',
    });
  });

  it("sends the shop's id of a message as its user_sms_id", async () => {
    await provider().send({ phone: '998901234567', text: 'Bozor: ok', reference: '42' });
    const send = fake.seen.splice(0).find((c) => c.path === '/api/message/sms/send');
    expect(send?.fields).toEqual({
      mobile_phone: '998901234567',
      message: 'Bozor: ok',
      from: '4546',
      user_sms_id: '42',
    });
  });

  it('logs in again when the token has expired', async () => {
    const sms = provider();
    await sms.send({ phone: '998901234567', text: 'one' });
    fake.state.validToken = 'rotated-by-eskiz';
    await sms.send({ phone: '998901234567', text: 'two' });
    const paths = fake.seen.splice(0).map((c) => c.path);
    expect(paths).toEqual([
      '/api/auth/login',
      '/api/message/sms/send',
      '/api/message/sms/send',
      '/api/auth/login',
      '/api/message/sms/send',
    ]);
  });

  it('fails with an SmsError when the login is refused or a send fails', async () => {
    await expect(provider('wrong').send({ phone: '998901234567', text: 'x' })).rejects.toThrow(
      SmsError,
    );
    fake.state.failSend = true;
    await expect(provider().send({ phone: '998901234567', text: 'x' })).rejects.toThrow(/500/);
    fake.state.failSend = false;
    fake.seen.splice(0);
  });

  it('fails with an SmsError when Eskiz cannot be reached', async () => {
    const offline = new EskizSmsProvider({
      baseUrl: 'http://127.0.0.1:9',
      email: 'a',
      password: 'b',
      from: '4546',
      timeoutMs: 2_000,
    });
    await expect(offline.send({ phone: '998901234567', text: 'x' })).rejects.toThrow(SmsError);
  });
});
