import type { StaffRole } from '@bozor/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, scoringProfiles } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard } from '../../helpers/checkout.ts';
import { createTariffs } from '../../helpers/factories.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';

let pinflCounter = 0;
/** A PINFL of someone born on 12 May 1990 that no other test of this file uses. */
const nextPinfl = () => `4120590${String(2_000_000 + ++pinflCounter).slice(-7)}`;

/** A JPEG as a phone's camera would send it: the magic bytes and a few kilobytes. */
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4092, 0x42)]);

function multipart(content: Buffer) {
  const boundary = '----bozor-review-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="face.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Session = Awaited<ReturnType<typeof createCustomerSession>>;

describe('scoring in review mode', () => {
  const ctx = useTestApp({ scoring: { mode: 'review' } });
  let officer: Record<string, string>;
  beforeAll(async () => {
    await createTariffs(ctx.db);
    officer = as(await signedInStaff(ctx.app, ctx.db, 'credit_officer'));
  });

  const call = (s: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...s.headers, lang: 'ru' },
      ...(payload ? { payload } : {}),
    });
  const staffCall = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = officer,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...headers, lang: 'ru' },
      ...(payload ? { payload } : {}),
    });
  const stateOf = async (s: Session) =>
    (await call(s, 'GET', '/api/clients/info')).json().data.scoring;
  const outbox = async (s: Session) =>
    (await ctx.app.inject({ url: `/api/dev/outbox?phone=${s.customer.phone}` }))
      .json()
      .data.map((m: { text: string }) => m.text) as string[];
  const auditOf = (customerId: number, action: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, String(customerId)), eq(auditLog.action, action)));

  /** A customer who walked every step and sent the scoring, with this declared income. */
  const submitted = async (income = 1_000_000) => {
    const s = await createCustomerSession(ctx.db);
    const personal = await call(s, 'POST', '/api/clients/add-birthday', {
      surname: 'Aliyev',
      given_name: 'Karim',
      patronymic: 'Anvar o‘g‘li',
      passport: 'AA1234567',
      pinfl: nextPinfl(),
      birth_date: '1990-05-12',
      monthly_income: income,
    });
    expect(personal.statusCode, personal.body).toBe(200);
    const form = multipart(PHOTO);
    const face = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/identified',
      headers: { ...s.headers, ...form.headers },
      payload: form.payload,
    });
    expect(face.statusCode, face.body).toBe(200);
    const card = await bindCard(ctx.app, s.customer.id);
    expect(
      (await call(s, 'POST', '/api/clients/scoring-card', { card_id: card.id })).statusCode,
    ).toBe(200);
    const added = await call(s, 'POST', '/api/clients/add-guarantor', {
      full_name: 'Karimova Dilnoza',
      phone: '998907776655',
      relative_type_id: 1,
    });
    expect(added.statusCode).toBe(200);
    const sent = await call(s, 'POST', '/api/clients/scoring');
    expect(sent.statusCode, sent.body).toBe(200);
    return { s, card, sent: sent.json().data };
  };

  describe('the customer', () => {
    it('sends the scoring to a credit officer instead of a decision, kept across a reload', async () => {
      const { s, sent } = await submitted();
      expect(sent).toEqual({
        status: 'review',
        approved: false,
        limit: 0,
        reason: null,
        retry_at: null,
      });
      const state = await stateOf(s);
      expect(state).toMatchObject({ step: 'review', reason: null, retry_at: null });
      expect(Date.now() - Date.parse(state.review_since)).toBeLessThan(60_000);
      const info = (await call(s, 'GET', '/api/clients/info')).json().data;
      expect(info.user.is_scoring).toBe(false);
      expect((await call(s, 'GET', '/api/clients/limit')).json().data.limit).toBe(0);
      const notices = await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.customerId, s.customer.id));
      expect(notices.map((n) => n.textRu)).toContainEqual(
        expect.stringMatching(/на рассмотрении.*SMS/),
      );
    });

    it('keeps what was sent as it was while it waits', async () => {
      const { s } = await submitted();
      const again = await call(s, 'POST', '/api/clients/scoring');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        code: 'SCORING_IN_REVIEW',
        message: 'Ваша заявка на рассмотрении: результат пришлём по SMS',
      });
      const details = await call(s, 'POST', '/api/clients/add-birthday', {
        surname: 'Aliyev',
        given_name: 'Karim',
        patronymic: 'Anvarovich',
        passport: 'AA1234567',
        pinfl: nextPinfl(),
        birth_date: '1990-05-12',
        monthly_income: 90_000_000,
      });
      expect(details.statusCode).toBe(409);
      const person = await call(s, 'POST', '/api/clients/add-guarantor', {
        full_name: 'Aliyeva Madina',
        phone: '998907776600',
        relative_type_id: 2,
      });
      expect(person.json().code).toBe('SCORING_IN_REVIEW');
      const [first] = (await call(s, 'GET', '/api/clients/guarantors')).json().data;
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/clients/guarantor/${first.id}`,
        headers: s.headers,
      });
      expect(removed.statusCode).toBe(409);
    });
  });

  describe('GET /api/admin/scoring/queue', () => {
    it('lists the waiting scorings oldest first, with the name, income and time waited', async () => {
      const older = await submitted(3_000_000);
      const newer = await submitted(4_000_000);
      await ctx.db
        .update(scoringProfiles)
        .set({ reviewSince: new Date(Date.now() - 2 * 3600 * 1000) })
        .where(eq(scoringProfiles.customerId, older.s.customer.id));
      const res = await staffCall('GET', '/scoring/queue?limit=100');
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data as { customer_id: number; waiting_seconds: number }[];
      const ids = rows.map((r) => r.customer_id);
      expect(ids.indexOf(older.s.customer.id)).toBeLessThan(ids.indexOf(newer.s.customer.id));
      expect(rows.find((r) => r.customer_id === older.s.customer.id)).toEqual({
        customer_id: older.s.customer.id,
        phone: older.s.customer.phone,
        full_name: 'Aliyev Karim Anvar o‘g‘li',
        declared_income: 3_000_000,
        submitted_at: expect.any(String),
        waiting_seconds: expect.any(Number),
      });
      const waited = rows.find((r) => r.customer_id === older.s.customer.id)!.waiting_seconds;
      expect(waited).toBeGreaterThanOrEqual(7_200);
      expect(waited).toBeLessThan(7_300);
      expect(res.json().meta).toMatchObject({ current_page: 1, per_page: 100 });
      expect(res.json().meta.total).toBeGreaterThanOrEqual(2);
    });

    it('pages, and refuses a bad page', async () => {
      await submitted();
      await submitted();
      const first = await staffCall('GET', '/scoring/queue?limit=1&page=2');
      expect(first.json().data).toHaveLength(1);
      expect(first.json().meta.current_page).toBe(2);
      expect((await staffCall('GET', '/scoring/queue?page=0')).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/scoring/:customerId', () => {
    it('is the review file: the person masked, card, contact persons, face and what the rules allow', async () => {
      const { s, card } = await submitted(1_000_000);
      const res = await staffCall('GET', `/scoring/${s.customer.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const file = res.json().data;
      expect(file).toMatchObject({
        customer_id: s.customer.id,
        phone: s.customer.phone,
        step: 'review',
        person: {
          surname: 'Aliyev',
          given_name: 'Karim',
          patronymic: 'Anvar o‘g‘li',
          full_name: 'Aliyev Karim Anvar o‘g‘li',
          passport: 'AA*****67',
          birth_date: '1990-05-12',
          declared_income: 1_000_000,
        },
        card: { id: card.id, number: card.masked, type: 'uzcard', expire: '12/30' },
        guarantors: [
          { full_name: 'Karimova Dilnoza', phone: '998907776655', relative_type: 'Отец или мать' },
        ],
        face_image_url: `/api/admin/scoring/${s.customer.id}/face`,
        decision: null,
      });
      expect(file.person.pinfl).toMatch(/^4\*{10}\d{3}$/);
      expect(file.person.age).toBeGreaterThanOrEqual(35);
      expect(file.waiting_seconds).toBeGreaterThanOrEqual(0);
      // 1 000 000 a month: the payment on 12 months at +44 % may take half of it, so 4 100 000
      // (492 000 a month) fits and 4 200 000 (504 000) does not; 5 × income is 5 000 000.
      expect(file.allowance).toEqual({
        income: 1_000_000,
        refusal: null,
        max_limit: 4_100_000,
        min_limit: 500_000,
        limit_step: 100_000,
        caps: { debt_service: 4_100_000, total_credit: 5_000_000, first_limit: 10_000_000 },
        binding: ['DEBT_SERVICE'],
        longest_tariff: { months: 12, markup_percent: 44 },
      });
      expect(JSON.stringify(file)).not.toContain('AA1234567');
    });

    it('streams the face image to the credit officer only, never cached', async () => {
      const { s } = await submitted();
      const res = await staffCall('GET', `/scoring/${s.customer.id}/face`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(PHOTO)).toBe(true);
      // a face is personal data: each look is in the audit log, a refused one is not
      expect(await auditOf(s.customer.id, 'scoring.view_face')).toHaveLength(1);
      const anonymous = await ctx.app.inject({ url: `/api/admin/scoring/${s.customer.id}/face` });
      expect(anonymous.statusCode).toBe(401);
      const bearer = await ctx.app.inject({
        url: `/api/admin/scoring/${s.customer.id}/face`,
        headers: s.headers,
      });
      expect(bearer.statusCode).toBe(401);
      expect(await auditOf(s.customer.id, 'scoring.view_face')).toHaveLength(1);
    });

    it('answers 404 for a customer without scoring or none at all, and 400 for a bad id', async () => {
      const s = await createCustomerSession(ctx.db);
      const none = await staffCall('GET', `/scoring/${s.customer.id}`);
      expect(none.statusCode).toBe(404);
      expect(none.json().code).toBe('SCORING_NOT_FOUND');
      const nobody = await staffCall('GET', '/scoring/2147483000');
      expect(nobody.json().code).toBe('CUSTOMER_NOT_FOUND');
      expect((await staffCall('GET', `/scoring/${s.customer.id}/face`)).statusCode).toBe(404);
      expect((await staffCall('GET', '/scoring/abc')).statusCode).toBe(400);
    });
  });

  describe('POST /api/admin/scoring/:customerId/approve', () => {
    it('sets the customer scored with that limit, audits it, tells them by notice and SMS', async () => {
      const { s } = await submitted(1_000_000);
      const res = await staffCall('POST', `/scoring/${s.customer.id}/approve`, {
        limit: 4_000_000,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        step: 'approved',
        submitted_at: null,
        decision: { approved: true, limit: 4_000_000, reason: null, retry_at: null },
      });
      const info = (await call(s, 'GET', '/api/clients/info')).json().data;
      expect(info.user.is_scoring).toBe(true);
      expect(info.scoring.step).toBe('approved');
      expect((await call(s, 'GET', '/api/clients/limit')).json().data).toEqual({
        limit: 4_000_000,
        used: 0,
        available: 4_000_000,
      });
      expect((await outbox(s))[0]).toBe(
        "Bozor: Skoringdan o'tdingiz! Muddatli to'lov limitingiz: 4 000 000 so'm",
      );
      const notices = await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.customerId, s.customer.id));
      expect(notices.map((n) => n.textRu)).toContain(
        'Скоринг пройден! Ваш лимит рассрочки: 4 000 000 сум',
      );
      const [entry] = await auditOf(s.customer.id, 'scoring.approve');
      expect(entry).toMatchObject({
        objectType: 'customer',
        after: {
          approved: true,
          limit: 4_000_000,
          max_limit: 4_100_000,
          declared_income: 1_000_000,
        },
      });
      const queue = (await staffCall('GET', '/scoring/queue?limit=100')).json().data;
      expect(queue.map((r: { customer_id: number }) => r.customer_id)).not.toContain(s.customer.id);
    });

    it('refuses a limit over a cap, under the least, or off the step with a 422 that says why', async () => {
      const { s } = await submitted(1_000_000);
      const approve = (limit: number) =>
        staffCall('POST', `/scoring/${s.customer.id}/approve`, { limit });
      const over = await approve(4_200_000);
      expect(over.statusCode).toBe(422);
      expect(over.json()).toEqual({
        code: 'SCORING_LIMIT_OVER_CAP',
        message:
          'Лимит больше, чем позволяют правила: 5 месячных доходов, платёж до 50 % дохода и потолок первого лимита',
        errors: {
          limit: [
            'Правила позволяют лимит не больше 4 100 000 сум (ежемесячный платёж до 50 % дохода)',
          ],
        },
      });
      const below = await approve(400_000);
      expect(below.json()).toMatchObject({
        code: 'SCORING_LIMIT_BELOW_MIN',
        errors: { limit: ['Лимит должен быть не меньше 500 000 сум'] },
      });
      expect((await approve(1_050_000)).json().code).toBe('SCORING_LIMIT_STEP');
      const bad = await staffCall('POST', `/scoring/${s.customer.id}/approve`, { limit: -1 });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['limit']);
      expect((await stateOf(s)).step).toBe('review');
      expect(await auditOf(s.customer.id, 'scoring.approve')).toEqual([]);
    });

    it('refuses any limit when the rules give none: the income is too low', async () => {
      const { s } = await submitted(100_000);
      const file = (await staffCall('GET', `/scoring/${s.customer.id}`)).json().data;
      expect(file.allowance).toMatchObject({ refusal: 'LOW_INCOME', max_limit: 0, binding: [] });
      const res = await staffCall('POST', `/scoring/${s.customer.id}/approve`, {
        limit: 500_000,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('SCORING_RULES_REFUSE');
    });

    it('decides once: a second decision, or one before the customer sent it, is a 409', async () => {
      const { s } = await submitted(1_000_000);
      const path = `/scoring/${s.customer.id}`;
      expect((await staffCall('POST', `${path}/approve`, { limit: 1_000_000 })).statusCode).toBe(
        200,
      );
      const twice = await staffCall('POST', `${path}/approve`, { limit: 1_000_000 });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('SCORING_NOT_IN_REVIEW');
      const rejected = await staffCall('POST', `${path}/reject`, { reason: 'Передумали' });
      expect(rejected.statusCode).toBe(409);
      expect(await auditOf(s.customer.id, 'scoring.approve')).toHaveLength(1);

      const halfway = await createCustomerSession(ctx.db);
      await call(halfway, 'POST', '/api/clients/add-birthday', {
        surname: 'Aliyev',
        given_name: 'Karim',
        patronymic: 'Anvarovich',
        passport: 'AA1234567',
        pinfl: nextPinfl(),
        birth_date: '1990-05-12',
        monthly_income: 5_000_000,
      });
      const early = await staffCall('POST', `/scoring/${halfway.customer.id}/approve`, {
        limit: 1_000_000,
      });
      expect(early.statusCode).toBe(409);
    });
  });

  describe('POST /api/admin/scoring/:customerId/reject', () => {
    it('rejects as the automatic decision does, with the reason the customer reads', async () => {
      const { s } = await submitted(2_000_000);
      const reason = 'Доход не подтверждён справкой с места работы.';
      const res = await staffCall('POST', `/scoring/${s.customer.id}/reject`, { reason });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.decision).toMatchObject({
        approved: false,
        limit: 0,
        reason: 'REVIEW',
        reason_text: reason,
      });
      const state = await stateOf(s);
      expect(state).toMatchObject({ step: 'rejected', reason: 'REVIEW', reason_text: reason });
      const days = (Date.parse(state.retry_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
      const again = await call(s, 'POST', '/api/clients/scoring');
      expect(again.json().code).toBe('SCORING_RETRY_LATER');
      const [sms] = await outbox(s);
      expect(sms).toMatch(
        /^Bozor: Skoring tasdiqlanmadi: Доход не подтверждён справкой с места работы\. Qayta urinish \d{2}\.\d{2}\.\d{4} dan keyin mumkin$/,
      );
      const [entry] = await auditOf(s.customer.id, 'scoring.reject');
      expect(entry?.after).toMatchObject({ approved: false, reason });
      expect((await call(s, 'GET', '/api/clients/info')).json().data.user.is_scoring).toBe(false);
    });

    it('needs a reason of 3 to 500 characters', async () => {
      const { s } = await submitted();
      for (const reason of ['no', 'x'.repeat(501), '']) {
        const res = await staffCall('POST', `/scoring/${s.customer.id}/reject`, { reason });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().errors)).toEqual(['reason']);
      }
      expect((await stateOf(s)).step).toBe('review');
    });
  });

  it.each<StaffRole>(['operator', 'content_manager', 'viewer'])(
    'refuses a %s every scoring route with a 403',
    async (role) => {
      const { s } = await submitted();
      const headers = as(await signedInStaff(ctx.app, ctx.db, role));
      for (const [method, url, payload] of [
        ['GET', '/scoring/queue', undefined],
        ['GET', `/scoring/${s.customer.id}`, undefined],
        ['GET', `/scoring/${s.customer.id}/face`, undefined],
        ['POST', `/scoring/${s.customer.id}/approve`, { limit: 1_000_000 }],
        ['POST', `/scoring/${s.customer.id}/reject`, { reason: 'Нет' }],
      ] as const) {
        const res = await staffCall(method, url, payload, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('STAFF_FORBIDDEN');
      }
      expect((await stateOf(s)).step).toBe('review');
    },
  );

  it('lets an owner decide too', async () => {
    const { s } = await submitted(1_000_000);
    const owner = as(await signedInStaff(ctx.app, ctx.db, 'owner'));
    const res = await staffCall(
      'POST',
      `/scoring/${s.customer.id}/approve`,
      { limit: 500_000 },
      owner,
    );
    expect(res.statusCode).toBe(200);
  });
});
