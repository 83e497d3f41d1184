import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  creditInstallments,
  credits,
  customers,
  installmentReminders,
  jobs,
  notifications,
} from '../../../src/db/schema/index.ts';
import { createJobRunner } from '../../../src/jobs/runner.ts';
import {
  REMINDERS_JOB,
  type ReminderDeps,
  remindersHandler,
  scheduleReminders,
  sendReminders,
} from '../../../src/modules/credits/reminders.ts';
import { sendDueMessages } from '../../../src/modules/notifications/outbox.ts';
import { LogSmsProvider, SmsError, type SmsProvider } from '../../../src/providers/sms/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { connectAgain, failingOnce, itRaces } from '../../helpers/database.ts';
import { CARDS } from '../payments/fixtures.ts';

const PUBLIC_URL = 'https://bozor.uz';
/** Placed on 10 January: installments of 620,000 sum are due on the 10th from February 2027. */
const PLACED_AT = new Date('2027-01-10T06:00:00Z');

describe('installment reminders', () => {
  const ctx = useTestApp();

  const deps = (db = ctx.db): ReminderDeps => ({
    db,
    sms: ctx.app.sms,
    log: ctx.app.log,
    publicUrl: PUBLIC_URL,
  });
  /** `time` in Tashkent on `day` of 2027; 08:00 is the daily run's. */
  const at = (day: string, time = '08:00') => new Date(`2027-${day}T${time}:00+05:00`);

  beforeEach(async () => {
    // each test watches its own credits: the others' are paid off
    await ctx.db
      .update(credits)
      .set({ status: 'closed' })
      .where(inArray(credits.status, ['active', 'overdue']));
    await ctx.db.delete(jobs);
  });

  async function creditOf(options: { status?: 'active' | 'overdue' | 'not_signed' } = {}) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id, CARDS.approved);
    const created = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      total: 3_000_000,
      months: 6,
      markupPercent: 24,
      placedAt: PLACED_AT,
      ...(options.status ? { creditStatus: options.status } : {}),
    });
    return { ...session, card, ...created };
  }

  const smsTo = (phone: string) => {
    const sms = ctx.app.sms;
    if (!(sms instanceof LogSmsProvider)) throw new Error('tests send SMS to the log');
    return sms
      .outbox(phone)
      .map((m) => m.text)
      .reverse();
  };
  const noticesOf = (customerId: number) =>
    ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, customerId))
      .orderBy(notifications.id);
  const remindersOf = (installmentId: number) =>
    ctx.db
      .select()
      .from(installmentReminders)
      .where(eq(installmentReminders.installmentId, installmentId));

  async function runOn(...days: string[]) {
    for (const day of days) await sendReminders(deps(), at(day));
  }

  it('sends one SMS three days before the due date and one on its morning, with the amount, card and link', async () => {
    const alice = await creditOf();
    const last4 = alice.card.masked.slice(-4);
    const link = `${PUBLIC_URL}/installment/${alice.credit.id}`;

    await runOn('02-05', '02-06');
    expect(smsTo(alice.customer.phone)).toEqual([]);

    await runOn('02-07', '02-08', '02-09');
    expect(smsTo(alice.customer.phone)).toEqual([
      `Bozor: #${alice.order.id} buyurtmaning 1-to'lovi 10.02.2027 kuni: 620 000 so'm. Summa *${last4} kartangizdan avtomatik yechiladi. Hozir to'lash: ${link}`,
    ]);

    await runOn('02-10', '02-11');
    const sent = smsTo(alice.customer.phone);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(
      `Bozor: Bugun #${alice.order.id} buyurtmaning 1-to'lovi kuni: 620 000 so'm. Summa *${last4} kartangizdan avtomatik yechiladi. Hozir to'lash: ${link}`,
    );
  });

  it('keeps both reminders in the profile, in Uzbek and Russian, and texts a Russian reader in Russian', async () => {
    const boris = await creditOf();
    await ctx.db.update(customers).set({ lang: 'ru' }).where(eq(customers.id, boris.customer.id));
    const last4 = boris.card.masked.slice(-4);
    const link = `${PUBLIC_URL}/installment/${boris.credit.id}`;
    await runOn('02-07', '02-10');

    const notices = await noticesOf(boris.customer.id);
    expect(notices.map((n) => n.kind)).toEqual(['installment_due_soon', 'installment_due_today']);
    expect(notices[0]).toMatchObject({
      textUz: `#${boris.order.id} buyurtmaning 1-to'lovi 10.02.2027 kuni: 620 000 so'm. Summa *${last4} kartangizdan avtomatik yechiladi. Hozir to'lash: ${link}`,
      textRu: `Платёж №1 по заказу №${boris.order.id} — 10.02.2027: 620 000 сум. Сумма спишется с карты *${last4} автоматически. Оплатить сейчас: ${link}`,
    });
    expect(smsTo(boris.customer.phone)).toEqual([
      `Bozor: ${notices[0]!.textRu}`,
      `Bozor: Сегодня день платежа №1 по заказу №${boris.order.id}: 620 000 сум. Сумма спишется с карты *${last4} автоматически. Оплатить сейчас: ${link}`,
    ]);
  });

  it('names what is still owed, and that no card pays it automatically when the credit has none', async () => {
    const carol = await creditOf();
    const first = carol.installments[0]!;
    await ctx.db
      .update(creditInstallments)
      .set({ paid: 20_000 })
      .where(eq(creditInstallments.id, first.id));
    await ctx.db.update(credits).set({ cardId: null }).where(eq(credits.id, carol.credit.id));
    await runOn('02-07');
    expect(smsTo(carol.customer.phone)).toEqual([
      `Bozor: #${carol.order.id} buyurtmaning 1-to'lovi 10.02.2027 kuni: 600 000 so'm. Avtoto'lov uchun karta bog'lanmagan. Hozir to'lash: ${PUBLIC_URL}/installment/${carol.credit.id}`,
    ]);
  });

  it("names the credit's page in the profile when the shop's address is not configured", async () => {
    const dilnoza = await creditOf();
    await sendReminders({ ...deps(), publicUrl: undefined }, at('02-07'));
    expect(smsTo(dilnoza.customer.phone)[0]).toMatch(
      /kartangizdan avtomatik yechiladi\. Hozir to'lash: Kabinet → Muddatli to'lovlarim$/,
    );
  });

  it('sends none for a paid installment', async () => {
    const erkin = await creditOf();
    const first = erkin.installments[0]!;
    await ctx.db
      .update(creditInstallments)
      .set({ paid: first.amount, paidAt: at('02-01') })
      .where(eq(creditInstallments.id, first.id));
    await runOn('02-07', '02-08', '02-09', '02-10');
    expect(smsTo(erkin.customer.phone)).toEqual([]);
    expect(await noticesOf(erkin.customer.id)).toEqual([]);
    expect(await remindersOf(first.id)).toEqual([]);

    // the next month's installment is still owed
    await runOn('03-07');
    expect(smsTo(erkin.customer.phone)).toEqual([expect.stringContaining("2-to'lovi 10.03.2027")]);
  });

  it('sends none for a credit not being paid, and does for an overdue one', async () => {
    const unsigned = await creditOf({ status: 'not_signed' });
    const closed = await creditOf();
    await ctx.db.update(credits).set({ status: 'closed' }).where(eq(credits.id, closed.credit.id));
    const cancelled = await creditOf();
    await ctx.db
      .update(credits)
      .set({ status: 'cancelled' })
      .where(eq(credits.id, cancelled.credit.id));
    const overdue = await creditOf({ status: 'overdue' });

    const report = await sendReminders(deps(), at('02-07'));
    expect(report).toEqual({ before: 1, due: 0 });
    for (const quiet of [unsigned, closed, cancelled]) {
      expect(smsTo(quiet.customer.phone)).toEqual([]);
    }
    expect(smsTo(overdue.customer.phone)).toHaveLength(1);
  });

  it("sends a missed morning's reminder later that day, but never one of a day already come", async () => {
    const farrukh = await creditOf();
    const [first, second] = farrukh.installments;
    // the server was down from 6 to 10 February: the first run is on the due date's evening
    const report = await sendReminders(deps(), at('02-10', '21:30'));
    expect(report).toEqual({ before: 0, due: 1 });
    expect(smsTo(farrukh.customer.phone)).toEqual([expect.stringMatching(/^Bozor: Bugun /)]);
    expect((await remindersOf(first!.id)).map((r) => r.kind)).toEqual(['due']);

    // down again from 7 to 8 March: the reminder ahead goes two days before instead of none
    await runOn('03-09');
    expect(smsTo(farrukh.customer.phone)[1]).toMatch(/2-to'lovi 10\.03\.2027 kuni/);
    await runOn('03-10');
    expect((await remindersOf(second!.id)).map((r) => r.kind).sort()).toEqual(['before', 'due']);
    expect(smsTo(farrukh.customer.phone)).toHaveLength(3);
  });

  it('sends nothing twice when run twice on one day', async () => {
    const gulnora = await creditOf();
    expect(await sendReminders(deps(), at('02-07'))).toEqual({ before: 1, due: 0 });
    expect(await sendReminders(deps(), at('02-07', '13:00'))).toEqual({ before: 0, due: 0 });
    expect(smsTo(gulnora.customer.phone)).toHaveLength(1);
    expect(await noticesOf(gulnora.customer.id)).toHaveLength(1);
  });

  it('sends later, through the outbox, a reminder whose SMS could not be sent, and reminds once', async () => {
    const ikrom = await creditOf();
    const down: SmsProvider = {
      name: 'eskiz',
      send: async () => {
        throw new SmsError('Eskiz answered 500 to a message send');
      },
    };
    expect(await sendReminders({ ...deps(), sms: down }, at('02-07'))).toEqual({
      before: 1,
      due: 0,
    });
    expect(await sendReminders(deps(), at('02-07', '13:00'))).toEqual({ before: 0, due: 0 });
    expect(smsTo(ikrom.customer.phone)).toEqual([]);

    const outbox = { db: ctx.db, sms: ctx.app.sms, log: ctx.app.log };
    await sendDueMessages({ ...outbox, now: () => at('02-07', '13:01') });
    await sendDueMessages({ ...outbox, now: () => at('02-07', '14:00') });
    expect(smsTo(ikrom.customer.phone)).toEqual([
      expect.stringMatching(/^Bozor: #\d+ buyurtmaning 1-to'lovi 10\.02\.2027 kuni/),
    ]);
  });

  /**
   * Sends the day's reminders with `meanwhile` run once, as the first SMS goes, on the credit of
   * the two whose reminder comes second: as if another process changed it between the day's list
   * and its lock. Answers the report and the SMS each credit was sent.
   */
  async function remindWhileOneChanges(
    meanwhile: (credit: Awaited<ReturnType<typeof creditOf>>) => Promise<unknown>,
  ) {
    const pair = [await creditOf(), await creditOf()];
    let changed = false;
    const sms: SmsProvider = {
      name: 'eskiz',
      send: async (message) => {
        if (!changed) {
          changed = true;
          await meanwhile(pair.find((c) => c.customer.phone !== message.phone)!);
        }
        await ctx.app.sms.send(message);
      },
    };
    const report = await sendReminders({ ...deps(), sms }, at('02-10'));
    return { report, told: pair.map((c) => smsTo(c.customer.phone).length).sort() };
  }

  it('reminds no one of an installment paid between the day’s list and its turn', async () => {
    const result = await remindWhileOneChanges((c) =>
      ctx.db
        .update(creditInstallments)
        .set({ paid: c.installments[0]!.amount, paidAt: at('02-10', '07:59') })
        .where(eq(creditInstallments.id, c.installments[0]!.id)),
    );
    expect(result).toEqual({ report: { before: 0, due: 1 }, told: [0, 1] });
  });

  it('reminds no one of a credit closed between the day’s list and its turn', async () => {
    const result = await remindWhileOneChanges((c) =>
      ctx.db.update(credits).set({ status: 'closed' }).where(eq(credits.id, c.credit.id)),
    );
    expect(result).toEqual({ report: { before: 0, due: 1 }, told: [0, 1] });
  });

  it('sends the other reminders when one fails, then fails the run so that it runs again', async () => {
    const kay = await creditOf();
    const lou = await creditOf();
    // the first reminder's transaction meets a connection reset
    const db = failingOnce(ctx.db, 'transaction');
    await expect(sendReminders(deps(db), at('02-10'))).rejects.toThrow(
      'reminders of 2027-02-10: 1 failed; see the log',
    );
    const told = [kay, lou].map((c) => smsTo(c.customer.phone).length);
    expect(told.sort()).toEqual([0, 1]);
    expect(await sendReminders(deps(), at('02-10', '09:00'))).toEqual({ before: 0, due: 1 });
    expect([kay, lou].map((c) => smsTo(c.customer.phone).length)).toEqual([1, 1]);
  });

  it("runs daily at 08:00 in Tashkent through the job runner, scheduling the next day's run", async () => {
    const hasan = await creditOf();
    let clock = at('02-07', '07:59');
    const runner = createJobRunner({
      db: ctx.db,
      handlers: { [REMINDERS_JOB]: remindersHandler(deps()) },
      now: () => clock,
    });
    await scheduleReminders(ctx.db, '2027-02-07');
    expect(await runner.runDue()).toBe(0);

    clock = at('02-07');
    expect(await runner.runDue()).toBe(1);
    expect(smsTo(hasan.customer.phone)).toHaveLength(1);
    const next = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, 'installment-reminders:2027-02-08'));
    expect(next).toEqual([
      expect.objectContaining({ kind: REMINDERS_JOB, runAt: new Date('2027-02-08T03:00:00Z') }),
    ]);
  });

  itRaces('sends each reminder once when two processes run the job at once', async () => {
    const owners = await Promise.all([creditOf(), creditOf(), creditOf()]);
    const other = connectAgain(ctx.database);
    try {
      // a run whose lease passed, taken again by another process while the first still runs
      await Promise.all([
        sendReminders(deps(), at('02-07')),
        sendReminders(deps(other.db), at('02-07')),
        sendReminders(deps(other.db), at('02-07', '08:01')),
      ]);
      await Promise.all([
        sendReminders(deps(), at('02-10')),
        sendReminders(deps(other.db), at('02-10')),
      ]);
    } finally {
      await other.close();
    }
    for (const owner of owners) {
      const first = owner.installments[0]!;
      expect(smsTo(owner.customer.phone)).toHaveLength(2);
      expect((await noticesOf(owner.customer.id)).map((n) => n.kind)).toEqual([
        'installment_due_soon',
        'installment_due_today',
      ]);
      expect(await remindersOf(first.id)).toHaveLength(2);
    }
  });
});
