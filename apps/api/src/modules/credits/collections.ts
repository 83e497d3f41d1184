/** The credit portfolio and its collections, as the back office works them (DESIGN §6b). */
import {
  type AdminCreditDetail,
  type AgingBucket,
  type CollectionRow,
  type CreditContact,
  type PageMeta,
  type Portfolio,
  tashkentDay,
} from '@bozor/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  creditContacts,
  creditInstallments,
  credits,
  customers,
  ledgerEntries,
  payments,
  staff,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { contractNumbers } from './repository.ts';
import { contractNumberOf, readCredit } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BUCKETS: readonly AgingBucket[] = ['1-30', '31-60', '61-90', '90+'];

export function bucketOf(daysLate: number): AgingBucket {
  if (daysLate <= 30) return '1-30';
  if (daysLate <= 60) return '31-60';
  if (daysLate <= 90) return '61-90';
  return '90+';
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

interface OpenCredit {
  creditId: number;
  createdAt: Date;
  orderId: number | null;
  customerId: number;
  phone: string;
  outstanding: number;
  overdue: number;
  oldestDue: string | null;
  nextDue: string | null;
  daysLate: number;
}

/**
 * Every active or overdue credit with what is still owed on it, what is past due (penalties
 * included) and how many days its oldest unpaid installment is late, as of Tashkent's `today`.
 */
async function openCredits(db: Executor, today: string): Promise<OpenCredit[]> {
  const owed = sql<number>`${creditInstallments.amount} + ${creditInstallments.penalty} - ${creditInstallments.paid}`;
  const rows = await db
    .select({
      creditId: credits.id,
      createdAt: credits.createdAt,
      orderId: credits.orderId,
      customerId: credits.customerId,
      phone: customers.phone,
      outstanding: sql<string>`coalesce(sum(${owed}), 0)`,
      overdue: sql<string>`coalesce(sum(${owed}) filter (where ${creditInstallments.dueDate} < ${today}), 0)`,
      oldestDue: sql<
        string | null
      >`min(${creditInstallments.dueDate}) filter (where ${creditInstallments.dueDate} < ${today} and ${owed} > 0)`,
      nextDue: sql<
        string | null
      >`min(${creditInstallments.dueDate}) filter (where ${creditInstallments.dueDate} >= ${today} and ${owed} > 0)`,
    })
    .from(credits)
    .innerJoin(customers, eq(customers.id, credits.customerId))
    .leftJoin(creditInstallments, eq(creditInstallments.creditId, credits.id))
    .where(inArray(credits.status, ['active', 'overdue']))
    .groupBy(credits.id, customers.phone);
  return rows.map((r) => ({
    creditId: r.creditId,
    createdAt: r.createdAt,
    orderId: r.orderId,
    customerId: r.customerId,
    phone: r.phone,
    outstanding: Number(r.outstanding),
    overdue: Number(r.overdue),
    oldestDue: r.oldestDue,
    nextDue: r.nextDue,
    daysLate: r.oldestDue ? daysBetween(r.oldestDue, today) : 0,
  }));
}

/** Credits by status, what is owed and late, the aging buckets and PAR30. */
export async function readPortfolio(db: Executor, now = new Date()): Promise<Portfolio> {
  const today = tashkentDay(now);
  const [statusCounts, open] = await Promise.all([
    db.select({ status: credits.status, n: count() }).from(credits).groupBy(credits.status),
    openCredits(db, today),
  ]);
  const outstanding = open.reduce((sum, c) => sum + c.outstanding, 0);
  const late = open.filter((c) => c.daysLate > 0);
  const buckets = BUCKETS.map((bucket) => {
    const inBucket = late.filter((c) => bucketOf(c.daysLate) === bucket);
    return {
      bucket,
      credits: inBucket.length,
      overdue: inBucket.reduce((sum, c) => sum + c.overdue, 0),
      outstanding: inBucket.reduce((sum, c) => sum + c.outstanding, 0),
    };
  });
  const over30 = late.filter((c) => c.daysLate > 30).reduce((sum, c) => sum + c.outstanding, 0);
  return {
    counts: Object.fromEntries(statusCounts.map((s) => [s.status, s.n])),
    outstanding,
    overdue: late.reduce((sum, c) => sum + c.overdue, 0),
    buckets,
    par30: outstanding > 0 ? Math.round((over30 / outstanding) * 10_000) / 10_000 : 0,
  };
}

/** The credits to call: late ones, most days late first, with the last call made about each. */
export async function listCollections(
  db: Executor,
  filter: { bucket?: AgingBucket | undefined; page: number; limit: number },
  now = new Date(),
): Promise<{ data: CollectionRow[]; meta: PageMeta }> {
  const today = tashkentDay(now);
  const late = (await openCredits(db, today))
    .filter((c) => c.daysLate > 0 && (!filter.bucket || bucketOf(c.daysLate) === filter.bucket))
    .sort((a, b) => b.daysLate - a.daysLate || b.overdue - a.overdue);
  const page = late.slice((filter.page - 1) * filter.limit, filter.page * filter.limit);
  const ids = page.map((c) => c.creditId);
  const [numbers, contacts] = await Promise.all([
    contractNumbers(db, ids),
    page.length === 0
      ? []
      : db
          .selectDistinctOn([creditContacts.creditId])
          .from(creditContacts)
          .where(inArray(creditContacts.creditId, ids))
          .orderBy(creditContacts.creditId, desc(creditContacts.at), desc(creditContacts.id)),
  ]);
  const lastContact = new Map(contacts.map((c) => [c.creditId, c]));
  return {
    data: page.map((c) => {
      const contact = lastContact.get(c.creditId);
      return {
        credit_id: c.creditId,
        code:
          numbers.get(c.creditId) ?? contractNumberOf({ id: c.creditId, createdAt: c.createdAt }),
        order_id: c.orderId,
        customer_id: c.customerId,
        customer_phone: c.phone,
        days_late: c.daysLate,
        bucket: bucketOf(c.daysLate),
        overdue: c.overdue,
        outstanding: c.outstanding,
        oldest_due_date: c.oldestDue ?? today,
        next_due_date: c.nextDue,
        last_contact: contact
          ? {
              outcome: contact.outcome as CreditContact['outcome'],
              promise_date: contact.promiseDate,
              at: contact.at.toISOString(),
            }
          : null,
      };
    }),
    meta: pageMeta(filter.page, filter.limit, late.length),
  };
}

export async function listContacts(db: Executor, creditId: number): Promise<CreditContact[]> {
  const rows = await db
    .select({ contact: creditContacts, email: staff.email })
    .from(creditContacts)
    .innerJoin(staff, eq(staff.id, creditContacts.staffId))
    .where(eq(creditContacts.creditId, creditId))
    .orderBy(desc(creditContacts.at), desc(creditContacts.id));
  return rows.map(({ contact, email }) => ({
    id: contact.id,
    outcome: contact.outcome as CreditContact['outcome'],
    promise_date: contact.promiseDate,
    note: contact.note,
    staff_email: email,
    at: contact.at.toISOString(),
  }));
}

/** Records a call about a credit (and a promise to pay), in the contact log and the audit log. */
export async function recordContact(
  db: Database,
  creditId: number,
  body: { outcome: CreditContact['outcome']; promise_date?: string | undefined; note: string },
  actor: Actor,
): Promise<CreditContact[]> {
  await inTransaction(db, async (tx) => {
    const [credit] = await tx
      .select({ id: credits.id })
      .from(credits)
      .where(eq(credits.id, creditId));
    if (!credit) throw notFound('CREDIT_NOT_FOUND');
    const [row] = await tx
      .insert(creditContacts)
      .values({
        creditId,
        staffId: actor.staffId,
        outcome: body.outcome,
        promiseDate: body.outcome === 'promised' ? (body.promise_date ?? null) : null,
        note: body.note,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'credit.contact',
      objectType: 'credit',
      objectId: creditId,
      after: { contact_id: row?.id, outcome: body.outcome, promise_date: row?.promiseDate },
    });
  });
  return listContacts(db, creditId);
}

/** One credit for staff: schedule, payments and card as the customer sees them, the ledger, calls. */
export async function adminCreditDetail(
  db: Executor,
  creditId: number,
  graceDays: number,
  lang: 'uz' | 'ru',
): Promise<AdminCreditDetail> {
  const [owner] = await db
    .select({ id: customers.id, phone: customers.phone })
    .from(credits)
    .innerJoin(customers, eq(customers.id, credits.customerId))
    .where(eq(credits.id, creditId));
  if (!owner) throw notFound('CREDIT_NOT_FOUND');
  const [credit, ledger, contacts, cash] = await Promise.all([
    readCredit(db, owner.id, creditId, { today: tashkentDay(new Date()), graceDays }, lang),
    db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.creditId, creditId))
      .orderBy(ledgerEntries.createdAt, ledgerEntries.id),
    listContacts(db, creditId),
    db
      .select({
        paymentId: payments.id,
        receiptNumber: payments.receiptNumber,
        staffId: staff.id,
        name: staff.name,
        email: staff.email,
      })
      .from(payments)
      .innerJoin(staff, eq(staff.id, payments.staffId))
      .where(and(eq(payments.creditId, creditId), eq(payments.method, 'cash'))),
  ]);
  const takenInCash = new Map(cash.map((c) => [c.paymentId, c]));
  return {
    credit: {
      ...credit,
      payments: credit.payments.map((payment) => {
        const taken = takenInCash.get(payment.id);
        return {
          ...payment,
          receipt_number: taken?.receiptNumber ?? null,
          taken_by: taken ? { id: taken.staffId, name: taken.name, email: taken.email } : null,
        };
      }),
    },
    customer: owner,
    ledger: ledger.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: e.amount,
      order_id: e.orderId,
      receipt_id: e.gatewayPaymentId,
      at: e.createdAt.toISOString(),
    })),
    contacts,
  };
}
