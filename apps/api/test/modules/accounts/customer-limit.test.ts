import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, scoringProfiles, tariffs } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { approveScoring, bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { createTariffs } from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

describe('POST /api/admin/customers/:id/limit', () => {
  const ctx = useTestApp();
  beforeAll(async () => {
    // the longest tariff, 12 months at +44 %, measures debt service
    await createTariffs(ctx.db);
  });

  /** A customer scoring approved at `income` a month, with `limit`. */
  async function scored(income: number, limit = 5_000_000) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    await approveScoring(ctx.db, session.customer.id, limit);
    await ctx.db
      .update(scoringProfiles)
      .set({ income, birthDate: '1990-05-17' })
      .where(eq(scoringProfiles.customerId, session.customer.id));
    return session;
  }

  /** A signed credit: the customer has a history, and the first-limit cap no longer binds. */
  async function withHistory(customerId: number) {
    const card = await bindCard(ctx.app, customerId);
    await createInstallmentOrder(ctx.db, { customerId, cardId: card.id });
  }

  const change = (who: StaffBrowser, id: number, body: object, lang: 'uz' | 'ru' = 'ru') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${id}/limit`,
      headers: { ...as(who), lang },
      payload: body,
    });
  const detail = (who: StaffBrowser, id: number) =>
    ctx.app.inject({
      url: `/api/admin/customers/${id}`,
      headers: { ...as(who), lang: 'ru' },
    });

  it('shows the highest limit the rules allow, and sets one within it: audited, read by the customer', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { customer, headers } = await scored(4_000_000);
    const shown = await detail(officer, customer.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.limit_caps).toEqual({
      max: 10_000_000,
      reason: 'FIRST_LIMIT_CAP',
      text: 'Не больше 10 000 000 сум: предел первого лимита клиента без кредитной истории',
    });

    const res = await change(officer, customer.id, {
      limit: 8_000_000,
      reason: 'Клиент принёс справку о доходах',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: customer.id, credit_limit: 8_000_000 });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'customer.limit'), eq(auditLog.objectId, String(customer.id))),
      );
    expect(audit).toMatchObject({
      staffId: officer.staffId,
      objectType: 'customer',
      before: { limit: 5_000_000 },
      after: {
        limit: 8_000_000,
        reason: 'Клиент принёс справку о доходах',
        max: 10_000_000,
        rule: 'FIRST_LIMIT_CAP',
      },
    });
    const mine = await ctx.app.inject({ url: '/api/clients/limit', headers });
    expect(mine.json().data).toMatchObject({ limit: 8_000_000, available: 8_000_000 });
    const [notice] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, customer.id));
    expect(notice).toMatchObject({ kind: 'limit_changed' });
  });

  it('refuses a limit above the cap with a 422 naming the cap and the highest allowed', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { customer } = await scored(4_000_000);
    const res = await change(officer, customer.id, {
      limit: 10_000_100,
      reason: 'Постоянный клиент',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'LIMIT_ABOVE_FIRST_LIMIT_CAP',
      message: 'Лимит слишком велик: первый лимит клиента без кредитной истории ограничен',
      data: { max: 10_000_000, reason: 'FIRST_LIMIT_CAP' },
    });
    const uz = await change(
      officer,
      customer.id,
      { limit: 10_000_100, reason: 'Doimiy mijoz' },
      'uz',
    );
    expect(uz.json().message).toBe(
      "Limit juda katta: kredit tarixi yo'q mijozning birinchi limiti chegaradan oshmasligi kerak",
    );
    const [profile] = await ctx.db
      .select()
      .from(scoringProfiles)
      .where(eq(scoringProfiles.customerId, customer.id));
    expect(profile!.creditLimit).toBe(5_000_000);
  });

  it('with a credit history, holds the debt service within half the income', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { customer } = await scored(4_000_000);
    await withHistory(customer.id);
    // 16 600 000 × 1.44 / 12 = 1 992 000 a month, within 2 000 000
    expect((await detail(officer, customer.id)).json().data.limit_caps).toMatchObject({
      max: 16_600_000,
      reason: 'DEBT_SERVICE',
    });
    const above = await change(officer, customer.id, { limit: 16_700_000, reason: 'Проверено' });
    expect(above.statusCode).toBe(422);
    expect(above.json().code).toBe('LIMIT_ABOVE_DEBT_SERVICE');
    const within = await change(officer, customer.id, { limit: 16_600_000, reason: 'Проверено' });
    expect(within.statusCode, within.body).toBe(200);
  });

  it('freezes a limit with 0, even where the income allows none', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { customer } = await scored(100_000, 600_000);
    expect((await detail(officer, customer.id)).json().data.limit_caps).toMatchObject({
      max: 0,
      reason: 'LOW_INCOME',
    });
    const some = await change(officer, customer.id, { limit: 100_000, reason: 'Попытка' });
    expect(some.statusCode).toBe(422);
    expect(some.json().code).toBe('LIMIT_LOW_INCOME');
    const frozen = await change(officer, customer.id, {
      limit: 0,
      reason: 'Подозрение на мошенничество',
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json().data.credit_limit).toBe(0);
  });

  it('refuses a customer not scored (422), one that does not exist (404), bad input (400), a role without the right (403)', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const { customer: fresh } = await createCustomerSession(ctx.db);
    expect((await detail(officer, fresh.id)).json().data.limit_caps).toBeNull();
    const unscored = await change(officer, fresh.id, {
      limit: 1_000_000,
      reason: 'Просьба клиента',
    });
    expect(unscored.statusCode).toBe(422);
    expect(unscored.json()).toMatchObject({
      code: 'CUSTOMER_NOT_SCORED',
      message: 'Лимит можно изменить только клиенту, одобренному скорингом',
    });
    const missing = await change(officer, 2_000_000_000, { limit: 0, reason: 'Просьба клиента' });
    expect(missing.statusCode).toBe(404);
    const { customer } = await scored(4_000_000);
    for (const body of [
      { limit: 1_000_000, reason: 'ok' },
      { limit: -1, reason: 'Просьба клиента' },
      { limit: 1.5, reason: 'Просьба клиента' },
      { reason: 'Просьба клиента' },
    ]) {
      expect((await change(officer, customer.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const forbidden = await change(operator, customer.id, { limit: 0, reason: 'Просьба клиента' });
    expect(forbidden.statusCode).toBe(403);
  });

  it('holds total credit within five months of income when a longer tariff eases the debt service', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    // 24 months at +50 %: the monthly payment is 6.25 % of the limit, so 5 × income binds first
    await ctx.db.insert(tariffs).values({ months: 24, markupPercent: 50 });
    const { customer } = await scored(4_000_000);
    await withHistory(customer.id);
    expect((await detail(officer, customer.id)).json().data.limit_caps).toMatchObject({
      max: 20_000_000,
      reason: 'TOTAL_CREDIT',
    });
    const above = await change(officer, customer.id, { limit: 20_100_000, reason: 'Проверено' });
    expect(above.json().code).toBe('LIMIT_ABOVE_TOTAL_CREDIT');
  });
});
