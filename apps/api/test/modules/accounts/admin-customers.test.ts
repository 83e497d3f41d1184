import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders, scoringProfiles, sessions } from '../../../src/db/schema/index.ts';
import { seal } from '../../../src/lib/secrets.ts';
import { listCustomers } from '../../../src/modules/accounts/admin-service.ts';
import type { LogSmsProvider } from '../../../src/providers/sms/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { createCredit } from '../../helpers/factories.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';

type Place = { id: number; name: string };

describe('customers in the back office', () => {
  const ctx = useTestApp();

  async function signInByCode(phone: string) {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/send-code',
      payload: { phone },
    });
    const token = sent.json().data.token as string;
    const text = (ctx.app.sms as LogSmsProvider).outbox(phone)[0]?.text ?? '';
    const code = /(\d{6})/.exec(text)?.[1];
    return ctx.app.inject({
      method: 'POST',
      url: '/api/clients/sign-in',
      headers: { lang: 'ru' },
      payload: { token, code },
    });
  }

  it('blocks a customer: signed out at once, refused at sign-in, until unblocked', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { customer, headers } = await createCustomerSession(ctx.db, { phone: '998901112233' });
    const profile = () => ctx.app.inject({ method: 'GET', url: '/api/clients/info', headers });
    expect((await profile()).statusCode).toBe(200);

    const blocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer.id}/block`,
      headers: as(officer),
      payload: { reason: 'Passport of someone else' },
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data).toMatchObject({
      blocked: true,
      blocked_reason: 'Passport of someone else',
      live_sessions: 0,
    });
    expect((await profile()).statusCode).toBe(401);
    const refused = await signInByCode(customer.phone);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'CUSTOMER_BLOCKED',
      message: 'Ваш аккаунт заблокирован. Обратитесь в службу поддержки',
    });

    const unblocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer.id}/unblock`,
      headers: as(officer),
    });
    expect(unblocked.json().data.blocked).toBe(false);
    expect((await signInByCode(customer.phone)).statusCode).toBe(200);

    const audit = await ctx.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.objectId, String(customer.id)));
    expect(audit.map((a) => a.action)).toEqual(['customer.block', 'customer.unblock']);
    expect(audit[0]?.after).toMatchObject({
      reason: 'Passport of someone else',
      sessions_ended: 1,
    });
  });

  it('finds customers by phone digits or number, and shows the identity masked', async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const { customer } = await createCustomerSession(ctx.db, { phone: '998935556677' });
    await ctx.db.insert(scoringProfiles).values({
      customerId: customer.id,
      passportMasked: 'AA*****67',
      passportSealed: seal(ctx.app.authSecret, 'passport', 'AA1234567'),
      pinflMasked: '3*********0012',
      pinflSealed: seal(ctx.app.authSecret, 'pinfl', '31234567890012'),
    });
    const find = (q: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/admin/customers?q=${q}`, headers: as(viewer) });
    expect((await find('5556677')).json().data.map((c: { id: number }) => c.id)).toEqual([
      customer.id,
    ]);
    expect((await find(`%23${customer.id}`)).json().data).toHaveLength(1);
    expect((await find('12ab')).statusCode).toBe(400);

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${customer.id}`,
      headers: as(viewer),
    });
    expect(detail.json().data.scoring).toMatchObject({
      passport: 'AA*****67',
      pinfl: '3*********0012',
    });
    expect(JSON.stringify(detail.json())).not.toContain('AA1234567');

    // a viewer may not reveal; a credit officer may, and the look is audited first
    const reveal = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/customers/${customer.id}/reveal-identity`,
        headers,
      });
    expect((await reveal(as(viewer))).statusCode).toBe(403);
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const revealed = await reveal(as(officer));
    expect(revealed.json().data).toEqual({ passport: 'AA1234567', pinfl: '31234567890012' });
    const [look] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.reveal_identity'));
    expect(look).toMatchObject({ staffId: officer.staffId, objectId: String(customer.id) });
  });

  describe('GET /api/admin/customers by name', () => {
    const named = async (surname: string, givenName: string, patronymic: string | null) => {
      const { customer } = await createCustomerSession(ctx.db);
      await ctx.db
        .insert(scoringProfiles)
        .values({ customerId: customer.id, surname, givenName, patronymic });
      return customer.id;
    };
    const ids = (res: { json: () => { data: { id: number }[] } }) =>
      res
        .json()
        .data.map((c) => c.id)
        .sort((a, b) => a - b);

    it('finds any word of the passport name, partial and in any case, Latin or Cyrillic', async () => {
      const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
      const find = (q: string) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/admin/customers?q=${encodeURIComponent(q)}`,
          headers: as(viewer),
        });
      const aziz = await named('Qurbonaliyev', 'Aziz', 'Rustam o‘g‘li');
      const dilnoza = await named('Курбоналиева', 'Дилноза', 'Алишеровна');
      const nodira = await named('Ahmedova-Qurbonaliyeva', 'Nodira', null);
      await named('Tursunov', 'Aziz', null);

      expect(ids(await find('qurbonaliyev'))).toEqual([aziz, nodira]);
      expect(ids(await find('Aziz Qurbonaliyev'))).toEqual([aziz]);
      expect(ids(await find('  qurbon  AZIZ '))).toEqual([aziz]);
      expect(ids(await find('КУРБОНАЛИЕВА'))).toEqual([dilnoza]);
      expect(ids(await find('Дилноз'))).toEqual([dilnoza]);
      expect(ids(await find("Rustam o'g'li"))).toEqual([aziz]);
      expect(ids(await find('Ahmedova-Qurbonaliyeva'))).toEqual([nodira]);
      expect((await find('Zzyzx')).json()).toMatchObject({ data: [], meta: { total: 0 } });

      const [row] = (await find('Aziz Qurbonaliyev')).json().data;
      expect(row).toMatchObject({
        full_name: 'Qurbonaliyev Aziz Rustam o‘g‘li',
        order_count: 0,
        credit_count: 0,
      });
    });

    it('refuses a query that is neither digits, #number nor a name, with the field named', async () => {
      const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
      const find = (q: string) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/admin/customers?q=${encodeURIComponent(q)}`,
          headers: { ...as(viewer), lang: 'ru' },
        });
      for (const q of ['a', '%', '%%', '__', 'Kar%', 'Kar_mov', "'-", '12ab', 'x'.repeat(61)]) {
        const res = await find(q);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().errors.q, q).toEqual([
          'Введите цифры телефона, #номер клиента или ФИО (2–60 букв, апостроф и дефис)',
        ]);
      }
    });

    it('never reads LIKE wildcards as wildcards, even past the query check', async () => {
      await named('Wildcardov', 'Test', null);
      for (const q of ['%', '__', '%%%', '\\%']) {
        const found = await listCustomers(ctx.db, { q, page: 1, limit: 100 });
        expect(found.data, q).toEqual([]);
      }
    });

    it('counts the orders and credits of each customer', async () => {
      const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
      const id = await named('Hisoblov', 'Sanjar', null);
      const other = await named('Hisoblova', 'Malika', null);
      await ctx.db.insert(orders).values(
        [1, 2].map(() => ({
          customerId: id,
          paymentType: 'full' as const,
          total: 1_000_000,
          deliveryUz: 'Yetkazib berish',
          deliveryRu: 'Доставка',
        })),
      );
      await createCredit(ctx.db, id);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/customers?q=hisoblov',
        headers: as(viewer),
      });
      const rows = res.json().data as { id: number; order_count: number; credit_count: number }[];
      expect(rows.find((r) => r.id === id)).toMatchObject({ order_count: 2, credit_count: 1 });
      expect(rows.find((r) => r.id === other)).toMatchObject({ order_count: 0, credit_count: 0 });
    });
  });

  it("shows the name, declared income, addresses and live sessions, and none of another's", async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const alice = await createCustomerSession(ctx.db);
    const bob = await createCustomerSession(ctx.db);
    await ctx.db.insert(scoringProfiles).values({
      customerId: alice.customer.id,
      surname: 'Yoqubova',
      givenName: 'Malika',
      patronymic: 'Anvarovna',
      declaredIncome: 7_500_000,
    });
    const regions: Place[] = (
      await ctx.app.inject({ method: 'GET', url: '/api/regions', headers: { lang: 'uz' } })
    ).json().data;
    const samarqand = regions.find((r) => r.name === 'Samarqand viloyati')!;
    const districts: Place[] = (
      await ctx.app.inject({ method: 'GET', url: `/api/regions/district/${samarqand.id}` })
    ).json().data;
    const urgut = districts.find((d) => d.name === 'Urgut tumani')!;
    const addAddress = async (who: typeof alice, address: string, apartment: string | null) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/delivery-addresses',
        headers: who.headers,
        payload: {
          region_id: samarqand.id,
          district_id: urgut.id,
          address,
          apartment,
          landmark: apartment ? 'Bozor yonida' : null,
          phone: who.customer.phone,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await addAddress(alice, "Navoiy ko'chasi, 12-uy", '5');
    await addAddress(alice, "Registon ko'chasi, 3-uy", null);
    await addAddress(bob, "Bobur ko'chasi, 99-uy", '77');
    // a revoked and an expired session are not live
    await ctx.db.insert(sessions).values([
      {
        customerId: alice.customer.id,
        tokenHash: 'revoked-session-hash',
        expiresAt: new Date(Date.now() + 3600_000),
        revokedAt: new Date(),
      },
      {
        customerId: alice.customer.id,
        tokenHash: 'expired-session-hash',
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${alice.customer.id}`,
      headers: { ...as(viewer), lang: 'ru' },
    });
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data;
    expect(data).toMatchObject({
      full_name: 'Yoqubova Malika Anvarovna',
      surname: 'Yoqubova',
      given_name: 'Malika',
      patronymic: 'Anvarovna',
      declared_income: 7_500_000,
      live_sessions: 1,
    });
    expect(data.addresses).toEqual([
      expect.objectContaining({
        region: { id: samarqand.id, name: 'Самаркандская область' },
        district: { id: urgut.id, name: 'Ургутский район' },
        address: "Navoiy ko'chasi, 12-uy",
        apartment: '5',
        landmark: 'Bozor yonida',
        phone: alice.customer.phone,
        current: false,
      }),
      expect.objectContaining({
        address: "Registon ko'chasi, 3-uy",
        apartment: null,
        landmark: null,
        current: true,
      }),
    ]);
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0]).sort()).toEqual([
      'created_at',
      'expires_at',
      'id',
      'user_agent',
    ]);
    const [live] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.customerId, alice.customer.id));
    const body = detail.body;
    expect(body).not.toContain(alice.token);
    expect(body).not.toContain(live!.tokenHash);
    expect(body).not.toContain('Bobur');
    expect(body).not.toContain(bob.token);

    const empty = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${bob.customer.id}`,
      headers: as(viewer),
    });
    expect(empty.json().data).toMatchObject({
      full_name: null,
      surname: null,
      declared_income: null,
      addresses: [expect.objectContaining({ address: "Bobur ko'chasi, 99-uy", current: true })],
    });
    expect(empty.body).not.toContain('Registon');
    expect(empty.body).not.toContain('Yoqubova');
  });

  it('answers 404 for a customer who does not exist', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/customers/2000000000',
      headers: as(owner),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CUSTOMER_NOT_FOUND');
  });
});
