import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { scoringProfiles } from '../../../src/db/schema/index.ts';
import type { TestContext } from '../../helpers/app.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard } from '../../helpers/checkout.ts';
import { createTariffs } from '../../helpers/factories.ts';

/**
 * The sandbox bureau's test persons (README, "Sandbox: sign-in, cards and scoring") by the last five digits
 * of the PINFL; any other ending has no credit history.
 */
const WITH_DEBT = '99001';
const LATE_90_DAYS = '99090';
const BUREAU_DOWN = '99503';
const NO_HISTORY = '00000';

let pinflCounter = 0;
/** Born on 12 May 1990; two digits of its own before the bureau's five. */
const pinflEnding = (suffix: string) =>
  `3120590${String(++pinflCounter).padStart(2, '0')}${suffix}`;

/** A JPEG as a phone's camera would send it: the magic bytes and a few kilobytes. */
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4092, 0x42)]);

function faceForm() {
  const boundary = '----bozor-bureau-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="face.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      PHOTO,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Session = Awaited<ReturnType<typeof createCustomerSession>>;

function scoringCalls(ctx: TestContext) {
  const call = (s: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...s.headers, lang: 'ru' },
      ...(payload ? { payload } : {}),
    });
  /** A customer with every step but the decision done: this PINFL, the high-turnover card. */
  const prepared = async (pinfl: string) => {
    const s = await createCustomerSession(ctx.db);
    const personal = await call(s, 'POST', '/api/clients/add-birthday', {
      surname: 'Aliyev',
      given_name: 'Karim',
      patronymic: 'Anvar o‘g‘li',
      passport: 'AA1234567',
      pinfl,
      birth_date: '1990-05-12',
      monthly_income: 8_000_000,
    });
    expect(personal.statusCode, personal.body).toBe(200);
    const form = faceForm();
    const face = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/identified',
      headers: { ...s.headers, ...form.headers },
      payload: form.payload,
    });
    expect(face.statusCode, face.body).toBe(200);
    const card = await bindCard(ctx.app, s.customer.id, '8600111111111110');
    expect(
      (await call(s, 'POST', '/api/clients/scoring-card', { card_id: card.id })).statusCode,
    ).toBe(200);
    const added = await call(s, 'POST', '/api/clients/add-guarantor', {
      full_name: 'Karimova Dilnoza',
      phone: '998907776655',
      relative_type_id: 1,
    });
    expect(added.statusCode).toBe(200);
    return s;
  };
  const score = (s: Session) => call(s, 'POST', '/api/clients/scoring');
  const stateOf = async (s: Session) =>
    (await call(s, 'GET', '/api/clients/info')).json().data.scoring;
  const profileOf = async (s: Session) => {
    const [row] = await ctx.db
      .select()
      .from(scoringProfiles)
      .where(eq(scoringProfiles.customerId, s.customer.id));
    return row!;
  };
  return { prepared, score, stateOf, profileOf };
}

describe('scoring with the credit bureau', () => {
  // a first-limit cap above what the income allows, so the debt-service rule sets every limit
  const ctx = useTestApp({ scoring: { firstLimitCap: 100_000_000 } });
  const { prepared, score, stateOf, profileOf } = scoringCalls(ctx);
  beforeAll(async () => {
    await createTariffs(ctx.db);
  });

  it('takes what an applicant pays on credits elsewhere off the limit, by the debt-service rule', async () => {
    const clean = await prepared(pinflEnding(NO_HISTORY));
    const indebted = await prepared(pinflEnding(WITH_DEBT));
    const cleanDecision = (await score(clean)).json().data;
    const indebtedDecision = (await score(indebted)).json().data;
    // the same card's income, 13,584,000–13,607,999 sum: half of it pays 6,792,000 a month, which
    // is 56,600,000 on 12 months at +44 %; the 1,500,000 paid elsewhere leaves 5,292,000 of it
    expect(cleanDecision).toMatchObject({ status: 'approved', limit: 56_600_000 });
    expect(indebtedDecision).toMatchObject({ status: 'approved', limit: 44_100_000 });
    const [cleanProfile, indebtedProfile] = [await profileOf(clean), await profileOf(indebted)];
    expect(indebtedProfile.income).toBe(cleanProfile.income);
    expect(cleanProfile.income).toBeGreaterThanOrEqual(13_584_000);
    expect(cleanProfile.income).toBeLessThan(13_608_000);
    expect(cleanProfile.reasons).toEqual(['DEBT_SERVICE']);
    expect(indebtedProfile.reasons).toEqual(['DEBT_SERVICE']);
  });

  it('rejects an applicant 90 days late within the last 12 months with OVERDUE, and says why', async () => {
    const s = await prepared(pinflEnding(LATE_90_DAYS));
    const res = await score(s);
    expect(res.statusCode).toBe(200);
    const decision = res.json().data;
    expect(decision).toMatchObject({ status: 'rejected', approved: false, limit: 0 });
    expect(decision.reason).toBe(
      'За последние 12 месяцев платёж по кредиту просрочен на 90 дней и более',
    );
    const days = (Date.parse(decision.retry_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(await stateOf(s)).toMatchObject({ step: 'rejected', reason: 'OVERDUE' });
    expect((await profileOf(s)).reasons).toEqual(['OVERDUE']);
  });

  it('decides nothing while the bureau does not answer: a 503 to try again, the scoring still open', async () => {
    const s = await prepared(pinflEnding(BUREAU_DOWN));
    const res = await score(s);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({
      code: 'CREDIT_BUREAU_UNAVAILABLE',
      message: 'Сейчас не удалось проверить кредитную историю. Попробуйте ещё раз через минуту',
    });
    expect(await stateOf(s)).toMatchObject({ step: 'decision', reason: null, retry_at: null });
    const profile = await profileOf(s);
    expect(profile).toMatchObject({ decidedAt: null, approved: null, creditLimit: 0 });
    expect((await score(s)).statusCode).toBe(503);
  });
});

describe('scoring without a credit bureau', () => {
  describe('in auto mode', () => {
    const ctx = useTestApp({ creditBureau: null });
    const { prepared, score, stateOf } = scoringCalls(ctx);
    beforeAll(async () => {
      await createTariffs(ctx.db);
    });

    it('never approves blindly: a 503, and the scoring stays open', async () => {
      const s = await prepared(pinflEnding(NO_HISTORY));
      const res = await score(s);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('CREDIT_BUREAU_UNAVAILABLE');
      expect(await stateOf(s)).toMatchObject({ step: 'decision' });
    });
  });

  describe('in review mode', () => {
    const ctx = useTestApp({ creditBureau: null, scoring: { mode: 'review' } });
    const { prepared, score, stateOf } = scoringCalls(ctx);
    beforeAll(async () => {
      await createTariffs(ctx.db);
    });

    it('sends the scoring to a credit officer as before', async () => {
      const s = await prepared(pinflEnding(NO_HISTORY));
      const res = await score(s);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'review' });
      expect(await stateOf(s)).toMatchObject({ step: 'review' });
    });
  });
});
