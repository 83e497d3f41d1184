import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  customers,
  jobs,
  messageOutbox,
  notificationSettings,
  notifications,
  promotions,
  telegramLinks,
} from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { createJobRunner } from '../../../src/jobs/runner.ts';
import {
  PROMOTION_SEND_JOB,
  promotionSendHandler,
  registerNoticeChannel,
} from '../../../src/modules/notifications/index.ts';
import { sendDueMessages, sendQueued } from '../../../src/modules/notifications/outbox.ts';
import { tellNextBatch } from '../../../src/modules/notifications/promotions.ts';
import {
  deliverNotice,
  PROMOTION_STOP,
  queuedTexts,
} from '../../../src/modules/notifications/service.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

/** 11:00 and 22:00 in Tashkent (UTC+5). */
const MORNING = new Date('2026-12-01T06:00:00Z');
const NIGHT = new Date('2026-12-01T17:00:00Z');
const NEXT_NINE = '2026-12-02T04:00:00.000Z';

const body = {
  title_uz: 'Qora juma: -30%',
  title_ru: 'Чёрная пятница: -30%',
  text_uz: "Smartfonlar 30% arzon, faqat shu hafta. Muddatli to'lov bilan ham.",
  text_ru: 'Смартфоны на 30% дешевле, только на этой неделе. И в рассрочку тоже.',
  link: '/category/smartfonlar',
};

describe('promotions from the back office', () => {
  const ctx = useTestApp();
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const sms: { phone: string; text: string }[] = [];
  const telegram: { customerId: number; text: string; link: unknown }[] = [];
  const smsProvider = {
    name: 'test',
    send: async (m: { phone: string; text: string }) => {
      sms.push(m);
    },
  };

  afterEach(() => ctx.app.clock.reset());

  /** The shop's "now" of the staff's requests. */
  const at = (moment: Date) => ctx.app.clock.shift(moment.getTime() - Date.now());

  const call = (
    staff: StaffBrowser,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
    lang = 'ru',
  ) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...as(staff), lang },
      ...(payload === undefined ? {} : { payload }),
    });

  /** Runs the due promotion jobs on a runner whose clock reads a minute after `moment`. */
  const runJobs = (moment: Date, batch?: number) =>
    createJobRunner({
      db: ctx.db,
      handlers: {
        [PROMOTION_SEND_JOB]: promotionSendHandler({
          db: ctx.db,
          sms: smsProvider,
          log: quiet,
          ...(batch ? { batch } : {}),
        }),
      },
      now: () => new Date(moment.getTime() + 60_000),
    }).runDue();

  async function customerWith(
    promotions: { sms: boolean; telegram: boolean; in_shop: boolean } | null,
    lang: 'uz' | 'ru' = 'uz',
  ) {
    const session = await createCustomerSession(ctx.db);
    await ctx.db.update(customers).set({ lang }).where(eq(customers.id, session.customer.id));
    if (promotions) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/clients/notification-settings',
        headers: session.headers,
        payload: { topics: [{ topic: 'promotions', ...promotions }] },
      });
      expect(res.statusCode).toBe(200);
    }
    return session;
  }

  const promotionNotices = (customerId: number) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, customerId), eq(notifications.kind, 'promotion')));

  it('reaches only the customers who turned promotions on, on the channels they chose', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const bySms = await customerWith({ sms: true, telegram: false, in_shop: true });
    const byTelegram = await customerWith({ sms: false, telegram: true, in_shop: false }, 'ru');
    const inShopOnly = await customerWith({ sms: false, telegram: false, in_shop: true }, 'ru');
    const allOff = await customerWith({ sms: false, telegram: false, in_shop: false });
    const never = await customerWith(null);
    // orders by SMS says nothing about promotions
    await ctx.db.insert(notificationSettings).values({
      customerId: never.customer.id,
      topic: 'orders',
      sms: true,
      telegram: true,
      inShop: true,
    });
    const blocked = await customerWith({ sms: true, telegram: true, in_shop: true });
    await ctx.db
      .update(customers)
      .set({ blockedAt: new Date(), blockedReason: 'fraud' })
      .where(eq(customers.id, blocked.customer.id));
    await ctx.db
      .insert(telegramLinks)
      .values(
        [byTelegram, blocked].map((c, i) => ({ customerId: c.customer.id, chatId: 700 + i })),
      );
    const unplug = registerNoticeChannel('telegram', {
      reaches: async (_db, customerId) =>
        customerId === byTelegram.customer.id || customerId === blocked.customer.id,
      send: async (m) => {
        telegram.push({ customerId: m.customerId, text: m.text, link: m.link });
      },
    });
    try {
      at(MORNING);
      const created = await call(owner, 'POST', '/promotions', body);
      expect(created.statusCode).toBe(200);
      const id = created.json().data.id as number;
      expect(created.json().data).toMatchObject({ state: 'draft', link: '/category/smartfonlar' });

      const audience = await call(owner, 'GET', `/promotions/${id}/audience`);
      expect(audience.statusCode).toBe(200);
      const preview = audience.json().data;
      expect(preview.channels).toEqual({ in_shop: 2, sms: 1, telegram: 1 });
      expect(preview.sends_now).toBe(true);
      expect(preview.sms.uz.text).toBe(`Bozor: ${body.title_uz} ${PROMOTION_STOP.uz}`);
      expect(preview.sms.ru.text).toBe(`Bozor: ${body.title_ru} ${PROMOTION_STOP.ru}`);
      expect(preview.sms.ru.parts).toBe(1);

      const sent = await call(owner, 'POST', `/promotions/${id}/send`);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data.state).toBe('sending');
      expect(sent.json().message).toContain('отправляется');
      expect(await runJobs(MORNING)).toBe(1);

      // told: the three who agreed; SMS and Telegram only where they turned them on
      for (const told of [bySms, byTelegram, inShopOnly]) {
        expect(await promotionNotices(told.customer.id)).toHaveLength(1);
      }
      for (const untold of [allOff, never, blocked]) {
        expect(await promotionNotices(untold.customer.id)).toEqual([]);
      }
      expect(sms).toEqual([
        {
          phone: bySms.customer.phone,
          text: `Bozor: ${body.title_uz} ${PROMOTION_STOP.uz}`,
          reference: expect.any(String),
        },
      ]);
      expect(telegram).toEqual([
        {
          customerId: byTelegram.customer.id,
          text: `${body.title_ru}\n${body.text_ru}`,
          link: { type: 'page', path: '/category/smartfonlar' },
        },
      ]);
      // Telegram off-shop: the notice is kept, already read
      const [tgNotice] = await promotionNotices(byTelegram.customer.id);
      expect(tgNotice!.readAt).not.toBeNull();

      // in the customer's centre, with its link
      const centre = await ctx.app.inject({
        url: '/api/clients/notifications',
        headers: { ...inShopOnly.headers, lang: 'ru' },
      });
      expect(centre.json().data[0]).toMatchObject({
        kind: 'promotion',
        topic: 'promotions',
        text: `${body.title_ru}\n${body.text_ru}`,
        link: { type: 'page', path: '/category/smartfonlar' },
        read: false,
      });

      const list = await call(owner, 'GET', '/promotions');
      expect(list.json().data[0]).toMatchObject({
        id,
        state: 'sent',
        sent: { in_shop: 2, sms: 1, telegram: 1 },
        waiting: { sms: 0, telegram: 0 },
      });
    } finally {
      unplug();
    }
  });

  it('sends once: a second send answers as it is, and a sent promotion cannot be changed', async () => {
    const manager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    const customer = await customerWith({ sms: true, telegram: false, in_shop: true });
    at(MORNING);
    const id = (await call(manager, 'POST', '/promotions', body)).json().data.id as number;
    const [first, second] = await Promise.all([
      call(manager, 'POST', `/promotions/${id}/send`),
      call(manager, 'POST', `/promotions/${id}/send`),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const messages = [first.json().message, second.json().message];
    expect(messages.filter((m: string) => m.includes('повторно не отправлялась'))).toHaveLength(1);
    const queued = await ctx.db.select().from(jobs).where(eq(jobs.kind, PROMOTION_SEND_JOB));
    expect(
      queued.filter((j) => (j.payload as { promotion_id: number }).promotion_id === id),
    ).toHaveLength(1);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promotion.send'), eq(auditLog.objectId, String(id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.staffId).toBe(manager.staffId);

    await runJobs(MORNING);
    const again = await call(manager, 'POST', `/promotions/${id}/send`);
    expect(again.json().data.state).toBe('sent');
    await runJobs(MORNING);
    expect(await promotionNotices(customer.customer.id)).toHaveLength(1);

    // a batch that finds its cursor behind (a run repeated) tells nobody twice
    await ctx.db
      .update(promotions)
      .set({ state: 'sending', lastCustomerId: 0 })
      .where(eq(promotions.id, id));
    const repeated = await inTransaction(ctx.db, (tx) => tellNextBatch(tx, id, MORNING));
    expect(repeated).toMatchObject({ told: [], done: true });
    expect(await promotionNotices(customer.customer.id)).toHaveLength(1);

    const changed = await call(manager, 'PATCH', `/promotions/${id}`, body);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('PROMOTION_NOT_DRAFT');
  });

  it('tells a large audience in batches, each customer once', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const audience = [];
    for (let i = 0; i < 5; i += 1) {
      audience.push(await customerWith({ sms: false, telegram: false, in_shop: true }));
    }
    at(MORNING);
    const id = (await call(owner, 'POST', '/promotions', body)).json().data.id as number;
    await call(owner, 'POST', `/promotions/${id}/send`);
    // one batch is one transaction of at most its size, the promotion still sending after it
    const first = await inTransaction(ctx.db, (tx) => tellNextBatch(tx, id, MORNING, 2));
    expect(first).toMatchObject({ done: false, told: [expect.any(Number), expect.any(Number)] });
    const [stored] = await ctx.db.select().from(promotions).where(eq(promotions.id, id));
    expect(stored).toMatchObject({ state: 'sending', lastCustomerId: first!.lastCustomerId });
    await runJobs(MORNING, 2);
    for (const customer of audience) {
      expect(await promotionNotices(customer.customer.id)).toHaveLength(1);
    }
    const list = await call(owner, 'GET', '/promotions');
    const row = list.json().data.find((p: { id: number }) => p.id === id);
    expect(row.state).toBe('sent');
    expect(row.sent.in_shop).toBeGreaterThanOrEqual(5);
  });

  it('waits for the sending hours: nothing goes out at night', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const customer = await customerWith({ sms: true, telegram: false, in_shop: true });
    at(NIGHT);
    const id = (await call(owner, 'POST', '/promotions', body, 'uz')).json().data.id as number;
    const preview = (await call(owner, 'GET', `/promotions/${id}/audience`)).json().data;
    expect(preview).toMatchObject({ sends_now: false, starts_at: NEXT_NINE });
    expect(preview.sending_hours).toEqual({ from: '09:00', to: '21:00' });
    const sent = await call(owner, 'POST', `/promotions/${id}/send`, undefined, 'uz');
    expect(sent.json().message).toContain('09:00');
    expect(sent.json().data).toMatchObject({ state: 'sending', waiting_until: NEXT_NINE });

    // the job is due at nine; a runner whose clock says night runs nothing
    expect(await runJobs(NIGHT)).toBe(0);
    expect(await promotionNotices(customer.customer.id)).toEqual([]);
    // a run that comes at night anyway (a batch's next run, late) waits for the morning
    const handler = promotionSendHandler({ db: ctx.db, sms: smsProvider, log: quiet });
    await handler(
      { promotion_id: id },
      { id: 0, kind: PROMOTION_SEND_JOB, attempts: 1, now: NIGHT },
    );
    expect(await promotionNotices(customer.customer.id)).toEqual([]);
    const [again] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${PROMOTION_SEND_JOB}:${id}:${NEXT_NINE}`));
    expect(again?.runAt.toISOString()).toBe(NEXT_NINE);
    expect(await runJobs(new Date(NEXT_NINE))).toBeGreaterThanOrEqual(1);
    expect(await promotionNotices(customer.customer.id)).toHaveLength(1);
  });

  it('the outbox holds a promotion’s messages outside the sending hours', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const customer = await customerWith({ sms: true, telegram: false, in_shop: false });
    at(MORNING);
    const id = (await call(owner, 'POST', '/promotions', body)).json().data.id as number;
    await call(owner, 'POST', `/promotions/${id}/send`);
    // its SMS could not go at once (the provider was down): left to the outbox
    const down = {
      name: 'down',
      send: async () => {
        throw new Error('down');
      },
    };
    await createJobRunner({
      db: ctx.db,
      handlers: {
        [PROMOTION_SEND_JOB]: promotionSendHandler({ db: ctx.db, sms: down, log: quiet }),
      },
      now: () => new Date(MORNING.getTime() + 60_000),
    }).runDue();
    const outbox = () =>
      ctx.db
        .select()
        .from(messageOutbox)
        .where(eq(messageOutbox.customerId, customer.customer.id))
        .orderBy(messageOutbox.id);
    expect((await outbox())[0]).toMatchObject({ sentAt: null, attempts: 1 });
    const deps = (now: Date) => ({ db: ctx.db, sms: smsProvider, log: quiet, now: () => now });
    const late = new Date(NIGHT.getTime() + 60 * 60 * 1000);
    await sendDueMessages(deps(late));
    expect((await outbox())[0]).toMatchObject({ sentAt: null, attempts: 1 });
    await sendDueMessages(deps(new Date(NEXT_NINE)));
    expect((await outbox())[0]!.sentAt).not.toBeNull();

    // a promotion's message sent after its commit waits too, when the hours ended meanwhile
    const notice = { kind: 'promotion' as const, text: { uz: 'Aksiya', ru: 'Акция' } };
    await inTransaction(ctx.db, (tx) => deliverNotice(tx, customer.customer.id, notice));
    const texts = queuedTexts(notice);
    await sendQueued(deps(late), { customerId: customer.customer.id, kind: 'promotion', texts });
    expect((await outbox())[1]).toMatchObject({ sentAt: null, attempts: 0 });
    await sendQueued(deps(MORNING), { customerId: customer.customer.id, kind: 'promotion', texts });
    expect((await outbox())[1]!.sentAt).not.toBeNull();
  });

  it('refuses staff whose role may not send promotions', async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const id = (await call(owner, 'POST', '/promotions', body)).json().data.id as number;
    for (const role of ['operator', 'credit_officer', 'viewer'] as const) {
      const member = await signedInStaff(ctx.app, ctx.db, role);
      expect((await call(member, 'GET', '/promotions')).statusCode, role).toBe(403);
      expect((await call(member, 'POST', '/promotions', body)).statusCode, role).toBe(403);
      expect((await call(member, 'GET', `/promotions/${id}/audience`)).statusCode, role).toBe(403);
      expect((await call(member, 'POST', `/promotions/${id}/send`)).statusCode, role).toBe(403);
    }
    expect((await call(owner, 'GET', '/promotions')).statusCode).toBe(200);
  });

  it('answers a bad promotion field by field, in the staff member’s language', async () => {
    const manager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    const bad = {
      ...body,
      title_uz: '',
      title_ru: 'Ж'.repeat(61),
      link: 'https://evil.example/category',
    };
    const ru = await call(manager, 'POST', '/promotions', bad, 'ru');
    expect(ru.statusCode).toBe(400);
    expect(ru.json().errors).toMatchObject({
      title_uz: [expect.stringMatching(/обязательн|Заполните/i)],
      title_ru: [expect.any(String)],
      link: ['Ссылка внутри магазина начинается с /, например /category/smartfonlar'],
    });
    const uz = await call(manager, 'POST', '/promotions', { ...bad, link: '//evil.example' }, 'uz');
    expect(uz.statusCode).toBe(400);
    expect(uz.json().errors.link).toEqual([
      "Do'kon ichidagi havola / bilan boshlanadi, masalan /category/smartfonlar",
    ]);
    expect(uz.json().errors.title_uz).toEqual([expect.any(String)]);
    expect(uz.json().errors.title_uz[0]).not.toBe(ru.json().errors.title_uz[0]);
  });
});
