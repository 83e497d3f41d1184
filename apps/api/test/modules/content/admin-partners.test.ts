import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partnerApplications } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

describe('the partner inbox in the back office', () => {
  const ctx = useTestApp();
  const ids: Record<string, number> = {};
  const inject = (browser: StaffBrowser, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...as(browser), lang: 'ru' },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    const hour = 60 * 60 * 1000;
    const rows = await ctx.db
      .insert(partnerApplications)
      .values([
        {
          fullName: 'Aziz Karimov',
          phone: '998901234567',
          storeName: 'Aziz Savdo',
          stir: '123456789',
          lang: 'uz',
          createdAt: new Date(Date.now() - 3 * hour),
        },
        {
          fullName: 'Olga Kim',
          phone: '998935550011',
          storeName: 'Kim Electronics',
          stir: '30101199012345',
          lang: 'ru',
          status: 'contacted',
          createdAt: new Date(Date.now() - hour),
        },
        {
          fullName: 'Bekzod Usmonov',
          phone: '998977770000',
          storeName: 'Texno Dunyo',
          stir: '987654321',
          lang: 'uz',
          createdAt: new Date(Date.now() - 2 * hour),
        },
      ])
      .returning();
    for (const row of rows) ids[row.storeName] = row.id;
  });

  const stores = (res: { json(): { data: { store_name: string }[] } }) =>
    res.json().data.map((row) => row.store_name);

  it('lists new applications first, newest first, and filters and searches them', async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const all = await inject(viewer, 'GET', '/partners');
    expect(all.statusCode).toBe(200);
    expect(stores(all)).toEqual(['Texno Dunyo', 'Aziz Savdo', 'Kim Electronics']);
    expect(all.json().meta.total).toBe(3);
    expect(stores(await inject(viewer, 'GET', '/partners?status=contacted'))).toEqual([
      'Kim Electronics',
    ]);
    expect(stores(await inject(viewer, 'GET', '/partners?q=%2B998%2093%20555'))).toEqual([
      'Kim Electronics',
    ]);
    expect(stores(await inject(viewer, 'GET', '/partners?q=987654'))).toEqual(['Texno Dunyo']);
    expect(stores(await inject(viewer, 'GET', '/partners?q=savdo'))).toEqual(['Aziz Savdo']);
    const bad = await inject(viewer, 'GET', '/partners?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toEqual(['Статус: новая, связались, принята или отклонена']);
    expect((await inject(viewer, 'GET', '/partners/counts')).json().data).toEqual({ new: 2 });
  });

  it('moves an application forward with a note, naming who handled it and when', async () => {
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const id = ids['Aziz Savdo']!;
    const contacted = await inject(operator, 'PATCH', `/partners/${id}`, {
      status: 'contacted',
      note: 'Called, sends the price list tomorrow',
    });
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json().data).toMatchObject({
      status: 'contacted',
      note: 'Called, sends the price list tomorrow',
      handled_by: { id: operator.staffId, name: expect.any(String) },
      handled_at: expect.any(String),
    });
    const back = await inject(operator, 'PATCH', `/partners/${id}`, { status: 'new' });
    expect(back.statusCode).toBe(409);
    expect(back.json().code).toBe('PARTNER_STATUS_FINAL');
    const accepted = await inject(operator, 'PATCH', `/partners/${id}`, { status: 'accepted' });
    expect(accepted.json().data.status).toBe('accepted');
    expect(
      (await inject(operator, 'PATCH', `/partners/${id}`, { status: 'rejected' })).statusCode,
    ).toBe(409);
    // a note may still be added to a decided application
    const noted = await inject(operator, 'PATCH', `/partners/${id}`, { note: 'Contract signed' });
    expect(noted.json().data).toMatchObject({ status: 'accepted', note: 'Contract signed' });
    expect((await inject(operator, 'PATCH', `/partners/${id}`, {})).statusCode).toBe(400);

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'partner_application'), eq(auditLog.objectId, String(id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'partner_application.update',
        { status: 'new', note: '' },
        { status: 'contacted', note: 'Called, sends the price list tomorrow' },
      ],
      [
        'partner_application.update',
        { status: 'contacted', note: 'Called, sends the price list tomorrow' },
        { status: 'accepted', note: 'Called, sends the price list tomorrow' },
      ],
      [
        'partner_application.update',
        { status: 'accepted', note: 'Called, sends the price list tomorrow' },
        { status: 'accepted', note: 'Contract signed' },
      ],
    ]);
    expect(entries.every((e) => e.staffId === operator.staffId)).toBe(true);
    const detail = await inject(operator, 'GET', `/partners/${id}`);
    expect(detail.json().data.handled_by.id).toBe(operator.staffId);
  });

  it('lets a viewer read the inbox but not handle it, and answers 404 for none', async () => {
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const id = ids['Texno Dunyo']!;
    expect((await inject(viewer, 'GET', `/partners/${id}`)).statusCode).toBe(200);
    const res = await inject(viewer, 'PATCH', `/partners/${id}`, { status: 'contacted' });
    expect(res.statusCode).toBe(403);
    const manager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    const none = await inject(manager, 'PATCH', '/partners/999999', { status: 'contacted' });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('PARTNER_APPLICATION_NOT_FOUND');
  });
});
