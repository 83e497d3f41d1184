import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';

const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  ESKIZ_EMAIL: 'shop@bozor.uz',
  ESKIZ_PASSWORD: 'secret',
  PAYME_MERCHANT_ID: 'kassa-1',
  PAYME_KEY: 'kassa-key',
  FISCAL_OFD_URL: 'https://vkm.bozor.uz/api',
  FISCAL_OFD_TOKEN: 'vkm-token',
  FISCAL_DELIVERY_IKPU: '10112006002000000',
  FISCAL_DELIVERY_PACKAGE_CODE: '1209779',
  SELLER_NAME: '«Bozor Savdo» MChJ',
  SELLER_TIN: '305123456',
  SELLER_ADDRESS: "Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi, 108",
  SELLER_BANK: '«Kapitalbank» ATB',
  SELLER_ACCOUNT: '20208000500123456001',
  SELLER_MFO: '01018',
};
const BOT = {
  TELEGRAM_BOT_TOKEN: '7000000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0',
  TELEGRAM_BOT_USERNAME: '@bozor_uz_bot',
  TELEGRAM_WEBHOOK_SECRET: 'webhook-secret-0123456789-abcdefghijklmnop',
  PUBLIC_URL: 'https://bozor.uz',
};
const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    return (err as ConfigError).problems;
  }
};

describe('the Telegram settings', () => {
  it('reach no Telegram unless asked: the sandbox in development, none in tests and production', () => {
    expect(loadConfig({}).telegram).toMatchObject({
      mode: 'sandbox',
      botUsername: 'bozor_sandbox_bot',
      gateway: { provider: 'sandbox' },
      codeChannel: 'sms',
    });
    expect(loadConfig({ NODE_ENV: 'test' }).telegram.mode).toBe('off');
    expect(loadConfig(production).telegram).toMatchObject({
      mode: 'off',
      gateway: { provider: 'off' },
      codeChannel: 'sms',
    });
  });

  it('run a webhook in production with a token, the bot name, a secret and an https address', () => {
    expect(loadConfig({ ...production, ...BOT }).telegram).toMatchObject({
      mode: 'webhook',
      botUsername: 'bozor_uz_bot',
      webhookSecret: BOT.TELEGRAM_WEBHOOK_SECRET,
      apiUrl: 'https://api.telegram.org',
    });
    const { TELEGRAM_WEBHOOK_SECRET: _, ...noSecret } = BOT;
    expect(problems({ ...production, ...noSecret })).toContain(
      'TELEGRAM_WEBHOOK_SECRET: required for webhook',
    );
    expect(problems({ ...production, ...BOT, PUBLIC_URL: 'http://bozor.uz' })).toEqual([
      "PUBLIC_URL: webhook needs the shop's https address (Telegram posts to it)",
    ]);
    expect(problems({ ...production, ...BOT, TELEGRAM_WEBHOOK_SECRET: 'short' })).toHaveLength(1);
    expect(problems({ ...production, TELEGRAM_MODE: 'webhook' })).toEqual(
      expect.arrayContaining([
        'TELEGRAM_BOT_TOKEN: required for webhook',
        'TELEGRAM_BOT_USERNAME: required for webhook',
      ]),
    );
  });

  it('poll only in development', () => {
    expect(problems({ ...production, ...BOT, TELEGRAM_MODE: 'polling' })).toEqual([
      'TELEGRAM_MODE: polling is for development; use webhook',
    ]);
    expect(problems({ ...production, TELEGRAM_MODE: 'sandbox' })).toEqual([
      'TELEGRAM_MODE: sandbox is for development; use webhook',
    ]);
    expect(loadConfig({ ...BOT, TELEGRAM_MODE: 'polling' }).telegram.mode).toBe('polling');
  });

  it('send codes telegram-first only with the gateway', () => {
    expect(problems({ ...production, SIGN_IN_CODE_CHANNEL: 'telegram-first' })).toEqual([
      'SIGN_IN_CODE_CHANNEL: telegram-first needs TELEGRAM_GATEWAY_TOKEN',
    ]);
    expect(
      loadConfig({
        ...production,
        SIGN_IN_CODE_CHANNEL: 'telegram-first',
        TELEGRAM_GATEWAY_TOKEN: 'gw-token',
      }).telegram,
    ).toMatchObject({
      mode: 'off',
      codeChannel: 'telegram-first',
      gateway: { provider: 'api', baseUrl: 'https://gatewayapi.telegram.org', token: 'gw-token' },
      gatewayTimeoutMs: 3_000,
    });
    expect(() => loadConfig({ SIGN_IN_CODE_CHANNEL: 'telegram' })).toThrow(ConfigError);
  });
});
