import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, scoringProfiles } from '../../../src/db/schema/index.ts';
import { seal } from '../../../src/lib/secrets.ts';
import type { LogSmsProvider } from '../../../src/providers/sms/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { as, signedInStaff } from '../../helpers/staff.ts';

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
    expect((await find('abc')).statusCode).toBe(400);

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
