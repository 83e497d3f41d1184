import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data\/db$/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/LOG_LEVEL/);
    }
  });

  it('sends SMS to the log outside production', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'log' });
  });

  it('demands a secret and Eskiz credentials in production', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/AUTH_SECRET/);
      expect(problems).toMatch(/ESKIZ_EMAIL/);
      expect(problems).toMatch(/ESKIZ_PASSWORD/);
    }
  });

  it('configures Eskiz when asked', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'eskiz',
      ESKIZ_EMAIL: 'shop@bozor.uz',
      ESKIZ_PASSWORD: 'secret',
    });
    expect(config.sms).toEqual({
      provider: 'eskiz',
      baseUrl: 'https://notify.eskiz.uz',
      email: 'shop@bozor.uz',
      password: 'secret',
      from: '4546',
    });
  });
});
