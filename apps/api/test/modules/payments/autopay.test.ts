import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  creditInstallments,
  credits,
  jobs,
  ledgerEntries,
  payments,
} from '../../../src/db/schema/index.ts';
import { createJobRunner } from '../../../src/jobs/runner.ts';
import type { CreditRules } from '../../../src/modules/credits/rules.ts';
import { balanceOf } from '../../../src/modules/ledger/repository.ts';
import {
  AUTOPAY_CREDIT_JOB,
  AUTOPAY_JOB,
  type AutopayDeps,
  autopayCreditHandler,
  autopayHandler,
  penaltyFor,
  runAutopay,
  scheduleAutopay,
} from '../../../src/modules/payments/autopay.ts';
import { LogSmsProvider } from '../../../src/providers/sms/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { connectAgain, failingOnce, itRaces } from '../../helpers/database.ts';
import { sandboxOnClock } from '../../helpers/sandbox-clock.ts';
import { CARDS, chargesOf, noticeKindsOf } from './fixtures.ts';

const RULES: CreditRules = { graceDays: 3, penaltyPercent: 1 };
/** Placed on 10 January: the first installment is due on 10 February 2027. */
const PLACED_AT = new Date('2027-01-10T06:00:00Z');
/** The sandbox holds this card's receipts processing until told to pass them. */
const PROCESSING_CARD = '8600888888888885';

describe('autopay', () => {
  const sandbox = sandboxOnClock();
  const ctx = useTestApp({ credits: RULES, cardGateway: sandbox.gateway });
  let clock: Date;

  const deps = (db = ctx.db): AutopayDeps => ({
    db,
    gateway: ctx.app.cardGateway,
    sms: ctx.app.sms,
    log: ctx.app.log,
    rules: RULES,
  });
  const runnerOn = (db = ctx.db) =>
    createJobRunner({
      db,
      handlers: {
        [AUTOPAY_JOB]: autopayHandler(deps(db)),
        [AUTOPAY_CREDIT_JOB]: autopayCreditHandler(deps(db)),
      },
      now: () => clock,
    });
  /** 10:00 in Tashkent on `day` of 2027. */
  const at = (day: string) => new Date(`2027-${day}T05:00:00Z`);

  beforeEach(async () => {
    // each test watches its own credits: the others' are paid off
    await ctx.db
      .update(credits)
      .set({ status: 'closed' })
      .where(inArray(credits.status, ['active', 'overdue']));
    await ctx.db.delete(jobs);
  });

  async function creditOn(number: string, markupPercent = 24) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id, number);
    const created = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      total: 3_000_000,
      months: 6,
      markupPercent,
      placedAt: PLACED_AT,
    });
    return { ...session, card, ...created };
  }

  const installment = async (id: number) =>
    (await ctx.db.select().from(creditInstallments).where(eq(creditInstallments.id, id)))[0]!;
  const creditStatus = async (id: number) =>
    (await ctx.db.select().from(credits).where(eq(credits.id, id)))[0]!.status;
  const noticesOf = (customerId: number) => noticeKindsOf(ctx.db, customerId);
  const smsTo = (phone: string) => {
    const sms = ctx.app.sms;
    if (!(sms instanceof LogSmsProvider)) throw new Error('tests send SMS to the log');
    return sms.outbox(phone).map((m) => m.text);
  };

  /** Moves the clock to `day` and lets the runner do what is due: the day's run, then its credits. */
  async function runOn(day: string, runner = runnerOn()) {
    clock = at(day);
    let ran = 0;
    for (let batch = await runner.runDue(); batch > 0; batch = await runner.runDue()) ran += batch;
    return ran;
  }

  it('debits an installment on its due date and schedules the next day', async () => {
    const alice = await creditOn(CARDS.approved);
    const [first, second] = alice.installments;
    clock = at('02-09');
    await scheduleAutopay(ctx.db, '2027-02-09');
    expect(await runOn('02-09')).toBe(1);
    expect((await installment(first!.id)).paid).toBe(0);

    // the day's run, then the job of the one credit with an installment due
    expect(await runOn('02-10')).toBe(2);
    expect(await installment(first!.id)).toMatchObject({
      paid: first!.amount,
      paidAt: expect.any(Date),
    });
    expect((await installment(second!.id)).paid).toBe(0);
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.creditId, alice.credit.id));
    expect(payment).toMatchObject({
      purpose: 'autopay',
      state: 'paid',
      amount: first!.amount,
      gatewayKey: `autopay:${first!.id}:2027-02-10`,
    });
    expect(await balanceOf(ctx.db, alice.credit.id)).toMatchObject({ paid: first!.amount });
    expect(await noticesOf(alice.customer.id)).toEqual(['payment_paid']);
    expect(smsTo(alice.customer.phone)[0]).toMatch(/^Bozor: 620 000 so'm to'landi/);

    expect(await runOn('02-10')).toBe(0);
    const next = await ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, 'autopay:2027-02-11'));
    expect(next).toEqual([
      expect.objectContaining({ kind: AUTOPAY_JOB, runAt: new Date('2027-02-11T04:00:00Z') }),
    ]);
  });

  it('counts a declined debit, tells the customer, and tries again the next day', async () => {
    const bob = await creditOn(CARDS.insufficientFunds);
    const first = bob.installments[0]!;
    await scheduleAutopay(ctx.db, '2027-02-10');
    await runOn('02-10');
    expect(await installment(first.id)).toMatchObject({
      paid: 0,
      failedDebits: 1,
      lastDecline: 'INSUFFICIENT_FUNDS',
    });
    expect(await noticesOf(bob.customer.id)).toEqual(['autopay_failed']);
    expect(smsTo(bob.customer.phone)[0]).toMatch(/mablag' yetarli emas/);

    await runOn('02-11');
    expect(await installment(first.id)).toMatchObject({ paid: 0, failedDebits: 2 });

    // the customer binds a card with money on it for autopay
    const good = await bindCard(ctx.app, bob.customer.id, CARDS.approved);
    await ctx.db.update(credits).set({ cardId: good.id }).where(eq(credits.id, bob.credit.id));
    await runOn('02-12');
    expect(await installment(first.id)).toMatchObject({ paid: first.amount, failedDebits: 2 });
    expect(await noticesOf(bob.customer.id)).toEqual([
      'autopay_failed',
      'autopay_failed',
      'payment_paid',
    ]);
    const tried = await ctx.db
      .select({ state: payments.state, key: payments.gatewayKey })
      .from(payments)
      .where(eq(payments.creditId, bob.credit.id))
      .orderBy(payments.id);
    expect(tried).toEqual([
      { state: 'failed', key: `autopay:${first.id}:2027-02-10` },
      { state: 'failed', key: `autopay:${first.id}:2027-02-11` },
      { state: 'paid', key: `autopay:${first.id}:2027-02-12` },
    ]);
  });

  it('marks an installment overdue after the grace days with one penalty, never another', async () => {
    const carol = await creditOn(CARDS.insufficientFunds);
    const first = carol.installments[0]!;
    await scheduleAutopay(ctx.db, '2027-02-10');
    for (const day of ['02-10', '02-11', '02-12', '02-13']) await runOn(day);
    expect(await installment(first.id)).toMatchObject({ overdueAt: null, penalty: 0 });
    expect(await creditStatus(carol.credit.id)).toBe('active');

    for (const day of ['02-14', '02-15', '02-16']) await runOn(day);
    const penalty = Math.floor(first.amount / 100);
    expect(await installment(first.id)).toMatchObject({
      overdueAt: at('02-14'),
      penalty,
      failedDebits: 7,
    });
    expect(await creditStatus(carol.credit.id)).toBe('overdue');
    const penalties = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.creditId, carol.credit.id), eq(ledgerEntries.kind, 'penalty')));
    expect(penalties).toEqual([expect.objectContaining({ amount: penalty })]);
    expect(await balanceOf(ctx.db, carol.credit.id)).toEqual({
      paid: 0,
      remaining: carol.credit.total + penalty,
      total: carol.credit.total + penalty,
    });
    const kinds = await noticesOf(carol.customer.id);
    expect(kinds.filter((k) => k === 'installment_overdue')).toHaveLength(1);
    expect(smsTo(carol.customer.phone).filter((t) => t.includes("muddati o'tdi"))).toHaveLength(1);

    // with money on the card, the next run pays the installment and its penalty
    const good = await bindCard(ctx.app, carol.customer.id, CARDS.approved);
    await ctx.db.update(credits).set({ cardId: good.id }).where(eq(credits.id, carol.credit.id));
    await runOn('02-17');
    expect(await installment(first.id)).toMatchObject({ paid: first.amount + penalty });
    expect(await creditStatus(carol.credit.id)).toBe('active');
  });

  it('settles a debit whose answer was lost on the next run, charging once', async () => {
    const dan = await creditOn(CARDS.lostAnswer);
    const first = dan.installments[0]!;
    await scheduleAutopay(ctx.db, '2027-02-10');
    await runOn('02-10');
    const key = `autopay:${first.id}:2027-02-10`;
    const [checking] = await ctx.db.select().from(payments).where(eq(payments.gatewayKey, key));
    expect(checking?.state).toBe('checking');
    expect((await installment(first.id)).paid).toBe(0);

    sandbox.pass();
    await runOn('02-11');
    const [settled] = await ctx.db.select().from(payments).where(eq(payments.gatewayKey, key));
    expect(settled?.state).toBe('paid');
    expect(await installment(first.id)).toMatchObject({ paid: first.amount, failedDebits: 0 });
    const charged = await chargesOf(ctx.app, `autopay:${first.id}:`);
    expect(charged).toEqual([expect.objectContaining({ idempotencyKey: key })]);
  });

  it("charges no penalty while the day's debit is still on its way, and none once it settles", async () => {
    const eve = await creditOn(CARDS.lostAnswer);
    const first = eve.installments[0]!;
    await scheduleAutopay(ctx.db, '2027-02-10');
    for (const day of ['02-10', '02-11', '02-12', '02-13', '02-14', '02-15']) await runOn(day);
    const key = `autopay:${first.id}:2027-02-10`;
    const [waiting] = await ctx.db.select().from(payments).where(eq(payments.gatewayKey, key));
    // a day without an answer: a person is told, and the money is still waited for
    expect(waiting).toMatchObject({ state: 'needs_attention', attentionKind: 'check_stuck' });
    expect(await installment(first.id)).toMatchObject({ overdueAt: null, penalty: 0, paid: 0 });
    expect(await noticesOf(eve.customer.id)).not.toContain('installment_overdue');
    expect(await creditStatus(eve.credit.id)).toBe('active');

    sandbox.pass();
    await runOn('02-16');
    expect(await installment(first.id)).toMatchObject({ paid: first.amount, penalty: 0 });
    expect(await creditStatus(eve.credit.id)).toBe('active');
    expect(await chargesOf(ctx.app, `autopay:${first.id}:`)).toHaveLength(1);
  });

  it('waives at settle a penalty charged while the money for it was on its way', async () => {
    const fred = await creditOn(CARDS.lostAnswer);
    const first = fred.installments[0]!;
    await scheduleAutopay(ctx.db, '2027-02-10');
    await runOn('02-10');
    // a penalty the rules of the day did not hold back
    const penalty = Math.floor(first.amount / 100);
    await ctx.db
      .update(creditInstallments)
      .set({ overdueAt: at('02-14'), penalty })
      .where(eq(creditInstallments.id, first.id));
    await ctx.db.insert(ledgerEntries).values({
      customerId: fred.customer.id,
      creditId: fred.credit.id,
      orderId: fred.order.id,
      kind: 'penalty',
      amount: penalty,
      idempotencyKey: `penalty:${first.id}`,
    });
    await ctx.db.update(credits).set({ status: 'overdue' }).where(eq(credits.id, fred.credit.id));

    sandbox.pass();
    await runOn('02-14');
    expect(await installment(first.id)).toMatchObject({ paid: first.amount, penalty: 0 });
    expect(await creditStatus(fred.credit.id)).toBe('active');
    const moves = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.creditId, fred.credit.id))
      .orderBy(ledgerEntries.id);
    expect(moves.map((e) => [e.kind, e.amount])).toEqual([
      ['penalty', penalty],
      ['debit', first.amount],
      ['penalty_waiver', penalty],
    ]);
    // one waiver per installment, whichever settle or retry records it
    expect(moves[2]!.idempotencyKey).toBe(`penalty_waiver:${first.id}`);
    expect(await balanceOf(ctx.db, fred.credit.id)).toEqual({
      paid: first.amount,
      remaining: fred.credit.total - first.amount,
      total: fred.credit.total,
    });
  });

  itRaces('never debits twice with two job runners, nor with two runs of one day', async () => {
    const owners = await Promise.all([
      creditOn(CARDS.approved),
      creditOn(CARDS.approved),
      creditOn(CARDS.approved),
    ]);
    const other = connectAgain(ctx.database);
    try {
      await scheduleAutopay(ctx.db, '2027-03-10');
      clock = at('03-10');
      // two processes run what is due until nothing is: the day's run once, then one job per credit
      const drain = async (runner: ReturnType<typeof runnerOn>) => {
        let ran = 0;
        for (let n = await runner.runDue(); n > 0; n = await runner.runDue()) ran += n;
        return ran;
      };
      const ran = await Promise.all([drain(runnerOn()), drain(runnerOn(other.db))]);
      expect(ran[0]! + ran[1]!).toBe(1 + owners.length);
      const dayJobs = await ctx.db.select().from(jobs).where(eq(jobs.kind, AUTOPAY_CREDIT_JOB));
      expect(dayJobs.map((j) => j.attempts)).toEqual(owners.map(() => 1));
      // a run whose lease passed, taken again by another process while the first still runs
      await Promise.all([
        runAutopay(deps(), '2027-03-10', clock),
        runAutopay(deps(other.db), '2027-03-10', clock),
        runAutopay(deps(other.db), '2027-03-11', clock),
      ]);
    } finally {
      await other.close();
    }
    for (const owner of owners) {
      const [one, two] = owner.installments;
      expect((await installment(one!.id)).paid).toBe(one!.amount);
      expect((await installment(two!.id)).paid).toBe(two!.amount);
      const debits = await ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.creditId, owner.credit.id));
      expect(debits).toHaveLength(2);
      const charged = await chargesOf(ctx.app, `autopay:${one!.id}:`);
      expect(charged).toHaveLength(1);
      expect(await balanceOf(ctx.db, owner.credit.id)).toMatchObject({
        paid: one!.amount + two!.amount,
      });
    }
  });

  it('marks an installment overdue with no penalty when the credit’s cap leaves no room for one', async () => {
    // 30 % for 6 months is over the 25 % a half-year allows: nothing is left for penalties
    const kim = await creditOn(CARDS.insufficientFunds, 30);
    const first = kim.installments[0]!;
    const credit = (await ctx.db.select().from(credits).where(eq(credits.id, kim.credit.id)))[0]!;
    expect(penaltyFor(RULES, credit, first.amount, 0)).toBe(0);
    await runAutopay(deps(), '2027-02-10', at('02-10'));
    expect(await runAutopay(deps(), '2027-02-14', at('02-14'))).toMatchObject({ overdue: 1 });
    expect(await installment(first.id)).toMatchObject({ overdueAt: at('02-14'), penalty: 0 });
    expect(await creditStatus(kim.credit.id)).toBe('overdue');
    const penalties = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.creditId, kim.credit.id), eq(ledgerEntries.kind, 'penalty')));
    expect(penalties).toEqual([]);
    const overdue = smsTo(kim.customer.phone).filter((t) => t.includes("muddati o'tdi"));
    expect(overdue).toEqual([expect.not.stringContaining('Jarima')]);
  });

  it('charges the penalty on what the installment still owes, not on a part paid early', async () => {
    const pam = await creditOn(CARDS.insufficientFunds);
    const first = pam.installments[0]!;
    // a third of it was paid before it fell due (at a branch, or early from the credit's page)
    const early = Math.floor(first.amount / 3);
    await ctx.db
      .update(creditInstallments)
      .set({ paid: early })
      .where(eq(creditInstallments.id, first.id));
    await runAutopay(deps(), '2027-02-10', at('02-10'));
    await runAutopay(deps(), '2027-02-14', at('02-14'));
    expect(await installment(first.id)).toMatchObject({
      overdueAt: at('02-14'),
      penalty: Math.floor((first.amount - early) / 100),
    });
  });

  it('lets the penalties of several late installments add up to the credit’s cap and no further', async () => {
    // 24 % for 6 months leaves 30,000 of the 25 % a half-year allows: four penalties of 6,200
    // and a fifth of what is left
    const ray = await creditOn(CARDS.insufficientFunds);
    await runAutopay(deps(), '2027-06-14', at('06-14'));
    const penalties = await Promise.all(
      ray.installments.slice(0, 5).map(async (i) => (await installment(i.id)).penalty),
    );
    expect(penalties).toEqual([6_200, 6_200, 6_200, 6_200, 5_200]);
    expect(await balanceOf(ctx.db, ray.credit.id)).toMatchObject({
      total: ray.credit.total + 30_000,
    });
  });

  describe('the day’s jobs', () => {
    const job = (kind: string, now: Date) => ({ id: 1, kind, attempts: 1, now });
    const failing = (method: 'transaction' | 'update') => failingOnce(ctx.db, method);
    const dedupeKeys = async () =>
      (await ctx.db.select({ key: jobs.dedupeKey }).from(jobs).orderBy(jobs.id)).map((j) => j.key);

    it('runs the day of the job’s own clock when its payload names no day', async () => {
      const lea = await creditOn(CARDS.approved);
      await autopayHandler(deps())({}, job(AUTOPAY_JOB, at('02-10')));
      expect(await dedupeKeys()).toEqual([
        'autopay:2027-02-11',
        `autopay:2027-02-10:credit:${lea.credit.id}`,
      ]);
    });

    it('fails the day’s job when a lost answer cannot be asked about, after scheduling every credit’s job', async () => {
      const max = await creditOn(PROCESSING_CARD);
      await runAutopay(deps(), '2027-02-10', at('02-10'));
      const ned = await creditOn(CARDS.approved);
      // the first write of the re-check (its claim) meets a connection reset
      await expect(
        autopayHandler(deps(failing('update')))(
          { day: '2027-03-10' },
          job(AUTOPAY_JOB, at('03-10')),
        ),
      ).rejects.toThrow('autopay of 2027-03-10: 1 re-checks failed');
      expect(await dedupeKeys()).toEqual([
        'autopay:2027-03-11',
        `autopay:2027-03-10:credit:${max.credit.id}`,
        `autopay:2027-03-10:credit:${ned.credit.id}`,
      ]);
    });

    it('fails a credit’s job when one of its steps fails, and the next try pays', async () => {
      const ola = await creditOn(CARDS.approved);
      const payload = { day: '2027-02-10', creditId: ola.credit.id };
      await expect(
        autopayCreditHandler(deps(failing('transaction')))(
          payload,
          job(AUTOPAY_CREDIT_JOB, at('02-10')),
        ),
      ).rejects.toThrow(`autopay of credit ${ola.credit.id} on 2027-02-10 failed; see the log`);
      expect((await installment(ola.installments[0]!.id)).paid).toBe(0);
      await autopayCreditHandler(deps())(payload, job(AUTOPAY_CREDIT_JOB, at('02-10')));
      expect(await installment(ola.installments[0]!.id)).toMatchObject({
        paid: ola.installments[0]!.amount,
        paidAt: at('02-10'),
      });
    });
  });

  describe('one day in one go (runAutopay)', () => {
    const PROCESSING = PROCESSING_CARD;
    const run = (day: string, now = at(day.slice(5)), d = deps()) => runAutopay(d, day, now);
    const keysOf = async (creditId: number) =>
      (
        await ctx.db
          .select({ key: payments.gatewayKey, state: payments.state })
          .from(payments)
          .where(eq(payments.creditId, creditId))
          .orderBy(payments.id)
      ).map((p) => `${p.key} ${p.state}`);

    it('reports the installments it paid, the debits declined and the installments marked overdue', async () => {
      const alice = await creditOn(CARDS.approved);
      const bob = await creditOn(CARDS.insufficientFunds);
      expect(await run('2027-02-10')).toEqual({ paid: 1, failed: 1, overdue: 0 });
      // four days on: alice owes nothing yet, bob's debit is declined again and he is late
      expect(await run('2027-02-14')).toEqual({ paid: 0, failed: 1, overdue: 1 });
      expect(await creditStatus(bob.credit.id)).toBe('overdue');
      expect(await creditStatus(alice.credit.id)).toBe('active');
    });

    it('debits a credit’s due installments oldest first, and stops at the first that does not go through', async () => {
      const dan = await creditOn(CARDS.approved);
      const eve = await creditOn(CARDS.insufficientFunds);
      const [d1, d2, d3] = dan.installments;
      const [e1] = eve.installments;
      // three installments due: dan's all go through, eve's first is declined and ends her day
      expect(await run('2027-04-11')).toEqual({ paid: 3, failed: 1, overdue: 2 });
      expect(await keysOf(dan.credit.id)).toEqual([
        `autopay:${d1!.id}:2027-04-11 paid`,
        `autopay:${d2!.id}:2027-04-11 paid`,
        `autopay:${d3!.id}:2027-04-11 paid`,
      ]);
      expect(await keysOf(eve.credit.id)).toEqual([`autopay:${e1!.id}:2027-04-11 failed`]);
    });

    it('counts nothing for a debit still on its way and tries no later installment of that credit', async () => {
      const fay = await creditOn(PROCESSING);
      expect(await run('2027-03-11')).toEqual({ paid: 0, failed: 0, overdue: 0 });
      expect(await keysOf(fay.credit.id)).toEqual([
        `autopay:${fay.installments[0]!.id}:2027-03-11 checking`,
      ]);
    });

    it('passes by a credit whose card is gone without failing the day', async () => {
      const gus = await creditOn(CARDS.approved);
      await ctx.db.update(credits).set({ cardId: null }).where(eq(credits.id, gus.credit.id));
      expect(await run('2027-02-10')).toEqual({ paid: 0, failed: 0, overdue: 0 });
      expect(await keysOf(gus.credit.id)).toEqual([]);
    });

    it('asks again about a debit whose answer is ten minutes late, not sooner', async () => {
      const hal = await creditOn(PROCESSING);
      await run('2027-02-10');
      const [payment] = await ctx.db
        .select()
        .from(payments)
        .where(eq(payments.creditId, hal.credit.id));
      expect(payment!.state).toBe('checking');
      sandbox.pass();
      const after = (ms: number) => new Date(payment!.createdAt.getTime() + ms);
      // a day with nothing due: only the re-check of lost answers runs
      await run('2027-01-20', after(10 * 60 * 1000));
      expect((await keysOf(hal.credit.id))[0]).toMatch(/ checking$/);
      await run('2027-01-20', after(10 * 60 * 1000 + 1));
      expect((await keysOf(hal.credit.id))[0]).toMatch(/ paid$/);
    });

    it('fails the day when a step fails, after doing every other credit’s part', async () => {
      const ivy = await creditOn(CARDS.approved);
      const jon = await creditOn(CARDS.approved);
      // the first debit's transaction cannot start: the database went away for a moment
      const db = failingOnce(ctx.db, 'transaction');
      await expect(run('2027-02-10', at('02-10'), deps(db))).rejects.toThrow(
        'autopay of 2027-02-10: 1 steps failed; see the log',
      );
      const paid = [...(await keysOf(ivy.credit.id)), ...(await keysOf(jon.credit.id))];
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatch(/ paid$/);
    });
  });
});

describe('penaltyFor()', () => {
  it('is the percent of what the installment owes, rounded down', () => {
    const credit = { financed: 3_000_000, total: 3_720_000, months: 6 };
    expect(penaltyFor(RULES, credit, 620_000, 0)).toBe(6_200);
  });

  it('keeps the markup and all penalties within 50 % of the financed amount a year', () => {
    // 3 months at +12 %: 12.5 % allowed, so 0.5 % (15,000 sum) is left for penalties
    const credit = { financed: 3_000_000, total: 3_360_000, months: 3 };
    const rules = { graceDays: 3, penaltyPercent: 5 };
    expect(penaltyFor(rules, credit, 1_120_000, 0)).toBe(15_000);
    expect(penaltyFor(rules, credit, 1_120_000, 10_000)).toBe(5_000);
    expect(penaltyFor(rules, credit, 1_120_000, 15_000)).toBe(0);
    expect(penaltyFor(rules, { ...credit, total: 3_400_000 }, 1_120_000, 0)).toBe(0);
  });
});
