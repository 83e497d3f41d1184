import { randomUUID } from 'node:crypto';
import { tashkentDay } from '@bozor/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  creditInstallments,
  credits,
  ledgerEntries,
  notifications,
  orders,
  payments,
  staff,
} from '../../../src/db/schema/index.ts';
import { sqlStateOf } from '../../../src/db/transaction.ts';
import { reconcileDay } from '../../../src/modules/payments/reconciliation.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';
import { payRequest } from './fixtures.ts';

describe('POST /api/admin/credits/:id/cash-payments', () => {
  const ctx = useTestApp();

  /** A signed, active credit of a new customer, on a delivered order unless told otherwise. */
  async function activeCredit(options: { orderStatus?: number } = {}) {
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id);
    const made = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      total: 3_000_000,
      orderStatus: options.orderStatus ?? 4,
    });
    return { ...session, card, ...made };
  }

  const pay = (
    who: StaffBrowser,
    creditId: number,
    body: object,
    key: string | null = randomUUID(),
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/credits/${creditId}/cash-payments`,
      headers: { ...as(who), lang: 'ru', ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });

  /** A new receipt number, as a branch prints it (upper case, as it is stored). */
  const receipt = () => `K-${randomUUID().slice(0, 8).toUpperCase()}`;

  it('applies cash to the oldest installment like a card payment: ledger, schedule, notice, audit', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { credit, installments, customer } = await activeCredit();
    const first = installments[0]!;
    const number = receipt();
    const res = await pay(officer, credit.id, { amount: first.amount, receipt_number: number });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Оплата наличными принята',
      data: {
        payment_id: expect.any(Number),
        credit_id: credit.id,
        order_id: credit.orderId,
        amount: first.amount,
        receipt_number: number,
        purpose: 'installment',
        credit_status: 'active',
        remaining: credit.total - first.amount,
        paid_at: expect.any(String),
      },
    });
    const id = res.json().data.payment_id;
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, id));
    expect(payment).toMatchObject({
      method: 'cash',
      state: 'paid',
      receiptNumber: number,
      staffId: officer.staffId,
      cardId: null,
      receiptId: null,
    });
    const [entry] = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, payment!.gatewayKey));
    expect(entry).toMatchObject({
      kind: 'debit',
      amount: first.amount,
      creditId: credit.id,
      customerId: customer.id,
    });
    const [paidFirst] = await ctx.db
      .select()
      .from(creditInstallments)
      .where(eq(creditInstallments.id, first.id));
    expect(paidFirst).toMatchObject({ paid: first.amount, paidAt: expect.any(Date) });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'credit.cash_payment'), eq(auditLog.objectId, String(credit.id))),
      );
    expect(audit).toMatchObject({
      staffId: officer.staffId,
      before: { status: 'active', remaining: credit.total },
      after: { remaining: credit.total - first.amount, receipt_number: number, payment_id: id },
    });
    const notices = await ctx.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.customerId, customer.id));
    expect(notices.map((n) => n.kind)).toEqual(['payment_paid']);
  });

  it('shows staff a cash payment with its receipt number and who took it; the customer sees cash', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const { credit, headers } = await activeCredit();
    const number = receipt();
    const paid = await pay(officer, credit.id, { amount: 40_000, receipt_number: number });
    expect(paid.statusCode, paid.body).toBe(200);
    const [taker] = await ctx.db.select().from(staff).where(eq(staff.id, officer.staffId));

    const read = await ctx.app.inject({
      url: `/api/admin/credits/${credit.id}`,
      headers: as(viewer),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.credit.payments).toEqual([
      expect.objectContaining({
        id: paid.json().data.payment_id,
        method: 'cash',
        state: 'paid',
        amount: 40_000,
        card_number: null,
        receipt_number: number,
        taken_by: { id: officer.staffId, name: taker!.name, email: taker!.email },
      }),
    ]);

    const own = await ctx.app.inject({ url: `/api/credits/${credit.id}`, headers });
    const [payment] = own.json().data.payments;
    expect(payment).toMatchObject({ method: 'cash', card_number: null });
    expect(payment).not.toHaveProperty('receipt_number');
    expect(payment).not.toHaveProperty('taken_by');
  });

  it('shows staff a card payment beside a cash one with no receipt number and no one who took it', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    const { credit, headers, card } = await activeCredit();
    const number = receipt();
    const cash = await pay(officer, credit.id, { amount: 40_000, receipt_number: number });
    expect(cash.statusCode, cash.body).toBe(200);
    const byCard = await payRequest(ctx.app, headers, `/api/credits/payment/${credit.id}`, {
      body: { card_id: card.id, amount: 50_000 },
    });
    expect(byCard.json().data.state, byCard.body).toBe('paid');

    const read = await ctx.app.inject({
      url: `/api/admin/credits/${credit.id}`,
      headers: as(viewer),
    });
    expect(read.statusCode, read.body).toBe(200);
    const shown = read.json().data.credit.payments as { id: number }[];
    expect(shown.find((p) => p.id === byCard.json().data.payment_id)).toMatchObject({
      method: 'card',
      amount: 50_000,
      receipt_number: null,
      taken_by: null,
    });
    expect(shown.find((p) => p.id === cash.json().data.payment_id)).toMatchObject({
      method: 'cash',
      receipt_number: number,
      taken_by: { id: officer.staffId },
    });
  });

  it('answers a repeat of its key with the first answer, and refuses the key with another body', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { credit } = await activeCredit();
    const key = randomUUID();
    const body = { amount: 100_000, receipt_number: receipt() };
    const first = await pay(officer, credit.id, body, key);
    const again = await pay(officer, credit.id, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const rows = await ctx.db.select().from(payments).where(eq(payments.creditId, credit.id));
    expect(rows).toHaveLength(1);
    const other = await pay(officer, credit.id, { ...body, amount: 200_000 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const keyless = await pay(officer, credit.id, body, null);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('brings an overdue credit back to active once nothing is late', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { credit, installments } = await activeCredit();
    const first = installments[0]!;
    await ctx.db.update(credits).set({ status: 'overdue' }).where(eq(credits.id, credit.id));
    await ctx.db
      .update(creditInstallments)
      .set({ dueDate: '2020-01-20', overdueAt: new Date() })
      .where(eq(creditInstallments.id, first.id));
    const part = await pay(officer, credit.id, { amount: 1_000, receipt_number: receipt() });
    expect(part.json().data.credit_status).toBe('overdue');
    const rest = await pay(officer, credit.id, {
      amount: first.amount - 1_000,
      receipt_number: receipt(),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.credit_status).toBe('active');
  });

  it('closes the credit paid in full, early, and completes its delivered order', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { credit, order, customer } = await activeCredit();
    const res = await pay(officer, credit.id, { amount: credit.total, receipt_number: receipt() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      purpose: 'early',
      credit_status: 'closed',
      remaining: 0,
    });
    const [closed] = await ctx.db.select().from(credits).where(eq(credits.id, credit.id));
    expect(closed).toMatchObject({ status: 'closed', closedAt: expect.any(Date) });
    const [completed] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(completed!.status).toBe(5);
    const notices = await ctx.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.customerId, customer.id))
      .orderBy(asc(notifications.id));
    expect(notices.map((n) => n.kind)).toEqual(['payment_paid', 'credit_closed']);

    const after = await pay(officer, credit.id, { amount: 1_000, receipt_number: receipt() });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({
      code: 'CREDIT_NOT_PAYABLE',
      message: 'Эта рассрочка закрыта или отменена: платежи по ней не принимаются',
    });
  });

  it('records the credit closed in the audit entry of the cash that closed it', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { credit } = await activeCredit();
    const number = receipt();
    const res = await pay(officer, credit.id, { amount: credit.total, receipt_number: number });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'credit.cash_payment'), eq(auditLog.objectId, String(credit.id))),
      );
    expect(entry).toMatchObject({
      before: { status: 'active', remaining: credit.total },
      after: {
        status: 'closed',
        remaining: 0,
        payment_id: res.json().data.payment_id,
        amount: credit.total,
        receipt_number: number,
      },
    });
  });

  it('takes no cash for a contract not signed yet, nor before the order’s prepayment is paid', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const session = await createCustomerSession(ctx.db, { isScoring: true });
    const card = await bindCard(ctx.app, session.customer.id);
    const unsigned = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      orderStatus: 1,
      creditStatus: 'not_signed',
    });
    const first = await pay(officer, unsigned.credit.id, {
      amount: 1_000,
      receipt_number: receipt(),
    });
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe('CONTRACT_NOT_SIGNED');
    const waiting = await createInstallmentOrder(ctx.db, {
      customerId: session.customer.id,
      cardId: card.id,
      orderStatus: 1,
      prepayment: 500_000,
    });
    const second = await pay(officer, waiting.credit.id, {
      amount: 1_000,
      receipt_number: receipt(),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('PREPAYMENT_FIRST');
  });

  it('refuses more than remains, nothing, a cancelled credit, an unknown one and a receipt entered before', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { credit } = await activeCredit();
    const above = await pay(officer, credit.id, {
      amount: credit.total + 1,
      receipt_number: receipt(),
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors.amount).toEqual(['Сумма не может быть больше задолженности']);
    const zero = await pay(officer, credit.id, { amount: 0, receipt_number: receipt() });
    expect(zero.statusCode).toBe(400);
    const blank = await pay(officer, credit.id, { amount: 1_000, receipt_number: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.receipt_number).toBeDefined();

    const number = receipt();
    expect(
      (await pay(officer, credit.id, { amount: 1_000, receipt_number: number })).statusCode,
    ).toBe(200);
    const { credit: another } = await activeCredit();
    const twice = await pay(officer, another.id, { amount: 1_000, receipt_number: number });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'CASH_RECEIPT_EXISTS',
      message: 'Квитанция с этим номером уже внесена',
    });

    const { credit: cancelled } = await activeCredit({ orderStatus: 2 });
    await ctx.db.update(credits).set({ status: 'cancelled' }).where(eq(credits.id, cancelled.id));
    const refused = await pay(officer, cancelled.id, { amount: 1_000, receipt_number: receipt() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CREDIT_NOT_PAYABLE');

    const unknown = await pay(officer, 2_000_000_000, { amount: 1_000, receipt_number: receipt() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('CREDIT_NOT_FOUND');
  });

  it('reads a receipt number as copied off paper: one space, upper case, and the same number in another case is refused', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { credit } = await activeCredit();
    const tail = randomUUID().slice(0, 6);
    const first = await pay(officer, credit.id, {
      amount: 1_000,
      receipt_number: `  ab   ${tail}-1796 `,
    });
    expect(first.statusCode, first.body).toBe(200);
    const number = `AB ${tail.toUpperCase()}-1796`;
    expect(first.json().data.receipt_number).toBe(number);
    const [stored] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, first.json().data.payment_id));
    expect(stored!.receiptNumber).toBe(number);

    const { credit: another } = await activeCredit();
    for (const spelling of [number, number.toLowerCase(), `Ab ${tail}-1796`]) {
      const again = await pay(officer, another.id, { amount: 1_000, receipt_number: spelling });
      expect(again.statusCode, spelling).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'CASH_RECEIPT_EXISTS',
        message: 'Квитанция с этим номером уже внесена',
      });
    }
    expect(await ctx.db.select().from(payments).where(eq(payments.creditId, another.id))).toEqual(
      [],
    );
  });

  it('keeps one receipt number per spelling in the database too, for a writer that does not normalise', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { credit } = await activeCredit();
    const number = `K-${randomUUID().slice(0, 8).toUpperCase()}`;
    const paid = await pay(officer, credit.id, { amount: 1_000, receipt_number: number });
    expect(paid.statusCode, paid.body).toBe(200);
    const insert = ctx.db.insert(payments).values({
      customerId: credit.customerId,
      orderId: credit.orderId!,
      creditId: credit.id,
      purpose: 'installment',
      method: 'cash',
      amount: 1_000,
      gatewayKey: `script:${randomUUID()}`,
      state: 'paid',
      receiptNumber: number.toLowerCase(),
      staffId: officer.staffId,
    });
    const refused = await insert.then(
      () => null,
      (error: unknown) => error,
    );
    expect(sqlStateOf(refused)).toBe('23505');
  });

  it('is handed to a person when its order is returned: cash goes back at a branch, not to a card', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const { credit, order, headers } = await activeCredit();
    const paid = await pay(officer, credit.id, { amount: 50_000, receipt_number: 'R-77' });
    expect(paid.statusCode, paid.body).toBe(200);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/return/${order.id}`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const list = await ctx.app.inject({
      url: '/api/admin/returns?limit=100',
      headers: as(operator),
    });
    const request = (list.json().data as { id: number; order_id: number }[]).find(
      (r) => r.order_id === order.id,
    );
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${request!.id}/accept`,
      headers: as(operator),
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [cash] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, paid.json().data.payment_id));
    expect(cash).toMatchObject({
      state: 'needs_attention',
      attentionKind: 'cash_return',
      attentionReason: expect.stringContaining('R-77'),
    });
    const attention = await ctx.app.inject({
      url: '/api/admin/payments/attention',
      headers: as(officer),
    });
    expect(
      (attention.json().data as { id: number }[]).find((p) => p.id === cash!.id),
    ).toMatchObject({
      attention_kind: 'cash_return',
      reason: expect.stringContaining('R-77'),
    });
  });

  it('is for staff who handle money', async () => {
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    const { credit } = await activeCredit();
    const res = await pay(operator, credit.id, { amount: 1_000, receipt_number: receipt() });
    expect(res.statusCode).toBe(403);
    expect(await ctx.db.select().from(payments).where(eq(payments.creditId, credit.id))).toEqual(
      [],
    );
  });

  it('is never a gateway mismatch in the daily reconciliation, but its ledger entry is checked', async () => {
    const officer = await signedInStaff(ctx.app, ctx.db, 'credit_officer');
    const { credit } = await activeCredit();
    const kept = await pay(officer, credit.id, { amount: 5_000, receipt_number: receipt() });
    const lost = await pay(officer, credit.id, { amount: 7_000, receipt_number: receipt() });
    const keptId = kept.json().data.payment_id;
    const lostId = lost.json().data.payment_id;
    // the ledger entry of one went missing
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, lostId));
    await ctx.db.delete(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, row!.gatewayKey));

    const deps = { db: ctx.db, gateway: ctx.app.cardGateway, log: ctx.app.log };
    const report = await reconcileDay(deps, tashkentDay(new Date()));
    const about = (id: number) => report.mismatches.filter((m) => m.paymentId === id);
    expect(about(keptId)).toEqual([]);
    expect(about(lostId)).toMatchObject([{ kind: 'ledger_missing', shopAmount: 7_000 }]);
  });
});
