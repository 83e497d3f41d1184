import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_AUTH_SECRET, loadConfig } from '../src/config.ts';
import { DEMO_SELLER } from '../src/modules/contracts/seller.ts';

const SELLER = {
  SELLER_NAME: '«Bozor Savdo» MChJ',
  SELLER_TIN: '305123456',
  SELLER_ADDRESS: "Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi, 108",
  SELLER_BANK: '«Kapitalbank» ATB',
  SELLER_ACCOUNT: '20208000500123456001',
  SELLER_MFO: '01018',
};

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

  it('names the demo seller outside production, marked as a demo', () => {
    expect(loadConfig({}).seller).toEqual(DEMO_SELLER);
    expect(DEMO_SELLER.name).toMatch(/\(demo\)/);
    expect(DEMO_SELLER.tin).toMatch(/^\d{9}$/);
    expect(DEMO_SELLER.account).toMatch(/^\d{20}$/);
    expect(DEMO_SELLER.mfo).toMatch(/^\d{5}$/);
    expect(loadConfig(SELLER).seller.name).toBe('«Bozor Savdo» MChJ');
  });

  it('takes the seller whole or not at all: a real name never comes with demo bank details', () => {
    expect(() => loadConfig({ SELLER_NAME: '«Bozor Savdo» MChJ' })).toThrow(
      /SELLER_ACCOUNT: required with the other SELLER_\* variables/,
    );
  });

  it('checks the STIR, account and MFO by their digits', () => {
    for (const [name, value] of [
      ['SELLER_TIN', '30512345'],
      ['SELLER_TIN', '3051234567'],
      ['SELLER_TIN', '30512345a'],
      ['SELLER_ACCOUNT', '2020800050012345600'],
      ['SELLER_ACCOUNT', '2020 8000 5001 2345 6001'],
      ['SELLER_MFO', '1018'],
      ['SELLER_MFO', '010180'],
      ['SELLER_NAME', '   '],
    ] as const) {
      expect(() => loadConfig({ ...SELLER, [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(name),
      );
    }
    expect(loadConfig({ ...SELLER, SELLER_TIN: ' 305123456 ' }).seller.tin).toBe('305123456');
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

describe('loadConfig in production', () => {
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
    ...SELLER,
  };

  it('registers fiscal receipts with the OFD, and refuses the sandbox register or missing keys', () => {
    expect(loadConfig(production).fiscalRegister).toEqual({
      provider: 'ofd',
      baseUrl: 'https://vkm.bozor.uz/api',
      token: 'vkm-token',
      timeoutMs: 15_000,
    });
    expect(loadConfig(production).fiscalDelivery).toEqual({
      ikpu: '10112006002000000',
      packageCode: '1209779',
      units: null,
      vatPercent: 12,
    });
    const { FISCAL_DELIVERY_IKPU: _ikpu, ...withoutDelivery } = production;
    expect(() => loadConfig(withoutDelivery)).toThrow(/FISCAL_DELIVERY_IKPU/);
    expect(() => loadConfig({ ...production, FISCAL_DELIVERY_IKPU: '123' })).toThrow(
      /FISCAL_DELIVERY_IKPU/,
    );
    expect(() => loadConfig({ ...production, FISCAL_REGISTER: 'sandbox' })).toThrow(
      /FISCAL_REGISTER: the sandbox registers no receipt with the tax committee/,
    );
    const { FISCAL_OFD_URL: _url, FISCAL_OFD_TOKEN: _token, ...withoutOfd } = production;
    expect(() => loadConfig(withoutOfd)).toThrow(/FISCAL_OFD_URL: required for ofd/);
    expect(() => loadConfig(withoutOfd)).toThrow(/FISCAL_OFD_TOKEN: required for ofd/);
    expect(loadConfig({ ...withoutOfd, FISCAL_REGISTER: 'off' }).fiscalRegister).toEqual({
      provider: 'off',
    });
  });

  it('takes payments through Payme and refuses the sandbox gateway', () => {
    expect(loadConfig(production).cardGateways).toEqual([
      {
        provider: 'payme',
        baseUrl: 'https://checkout.paycom.uz/api',
        merchantId: 'kassa-1',
        key: 'kassa-key',
        timeoutMs: 10_000,
      },
    ]);
    expect(loadConfig({ ...production, PAYME_TIMEOUT_MS: '3000' }).cardGateways).toMatchObject([
      { timeoutMs: 3_000 },
    ]);
    expect(() => loadConfig({ ...production, PAYME_TIMEOUT_MS: '60001' })).toThrow(
      /PAYME_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'sandbox' })).toThrow(
      /PAYMENT_GATEWAY/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'payme' })).toThrow(/PAYME_KEY/);
    expect(loadConfig({}).cardGateways).toEqual([{ provider: 'sandbox' }]);
  });

  it('takes cards through Payme and Click, the first binding new cards, each with its keys', () => {
    const click = {
      CLICK_SERVICE_ID: '31',
      CLICK_MERCHANT_ID: '46',
      CLICK_MERCHANT_USER_ID: '4',
      CLICK_SECRET_KEY: 'click-secret',
    };
    expect(
      loadConfig({ ...production, ...click, PAYMENT_GATEWAYS: 'click, payme' }).cardGateways,
    ).toEqual([
      {
        provider: 'click',
        baseUrl: 'https://api.click.uz/v2/merchant',
        serviceId: 31,
        merchantUserId: '4',
        secretKey: 'click-secret',
        timeoutMs: 10_000,
      },
      expect.objectContaining({ provider: 'payme', merchantId: 'kassa-1' }),
    ]);
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ ...production, PAYMENT_GATEWAYS: 'payme,click' })).toEqual([
      'CLICK_SERVICE_ID: required for click',
      'CLICK_MERCHANT_USER_ID: required for click',
      'CLICK_SECRET_KEY: required for click',
    ]);
    expect(problems({ ...production, ...click, PAYMENT_GATEWAYS: 'payme,sandbox' })).toEqual([
      'PAYMENT_GATEWAYS: the sandbox cannot take payments in production',
    ]);
    expect(problems({ PAYMENT_GATEWAYS: 'payme,uzum,payme' })[0]).toMatch(
      /^PAYMENT_GATEWAYS: must be a comma-separated list of sandbox, payme, click, each once \(not: uzum\)/,
    );
    expect(problems({ ...click, PAYMENT_GATEWAY: 'click', PAYMENT_GATEWAYS: 'sandbox' })).toEqual([
      'PAYMENT_GATEWAY: set PAYMENT_GATEWAYS alone (PAYMENT_GATEWAY is its one-gateway form)',
    ]);
    // the older one-gateway form still works
    expect(loadConfig({ ...click, PAYMENT_GATEWAY: 'click' }).cardGateways).toMatchObject([
      { provider: 'click', serviceId: 31 },
    ]);
    // a credit officer decides unless every gateway tells a card's turnover
    expect(loadConfig({ ...click, PAYMENT_GATEWAYS: 'sandbox,click' }).scoring.mode).toBe('review');
  });

  it('has a credit officer decide scoring with Payme, which offers no card turnover', () => {
    expect(loadConfig(production).scoring).toEqual({
      mode: 'review',
      retryDays: 30,
      firstLimitCap: 10_000_000,
    });
    expect(
      loadConfig({ PAYMENT_GATEWAY: 'payme', PAYME_MERCHANT_ID: 'k', PAYME_KEY: 'k' }).scoring.mode,
    ).toBe('review');
    expect(loadConfig({}).scoring.mode).toBe('auto');
    expect(loadConfig({ SCORING_MODE: 'review' }).scoring.mode).toBe('review');
    expect(() => loadConfig({ SCORING_MODE: 'manual' })).toThrow(/SCORING_MODE/);
  });

  it('knows no credit bureau but the sandbox, and without one a credit officer decides', () => {
    expect(loadConfig(production).creditBureau).toEqual({ provider: 'none' });
    expect(() => loadConfig({ ...production, SCORING_MODE: 'auto' })).toThrow(
      /SCORING_MODE: auto needs a credit bureau/,
    );
    expect(() => loadConfig({ ...production, CREDIT_BUREAU: 'sandbox' })).toThrow(
      /CREDIT_BUREAU: the sandbox cannot judge real customers in production/,
    );
    expect(loadConfig({}).creditBureau).toEqual({ provider: 'sandbox' });
    // without a bureau, a credit officer decides: by default, and when asked
    expect(loadConfig({ CREDIT_BUREAU: 'none' }).scoring.mode).toBe('review');
    expect(loadConfig({ CREDIT_BUREAU: 'none', SCORING_MODE: 'review' }).scoring.mode).toBe(
      'review',
    );
    expect(() => loadConfig({ CREDIT_BUREAU: 'none', SCORING_MODE: 'auto' })).toThrow(
      /SCORING_MODE/,
    );
    expect(() => loadConfig({ CREDIT_BUREAU: 'equifax' })).toThrow(/CREDIT_BUREAU/);
  });

  it('does not seed the demo catalogue unless asked', () => {
    expect(loadConfig(production).seedOnStart).toBe(false);
    expect(loadConfig({ ...production, SEED_ON_START: 'true' }).seedOnStart).toBe(true);
    expect(loadConfig({}).seedOnStart).toBe(true);
  });

  it('names the seller from SELLER_*, and refuses to start naming each one missing', () => {
    expect(loadConfig(production).seller).toEqual({
      name: '«Bozor Savdo» MChJ',
      tin: '305123456',
      address: "Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi, 108",
      bank: '«Kapitalbank» ATB',
      account: '20208000500123456001',
      mfo: '01018',
    });
    const { SELLER_TIN, SELLER_MFO, ...partial } = production;
    try {
      loadConfig(partial);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toEqual([
        'SELLER_TIN: required in production',
        'SELLER_MFO: required in production',
      ]);
      expect((err as ConfigError).message).toMatch(/SELLER_TIN: required in production/);
    }
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of Object.keys(SELLER)) expect(problems).toContain(`${name}: required`);
    }
  });

  it('refuses the development secret', () => {
    expect(() => loadConfig({ ...production, AUTH_SECRET: DEVELOPMENT_AUTH_SECRET })).toThrow(
      /development value/,
    );
  });

  it('reads AUTH_SECRET_PREVIOUS beside AUTH_SECRET while the secret is replaced', () => {
    const previous = 'the-secret-being-replaced-of-32-characters';
    const config = loadConfig({ ...production, AUTH_SECRET_PREVIOUS: previous });
    expect(config.authSecretPrevious).toBe(previous);
    expect(loadConfig(production).authSecretPrevious).toBeUndefined();
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (err) {
        return (err as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ ...production, AUTH_SECRET_PREVIOUS: production.AUTH_SECRET })).toContain(
      'AUTH_SECRET_PREVIOUS: must differ from AUTH_SECRET',
    );
    expect(problems({ ...production, AUTH_SECRET_PREVIOUS: 'short' })).toContain(
      'AUTH_SECRET_PREVIOUS: must be at least 32 characters',
    );
    expect(problems({ AUTH_SECRET_PREVIOUS: previous })).toContain(
      'AUTH_SECRET_PREVIOUS: needs AUTH_SECRET',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('takes a hop count or addresses, CIDRs and named ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback, ::1, fd00::/8' }).trustProxy,
    ).toEqual(['10.0.0.1', '172.16.0.0/12', 'loopback', '::1', 'fd00::/8']);
  });

  it('refuses what is neither', () => {
    for (const value of ['true', '10.0.0.0/33', 'proxy.local', '1.2.3', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('gives late installments 3 grace days and a 1 % penalty unless told otherwise', () => {
    expect(loadConfig({}).credits).toEqual({ graceDays: 3, penaltyPercent: 1 });
    expect(loadConfig({ GRACE_DAYS: '5', PENALTY_PERCENT: '0.5' }).credits).toEqual({
      graceDays: 5,
      penaltyPercent: 0.5,
    });
    for (const env of [{ GRACE_DAYS: '-1' }, { GRACE_DAYS: '1.5' }, { PENALTY_PERCENT: '60' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(/GRACE_DAYS|PENALTY_PERCENT/);
    }
  });

  it('gives an order 24 hours for its up-front payment unless told otherwise', () => {
    expect(loadConfig({}).orderPaymentHours).toBe(24);
    expect(loadConfig({ ORDER_PAYMENT_HOURS: '2' }).orderPaymentHours).toBe(2);
    for (const value of ['0', '1.5', '721', 'soon']) {
      expect(() => loadConfig({ ORDER_PAYMENT_HOURS: value }), value).toThrow(
        /ORDER_PAYMENT_HOURS/,
      );
    }
  });

  it('takes the public address as an origin, or leaves it to each request', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://bozor.uz/' }).publicUrl).toBe('https://bozor.uz');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe(
      'http://localhost:3000',
    );
    for (const value of [
      'bozor.uz',
      'ftp://bozor.uz',
      'https://bozor.uz/shop',
      'https://bozor.uz/?a=1',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(/PUBLIC_URL/);
    }
  });

  it('keeps pictures in a folder beside the database by default, or in MEDIA_DIR', () => {
    expect(loadConfig({}).storage).toEqual({ provider: 'local', dir: resolve('./data/media') });
    expect(loadConfig({ DATA_DIR: '/srv/bozor/db' }).storage).toEqual({
      provider: 'local',
      dir: '/srv/bozor/media',
    });
    expect(loadConfig({ MEDIA_DIR: '/srv/pictures' }).storage).toEqual({
      provider: 'local',
      dir: '/srv/pictures',
    });
  });

  const S3 = {
    S3_ENDPOINT: 'https://storage.yandexcloud.net',
    S3_BUCKET: 'bozor-media',
    S3_ACCESS_KEY_ID: 'YCAJE-key-id',
    S3_SECRET_ACCESS_KEY: 'secret-access-key',
  };

  it('keeps pictures in an S3 bucket when all of S3_* are set', () => {
    expect(loadConfig(S3).storage).toEqual({
      provider: 's3',
      endpoint: 'https://storage.yandexcloud.net',
      bucket: 'bozor-media',
      region: 'us-east-1',
      accessKeyId: 'YCAJE-key-id',
      secretAccessKey: 'secret-access-key',
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        ...S3,
        S3_REGION: 'ru-central1',
        S3_PUBLIC_URL: 'https://cdn.bozor.uz',
        S3_PRIVATE_BUCKET: 'bozor-private',
      }).storage,
    ).toMatchObject({ region: 'ru-central1', publicUrl: 'https://cdn.bozor.uz' });
  });

  it('keeps face images and imports in UPLOAD_DIR without S3', () => {
    expect(loadConfig({}).privateStorage).toEqual({
      provider: 'local',
      dir: resolve('./data/uploads'),
    });
    expect(loadConfig({ UPLOAD_DIR: '/srv/uploads' }).privateStorage).toEqual({
      provider: 'local',
      dir: '/srv/uploads',
    });
  });

  it('keeps face images and imports under private/ in the bucket with S3_*, or in S3_PRIVATE_BUCKET', () => {
    expect(loadConfig({ ...S3, UPLOAD_DIR: '/srv/uploads' }).privateStorage).toEqual({
      provider: 's3',
      endpoint: 'https://storage.yandexcloud.net',
      bucket: 'bozor-media',
      region: 'us-east-1',
      accessKeyId: 'YCAJE-key-id',
      secretAccessKey: 'secret-access-key',
      prefix: 'private',
    });
    const own = loadConfig({ ...S3, S3_REGION: 'ru-central1', S3_PRIVATE_BUCKET: 'bozor-private' });
    expect(own.privateStorage).toMatchObject({
      provider: 's3',
      bucket: 'bozor-private',
      region: 'ru-central1',
      prefix: undefined,
    });
    expect(own.storage).toMatchObject({ bucket: 'bozor-media' });
  });

  it('never keeps face images in a bucket browsers read', () => {
    expect(() => loadConfig({ ...S3, S3_PUBLIC_URL: 'https://cdn.bozor.uz' })).toThrow(
      /S3_PRIVATE_BUCKET: required with S3_PUBLIC_URL/,
    );
    expect(() => loadConfig({ ...S3, S3_PRIVATE_BUCKET: 'bozor-media' })).toThrow(
      /S3_PRIVATE_BUCKET: must not be S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_PRIVATE_BUCKET: 'bozor-private' })).toThrow(
      /S3_PRIVATE_BUCKET: needs S3_ENDPOINT/,
    );
    expect(() => loadConfig({ ...S3, S3_PRIVATE_BUCKET: 'Bozor_Private' })).toThrow(
      /S3_PRIVATE_BUCKET/,
    );
  });

  it('takes the S3 settings whole or not at all, naming each one missing', () => {
    for (const missing of Object.keys(S3)) {
      const env: Record<string, string> = { ...S3 };
      delete env[missing];
      try {
        loadConfig(env);
        expect.unreachable(missing);
      } catch (err) {
        expect((err as ConfigError).problems, missing).toEqual([
          `${missing}: required with the other S3_* variables`,
        ]);
      }
    }
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.bozor.uz' })).toThrow(/S3_PUBLIC_URL/);
  });

  it('refuses an S3 endpoint that is not a web address and a bucket name S3 cannot have', () => {
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'storage.yandexcloud.net' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ ...S3, S3_BUCKET: 'Bozor_Media' })).toThrow(/S3_BUCKET/);
  });

  it('leaves the pool size to the database client unless told, and needs at least 2', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
    for (const value of ['1', '0', 'many', '2.5']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value }), value).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});

describe('IMPORT_IMAGE_HOSTS', () => {
  it('fetches from no host by default', () => {
    expect(loadConfig({}).importImageHosts).toEqual([]);
  });

  it('takes host names separated by commas, in lower case', () => {
    expect(
      loadConfig({ IMPORT_IMAGE_HOSTS: ' CDN.Supplier.uz, img.example.com ,' }).importImageHosts,
    ).toEqual(['cdn.supplier.uz', 'img.example.com']);
  });

  it.each([
    'https://cdn.supplier.uz',
    'cdn.supplier.uz/pictures',
    'cdn.supplier.uz:8443',
    'localhost',
    '*.supplier.uz',
  ])('refuses %s', (value) => {
    expect(() => loadConfig({ IMPORT_IMAGE_HOSTS: value })).toThrow(/IMPORT_IMAGE_HOSTS/);
  });
});
