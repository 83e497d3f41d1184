import { addDays } from '@bozor/shared';
import { describe, expect, it } from 'vitest';
import type { InstallmentRow } from '../../../src/modules/credits/repository.ts';
import {
  installmentState,
  listCredits,
  readCredit,
  toPayment,
} from '../../../src/modules/credits/service.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';

/** What a customer's credit pages show, at the edges of each state, to the day and the sum. */
describe('an installment’s state', () => {
  const row = (over: Partial<InstallmentRow> = {}): InstallmentRow => ({
    id: 1,
    creditId: 1,
    number: 1,
    dueDate: '2027-02-10',
    amount: 500_000,
    penalty: 0,
    paid: 0,
    paidAt: null,
    overdueAt: null,
    failedDebits: 0,
    lastDecline: null,
    ...over,
  });
  const on = (today: string) => ({ today, graceDays: 3 });

  it('is upcoming before its day, due from its day through the grace days, overdue after', () => {
    expect(installmentState(row(), on('2027-02-09'))).toBe('upcoming');
    expect(installmentState(row(), on('2027-02-10'))).toBe('due');
    expect(installmentState(row(), on('2027-02-13'))).toBe('due');
    expect(installmentState(row(), on('2027-02-14'))).toBe('overdue');
  });

  it('is overdue once marked, paid once it owes nothing, partly paid before its day', () => {
    expect(installmentState(row({ overdueAt: new Date() }), on('2027-02-10'))).toBe('overdue');
    expect(installmentState(row({ paid: 500_000 }), on('2027-03-10'))).toBe('paid');
    expect(installmentState(row({ paid: 1 }), on('2027-02-09'))).toBe('partly_paid');
    // a penalty still owed keeps it unpaid
    expect(installmentState(row({ paid: 500_000, penalty: 5_000 }), on('2027-03-10'))).toBe(
      'overdue',
    );
  });
});

describe('a payment as the customer reads it', () => {
  const payment = (state: 'paid' | 'failed', declineCode: string | null) => ({
    id: 7,
    purpose: 'installment' as const,
    state,
    method: 'card' as const,
    amount: 100_000,
    cardMasked: '8600 **** **** 0001',
    declineCode,
    receiptNumber: null,
    staffId: null,
    createdAt: new Date('2027-02-10T05:00:00Z'),
  });

  it('names the decline of a failed payment only, in the customer’s language', () => {
    expect(toPayment(payment('failed', 'INSUFFICIENT_FUNDS'), 'ru').decline).toMatch(/средств/);
    expect(toPayment(payment('paid', 'INSUFFICIENT_FUNDS'), 'ru').decline).toBeNull();
    expect(toPayment(payment('failed', null), 'uz').decline).toBeNull();
  });
});

describe('the customer’s credits', () => {
  const ctx = useTestApp();
  const clock = { today: '2027-03-12', graceDays: 3 };

  it('pages them newest first, each with what it owes by its status', async () => {
    const { customer } = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, customer.id);
    const make = (status: 'not_signed' | 'active' | 'overdue' | 'closed', day: string) =>
      createInstallmentOrder(ctx.db, {
        customerId: customer.id,
        cardId: card.id,
        total: 1_200_000,
        months: 6,
        creditStatus: status,
        placedAt: new Date(`${day}T06:00:00Z`),
      });
    // placed oldest first; the list reads newest first
    const closed = await make('closed', '2026-10-10');
    const overdue = await make('overdue', '2026-11-10');
    const active = await make('active', '2027-01-10');
    const unsigned = await make('not_signed', '2027-03-01');

    const page = (n: number) =>
      listCredits(ctx.db, customer.id, { page: n, per_page: 2 }, clock, 'uz');
    const first = await page(1);
    expect(first.meta).toMatchObject({ total: 4 });
    expect(first.data.map((c) => c.id)).toEqual([unsigned.credit.id, active.credit.id]);
    const second = await page(2);
    expect(second.data.map((c) => c.id)).toEqual([overdue.credit.id, closed.credit.id]);

    const [n, a] = first.data;
    const [o, c] = second.data;
    const owed = (placed: typeof active) => placed.installments.reduce((s, i) => s + i.amount, 0);
    const dueBy = (placed: typeof active, day: string) =>
      placed.installments.filter((i) => i.dueDate <= day).reduce((s, i) => s + i.amount, 0);
    // not signed: its whole debt shown, nothing to pay yet
    expect(n).toMatchObject({
      debt_summa: owed(unsigned),
      need_payed_price: 0,
      next_due_date: null,
      next_payment: 0,
    });
    // active and overdue: what is due by today, and the next installment, each its own
    expect(a).toMatchObject({
      status: 'active',
      debt_summa: owed(active),
      need_payed_price: dueBy(active, clock.today),
      next_due_date: active.installments[0]!.dueDate,
      next_payment: active.installments[0]!.amount,
    });
    expect(o).toMatchObject({
      status: 'overdue',
      status_name: "Muddati o'tgan",
      debt_summa: owed(overdue),
      need_payed_price: dueBy(overdue, clock.today),
      next_due_date: overdue.installments[0]!.dueDate,
    });
    // closed: nothing owed or next, whatever its schedule says
    expect(c).toMatchObject({
      debt_summa: 0,
      need_payed_price: 0,
      next_due_date: null,
      next_payment: 0,
    });
  });

  it('counts an installment as due on its own day', async () => {
    const { customer } = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, customer.id);
    const placed = await createInstallmentOrder(ctx.db, {
      customerId: customer.id,
      cardId: card.id,
      total: 1_200_000,
      months: 6,
      placedAt: new Date('2027-01-10T06:00:00Z'),
    });
    const [first, second] = placed.installments;
    const on = async (today: string) =>
      (
        await listCredits(
          ctx.db,
          customer.id,
          { page: 1, per_page: 1 },
          { today, graceDays: 3 },
          'ru',
        )
      ).data[0]!.need_payed_price;
    expect(await on(addDays(first!.dueDate, -1))).toBe(0);
    expect(await on(first!.dueDate)).toBe(first!.amount);
    expect(await on(second!.dueDate)).toBe(first!.amount + second!.amount);
  });

  it('asks for the prepayment only while the order waits for it', async () => {
    const { customer } = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, customer.id);
    const order = (orderStatus: number) =>
      createInstallmentOrder(ctx.db, {
        customerId: customer.id,
        cardId: card.id,
        total: 1_200_000,
        prepayment: 200_000,
        months: 6,
        orderStatus,
      });
    const waiting = await order(1);
    const paid = await order(2);
    const read = (id: number) => readCredit(ctx.db, customer.id, id, clock, 'ru');
    expect((await read(waiting.credit.id)).prepayment_due).toBe(200_000);
    expect((await read(paid.credit.id)).prepayment_due).toBe(0);
  });
});
