import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { scoringProfiles, staff } from '../../src/db/schema/index.ts';
import { fingerprint, keyRing, openSealed, seal } from '../../src/lib/secrets.ts';
import { rotateSecrets } from '../../src/lib/secrets-rotation.ts';
import { totpCode } from '../../src/modules/staff/credentials.ts';
import { createStaff } from '../../src/modules/staff/service.ts';
import { createCustomerSession } from '../helpers/auth.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { as, csrfPair, signedInStaff } from '../helpers/staff.ts';

const A = 'the-first-auth-secret-of-this-shop-0123456789';
const B = 'the-auth-secret-that-replaces-it-0123456789';
const PINFL = '31205907654321';
const CARD = '8600111111111110';
const PASSWORD = 'correct horse battery staple';
const EMAIL = 'owner.rotation@bozor.test';

type Session = Awaited<ReturnType<typeof createCustomerSession>>;

/**
 * AUTH_SECRET replaced by another (A, then B with AUTH_SECRET_PREVIOUS=A, then B alone) over one
 * database, as three starts of the shop would: what A sealed and keyed keeps working until the
 * rotation has moved it to B.
 */
describe('replacing AUTH_SECRET', () => {
  let database: DatabaseHandle;
  let uploadDir: string;
  let app: FastifyInstance | undefined;

  const start = async (authSecret: string, authSecretPrevious?: string) => {
    await app?.close();
    app = await buildApp({ database, uploadDir, authSecret, authSecretPrevious });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    uploadDir = mkdtempSync(join(tmpdir(), 'bozor-test-rotation-'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const call = (shop: FastifyInstance, s: Session, url: string, payload: object) =>
    shop.inject({ method: 'POST', url, headers: { ...s.headers, lang: 'ru' }, payload });
  const personal = (shop: FastifyInstance, s: Session) =>
    call(shop, s, '/api/clients/add-birthday', {
      surname: 'Aliyev',
      given_name: 'Karim',
      patronymic: 'Anvar o‘g‘li',
      passport: 'AA7654321',
      pinfl: PINFL,
      birth_date: '1990-05-12',
      monthly_income: 8_000_000,
    });
  const outboxCode = async (shop: FastifyInstance, phone: string) => {
    const res = await shop.inject({ url: `/api/dev/outbox?phone=${phone}` });
    return /(\d{6})/.exec(res.json().data[0]?.text ?? '')?.[1] ?? '';
  };
  const addCard = (shop: FastifyInstance, s: Session) =>
    call(shop, s, '/api/cards/add', { card_number: CARD, expire_date: '12/30' });
  const staffSignIn = async (shop: FastifyInstance, at: number) => {
    const [row] = await database.db.select().from(staff).where(eq(staff.email, EMAIL));
    const secret = openSealed(keyRing(B, A), 'staff-totp', row?.totpSecret ?? '').plaintext;
    const pair = await csrfPair(shop);
    return shop.inject({
      method: 'POST',
      url: '/api/admin/auth/sign-in',
      headers: { cookie: pair.cookie, 'x-csrf-token': pair.csrf },
      payload: { email: EMAIL, password: PASSWORD, code: totpCode(secret, EMAIL, at) },
    });
  };
  const revealPinfl = async (shop: FastifyInstance, customerId: number) => {
    const officer = await signedInStaff(shop, database.db, 'credit_officer');
    const res = await shop.inject({
      method: 'POST',
      url: `/api/admin/customers/${customerId}/reveal-identity`,
      headers: as(officer),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const profileOf = async (customerId: number) => {
    const [row] = await database.db
      .select()
      .from(scoringProfiles)
      .where(eq(scoringProfiles.customerId, customerId));
    return row;
  };

  it('reads what the previous secret wrote until the rotation moves it, then only the new one is needed', async () => {
    // — under A: a customer's PINFL and card, an owner's TOTP, two sign-in codes sent
    let shop = await start(A);
    const alice = await createCustomerSession(database.db);
    expect((await personal(shop, alice)).statusCode).toBe(200);
    const added = await addCard(shop, alice);
    expect(added.statusCode, added.body).toBe(200);
    const confirmed = await call(shop, alice, '/api/cards/confirm', {
      card_id: added.json().data.card_id,
      otp: await outboxCode(shop, alice.customer.phone),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const made = await createStaff(
      { db: database.db, secret: shop.authSecret },
      { email: EMAIL, name: 'Dilnoza Karimova', role: 'owner' },
      undefined,
    );
    const link = await shop.inject({ url: `/api/admin/auth/setup/${made.setup_token}` });
    const totpSecret = link.json().data.totp_secret as string;
    const pair = await csrfPair(shop);
    const setup = await shop.inject({
      method: 'POST',
      url: '/api/admin/auth/setup',
      headers: { cookie: pair.cookie, 'x-csrf-token': pair.csrf },
      // the code of the step before: the next two steps are left for the two sign-ins below
      payload: {
        token: made.setup_token,
        password: PASSWORD,
        code: totpCode(totpSecret, EMAIL, Date.now() - 30_000),
      },
    });
    expect(setup.statusCode, setup.body).toBe(200);

    const challenges = [];
    for (const phone of ['998931110001', '998931110002']) {
      const sent = await shop.inject({
        method: 'POST',
        url: '/api/clients/send-code',
        payload: { phone },
      });
      expect(sent.statusCode).toBe(200);
      challenges.push({ token: sent.json().data.token, code: await outboxCode(shop, phone) });
    }
    const underA = await profileOf(alice.customer.id);
    expect(underA?.pinflHash).toBe(fingerprint(keyRing(A), 'pinfl', PINFL));

    // — AUTH_SECRET=B, AUTH_SECRET_PREVIOUS=A: everything A wrote still reads
    shop = await start(B, A);
    const signedIn = await shop.inject({
      method: 'POST',
      url: '/api/clients/sign-in',
      payload: challenges[0],
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await staffSignIn(shop, Date.now())).statusCode).toBe(200);
    const bob = await createCustomerSession(database.db);
    const taken = await personal(shop, bob);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('PINFL_TAKEN');
    const again = await addCard(shop, alice);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CARD_EXISTS');
    expect(await revealPinfl(shop, alice.customer.id)).toEqual({
      passport: 'AA7654321',
      pinfl: PINFL,
    });

    // the rotation, in batches of one row, then once more: the second finds nothing to do
    const progress: string[] = [];
    const report = await rotateSecrets(database.db, shop.authSecret, {
      batchSize: 1,
      onBatch: (table, r) => progress.push(`${table}:${r.checked}`),
    });
    expect(report.scoringProfiles.failed).toEqual([]);
    expect(report.staffTotp.failed).toEqual([]);
    expect(report.scoringProfiles).toMatchObject({ rewritten: 1, changedMeanwhile: 0 });
    // the staff helper's accounts have no TOTP secret: the owner's is the one row
    expect(report.staffTotp).toMatchObject({ checked: 1, rewritten: 1, current: 0 });
    expect(report.cardFingerprints).toBe(1);
    expect(progress).toEqual(['scoringProfiles:1', 'staffTotp:1']);
    const twice = await rotateSecrets(database.db, shop.authSecret);
    expect(twice.scoringProfiles).toMatchObject({ rewritten: 0, current: 1 });
    expect(twice.staffTotp).toMatchObject({ rewritten: 0, current: 1 });

    const underB = await profileOf(alice.customer.id);
    const onlyB = keyRing(B);
    expect(underB?.pinflHash).toBe(fingerprint(onlyB, 'pinfl', PINFL));
    expect(openSealed(onlyB, 'pinfl', underB?.pinflSealed ?? '')).toEqual({
      plaintext: PINFL,
      current: true,
    });
    expect(openSealed(onlyB, 'passport', underB?.passportSealed ?? '').plaintext).toBe('AA7654321');

    // — AUTH_SECRET=B alone: the data reads; a code sent under A is refused
    shop = await start(B);
    expect((await staffSignIn(shop, Date.now() + 30_000)).statusCode).toBe(200);
    const stillTaken = await personal(shop, bob);
    expect(stillTaken.statusCode).toBe(409);
    expect(stillTaken.json().code).toBe('PINFL_TAKEN');
    expect(await revealPinfl(shop, alice.customer.id)).toEqual({
      passport: 'AA7654321',
      pinfl: PINFL,
    });
    const late = await shop.inject({
      method: 'POST',
      url: '/api/clients/sign-in',
      payload: challenges[1],
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('OTP_INVALID');
    // a card's fingerprint hashes its number, never kept: the card added under A is no longer
    // recognised, and the same card added again is a second card (docs/deploy.md says so)
    expect((await addCard(shop, alice)).statusCode).toBe(200);
  });

  it('reports a value that opens under neither secret, and does not touch it', async () => {
    const customer = await createCustomerSession(database.db);
    const stranger = keyRing('a-secret-this-shop-never-had-0123456789');
    await database.db.insert(scoringProfiles).values({
      customerId: customer.customer.id,
      pinflSealed: seal(stranger, 'pinfl', PINFL),
      pinflHash: 'not-a-hash-of-this-shop',
    });
    const before = await profileOf(customer.customer.id);
    const report = await rotateSecrets(database.db, keyRing(B, A));
    expect(report.scoringProfiles.failed).toEqual([
      {
        id: customer.customer.id,
        reason: expect.stringMatching(/opens with neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS/),
      },
    ]);
    expect(await profileOf(customer.customer.id)).toEqual(before);
    const dry = await rotateSecrets(database.db, keyRing(B, A), { dryRun: true });
    expect(dry.scoringProfiles.failed).toHaveLength(1);
    await expect(rotateSecrets(database.db, keyRing(B), { batchSize: 0 })).rejects.toThrow(
      /batch size/,
    );
  });
});
