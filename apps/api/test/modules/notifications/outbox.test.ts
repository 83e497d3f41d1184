import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { customers, jobs, messageOutbox, notifications } from '../../../src/db/schema/index.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { createJobRunner } from '../../../src/jobs/runner.ts';
import {
  MAX_SEND_ATTEMPTS,
  MESSAGE_OUTBOX_JOB,
  messageOutboxHandler,
  type OutboxDeps,
  scheduleMessageOutbox,
  sendDueMessages,
} from '../../../src/modules/notifications/outbox.ts';
import {
  deliverNotice,
  type Notice,
  recordInShopNotice,
  sendNotice,
} from '../../../src/modules/notifications/service.ts';
import { SmsError, type SmsMessage, type SmsProvider } from '../../../src/providers/sms/index.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { connectAgain, openTestDatabase } from '../../helpers/database.ts';

const MINUTE = 60_000;

/**
 * The phone network behind an SMS provider: keeps what it was given, refuses while it is down,
 * and takes `delayMs` to answer, as a gateway across the internet does.
 */
function fakeSms() {
  const sent: SmsMessage[] = [];
  const state = { down: false, delayMs: 0, tries: 0 };
  let began: (message: SmsMessage) => void = () => {};
  /** The message of the first send, as soon as it starts. */
  const firstSend = new Promise<SmsMessage>((resolve) => {
    began = resolve;
  });
  const provider: SmsProvider = {
    name: 'fake',
    async send(message) {
      began(message);
      state.tries += 1;
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.down) throw new SmsError('Eskiz answered 500 to a message send');
      sent.push(message);
    },
  };
  return { provider, sent, state, firstSend };
}

const paidNotice = (orderId: number): Notice => ({
  kind: 'payment_paid',
  text: { uz: `№${orderId} buyurtma to'landi`, ru: `Заказ №${orderId} оплачен` },
});

describe('the message outbox', () => {
  let database: DatabaseHandle;
  let sms: ReturnType<typeof fakeSms>;
  let errors: string[];
  /** The shop's clock: a whole minute, not before the database's own (which dates new rows). */
  let start: number;
  let clock: Date;
  const later = (ms: number) => new Date(start + ms);
  const deps = (db = database.db): OutboxDeps => ({
    db,
    sms: sms.provider,
    log: {
      info: () => {},
      warn: () => {},
      error: (_about: unknown, msg?: string) => errors.push(msg ?? ''),
    },
    now: () => clock,
  });

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(messageOutbox);
    await database.db.delete(jobs);
    sms = fakeSms();
    errors = [];
    start = Math.ceil(Date.now() / MINUTE) * MINUTE;
    clock = later(0);
  });

  /** A change committed with its notice, as a service makes one. */
  async function commitNotice(customerId: number, notice: Notice) {
    const noticeId = await inTransaction(database.db, (tx) =>
      deliverNotice(tx, customerId, notice),
    );
    // the notice's SMS: payments and reminders go by SMS by default
    const [message] = await database.db
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(eq(messageOutbox.notificationId, noticeId));
    return message!.id;
  }

  const outboxRow = async (id: number) =>
    (await database.db.select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0]!;
  const textsSent = () => sms.sent.map((m) => m.text);

  it("queues the notice's SMS in the customer's language, to their phone, and sends it at once", async () => {
    const { customer } = await createCustomerSession(database.db);
    await database.db.update(customers).set({ lang: 'ru' }).where(eq(customers.id, customer.id));
    const id = await commitNotice(customer.id, paidNotice(7));

    const [notice] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, customer.id));
    expect(await outboxRow(id)).toMatchObject({
      customerId: customer.id,
      channel: 'sms',
      phone: customer.phone,
      text: 'Bozor: Заказ №7 оплачен',
      kind: 'payment_paid',
      notificationId: notice!.id,
      attempts: 0,
      sentAt: null,
    });

    await sendNotice(deps(), customer.id, paidNotice(7));
    expect(sms.sent).toEqual([
      { phone: customer.phone, text: 'Bozor: Заказ №7 оплачен', reference: String(id) },
    ]);
    expect(await outboxRow(id)).toMatchObject({ attempts: 1, sentAt: expect.any(Date) });
  });

  it('queues nothing for a notice rolled back with its change, nor for an in-shop notice', async () => {
    const { customer } = await createCustomerSession(database.db);
    await expect(
      inTransaction(database.db, async (tx) => {
        await deliverNotice(tx, customer.id, paidNotice(8));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await inTransaction(database.db, (tx) => recordInShopNotice(tx, customer.id, paidNotice(9)));

    await sendNotice(deps(), customer.id, paidNotice(8));
    clock = later(MINUTE);
    await sendDueMessages(deps());
    expect(sms.state.tries).toBe(0);
    expect(await database.db.select().from(messageOutbox)).toEqual([]);
  });

  it('sends later, once, through the job, a notice whose SMS could not be sent', async () => {
    const { customer } = await createCustomerSession(database.db);
    const id = await commitNotice(customer.id, paidNotice(10));
    sms.state.down = true;
    const before = Date.now();
    await sendNotice(deps(), customer.id, paidNotice(10));
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({
      attempts: 1,
      sentAt: null,
      failedAt: null,
      lastError: 'SmsError: Eskiz answered 500 to a message send',
    });
    // tried again a minute later
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + MINUTE);
    expect(failed.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + MINUTE);

    sms.state.down = false;
    const runner = createJobRunner({
      db: database.db,
      handlers: { [MESSAGE_OUTBOX_JOB]: messageOutboxHandler(deps()) },
      now: () => clock,
    });
    await scheduleMessageOutbox(database.db, clock);
    clock = later(2 * MINUTE + 5_000);
    expect(await runner.runDue()).toBe(1);
    expect(textsSent()).toEqual(["Bozor: №10 buyurtma to'landi"]);
    expect(await outboxRow(id)).toMatchObject({
      attempts: 2,
      sentAt: expect.any(Date),
      lastError: null,
    });

    clock = later(3 * MINUTE + 5_000);
    expect(await runner.runDue()).toBe(1);
    await sendNotice(deps(), customer.id, paidNotice(10));
    expect(sms.state.tries).toBe(2);
    expect(textsSent()).toHaveLength(1);
  });

  it('sends through the job a notice committed by a process that died before sending it', async () => {
    const { customer } = await createCustomerSession(database.db);
    const id = await commitNotice(customer.id, paidNotice(11));

    clock = later(1_000);
    expect(await sendDueMessages(deps())).toEqual({ sent: 1, retried: 0, givenUp: 0 });
    expect(sms.sent).toEqual([expect.objectContaining({ phone: customer.phone })]);
    expect(await outboxRow(id)).toMatchObject({ attempts: 1, sentAt: later(1_000) });

    clock = later(MINUTE);
    await sendDueMessages(deps());
    // a request that outlived its process's restart finds nothing left to send
    await sendNotice(deps(), customer.id, paidNotice(11));
    expect(sms.sent).toHaveLength(1);
  });

  it('sends each message once when two jobs and a request send at the same time', async () => {
    const owners = await Promise.all([1, 2, 3].map(() => createCustomerSession(database.db)));
    for (const [i, { customer }] of owners.entries())
      await commitNotice(customer.id, paidNotice(i));
    sms.state.delayMs = 30;
    const other = connectAgain(database);
    try {
      await Promise.all([
        sendDueMessages(deps()),
        sendDueMessages(deps(other.db)),
        // the request that made a change sends its message while a job is sending it
        sms.firstSend.then((message) => {
          const i = owners.findIndex((o) => o.customer.phone === message.phone);
          return sendNotice(deps(other.db), owners[i]!.customer.id, paidNotice(i));
        }),
      ]);
      // the claims have passed, but the messages are sent
      clock = later(10 * MINUTE);
      await sendDueMessages(deps());
    } finally {
      await other.close();
    }
    expect(sms.sent.map((m) => m.phone).sort()).toEqual(owners.map((o) => o.customer.phone).sort());
  });

  it(`gives a message up after ${MAX_SEND_ATTEMPTS} failed sends, waiting 1 minute doubling to an hour between them`, async () => {
    const { customer } = await createCustomerSession(database.db);
    const id = await commitNotice(customer.id, paidNotice(12));
    sms.state.down = true;
    await sendNotice(deps(), customer.id, paidNotice(12));

    const waits: number[] = [];
    for (let run = 0; run < 2 * MAX_SEND_ATTEMPTS; run += 1) {
      clock = new Date(clock.getTime() + 61 * MINUTE);
      await sendDueMessages(deps());
      const row = await outboxRow(id);
      if (row.failedAt) break;
      waits.push(row.nextAttemptAt.getTime() - clock.getTime());
    }
    expect(waits.map((ms) => ms / MINUTE)).toEqual([2, 4, 8, 16, 32, 60, 60, 60, 60, 60]);
    expect(sms.state.tries).toBe(MAX_SEND_ATTEMPTS);
    expect(await outboxRow(id)).toMatchObject({
      attempts: MAX_SEND_ATTEMPTS,
      failedAt: clock,
      sentAt: null,
      claimedUntil: null,
      lastError: 'SmsError: Eskiz answered 500 to a message send',
    });
    expect(errors).toEqual(['a message was given up']);

    sms.state.down = false;
    clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
    await sendDueMessages(deps());
    await sendNotice(deps(), customer.id, paidNotice(12));
    expect(sms.state.tries).toBe(MAX_SEND_ATTEMPTS);
  });

  it('gives a message up, unsent, when its last allowed send never told how it ended', async () => {
    const { customer } = await createCustomerSession(database.db);
    const id = await commitNotice(customer.id, paidNotice(13));
    // the process died while sending it for the last time
    await database.db
      .update(messageOutbox)
      .set({ attempts: MAX_SEND_ATTEMPTS, claimedUntil: later(MINUTE) })
      .where(eq(messageOutbox.id, id));

    clock = later(30_000);
    await sendDueMessages(deps());
    expect(await outboxRow(id)).toMatchObject({ failedAt: null });

    clock = later(2 * MINUTE);
    await sendDueMessages(deps());
    expect(sms.state.tries).toBe(0);
    expect(await outboxRow(id)).toMatchObject({
      failedAt: later(2 * MINUTE),
      lastError: 'the last send did not finish',
    });
    expect(errors).toEqual(['a message was given up: its last send did not finish']);
  });

  it('runs every minute, scheduling the next minute first', async () => {
    clock = new Date('2027-03-01T10:01:00Z');
    const runner = createJobRunner({
      db: database.db,
      handlers: { [MESSAGE_OUTBOX_JOB]: messageOutboxHandler(deps()) },
      now: () => clock,
    });
    await scheduleMessageOutbox(database.db, new Date('2027-03-01T10:00:30Z'));
    await scheduleMessageOutbox(database.db, new Date('2027-03-01T10:00:45Z'));
    expect(await runner.runDue()).toBe(1);
    const scheduled = await database.db
      .select({ runAt: jobs.runAt, dedupeKey: jobs.dedupeKey })
      .from(jobs)
      .orderBy(asc(jobs.runAt));
    expect(scheduled).toEqual([
      {
        runAt: new Date('2027-03-01T10:01:00Z'),
        dedupeKey: 'message-outbox:2027-03-01T10:01:00.000Z',
      },
      {
        runAt: new Date('2027-03-01T10:02:00Z'),
        dedupeKey: 'message-outbox:2027-03-01T10:02:00.000Z',
      },
    ]);
  });
});
