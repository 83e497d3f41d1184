/** Customers as the back office sees them: search, a profile, blocking and sessions (DESIGN §6b). */
import type { AdminCustomerDetail, AdminCustomerRow, Lang, PageMeta } from '@bozor/shared';
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  cards,
  credits,
  customers,
  orders,
  scoringProfiles,
  sessions,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { unseal } from '../../lib/secrets.ts';
import type { ScoringRules } from '../scoring/rules.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';
import { limitCapsOf } from './limit-caps.ts';

type CustomerRow = typeof customers.$inferSelect;

function toRow(customer: CustomerRow, limit: number | null): AdminCustomerRow {
  return {
    id: customer.id,
    phone: customer.phone,
    lang: customer.lang,
    scored: customer.isScoring,
    credit_limit: limit ?? 0,
    blocked: customer.blockedAt !== null,
    created_at: customer.createdAt.toISOString(),
    last_sign_in_at: customer.lastSignInAt?.toISOString() ?? null,
  };
}

export interface CustomersFilter {
  q?: string | undefined;
  blocked?: 'true' | 'false' | undefined;
  page: number;
  limit: number;
}

/** Newest first; by a customer number (`#17`), any part of the phone, or blocked or not. */
export async function listCustomers(
  db: Executor,
  filter: CustomersFilter,
): Promise<{ data: AdminCustomerRow[]; meta: PageMeta }> {
  const where: SQL[] = [];
  if (filter.q?.startsWith('#')) {
    const id = Number(filter.q.slice(1));
    where.push(eq(customers.id, id <= 2_147_483_647 ? id : 0));
  } else if (filter.q) {
    where.push(ilike(customers.phone, `%${filter.q}%`));
  }
  if (filter.blocked === 'true') where.push(isNotNull(customers.blockedAt));
  if (filter.blocked === 'false') where.push(isNull(customers.blockedAt));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ customer: customers, limit: scoringProfiles.creditLimit })
      .from(customers)
      .leftJoin(scoringProfiles, eq(scoringProfiles.customerId, customers.id))
      .where(condition)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(customers).where(condition),
  ]);
  return {
    data: rows.map(({ customer, limit }) => toRow(customer, limit)),
    meta: pageMeta(filter.page, filter.limit, totals?.total ?? 0),
  };
}

async function findCustomer(db: Executor, id: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  if (!row) throw notFound('CUSTOMER_NOT_FOUND');
  return row;
}

/** What the caps of a customer's limit are read with: the scoring rules, in a language. */
export interface DetailView {
  rules: ScoringRules;
  lang: Lang;
}

/**
 * A customer's profile with their scoring (passport and PINFL masked), the highest limit the
 * rules allow, orders, credits, cards.
 */
export async function customerDetail(
  db: Executor,
  id: number,
  view: DetailView,
): Promise<AdminCustomerDetail> {
  const customer = await findCustomer(db, id);
  const caps = await limitCapsOf(db, id, view.rules, view.lang);
  const [[profile], orderRows, creditRows, cardRows, [live]] = await Promise.all([
    db.select().from(scoringProfiles).where(eq(scoringProfiles.customerId, id)),
    db.select().from(orders).where(eq(orders.customerId, id)).orderBy(desc(orders.createdAt)),
    db.select().from(credits).where(eq(credits.customerId, id)).orderBy(desc(credits.createdAt)),
    db
      .select()
      .from(cards)
      .where(and(eq(cards.customerId, id), isNull(cards.deletedAt), isNotNull(cards.verifiedAt))),
    db
      .select({ n: count() })
      .from(sessions)
      .where(
        and(
          eq(sessions.customerId, id),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      ),
  ]);
  return {
    ...toRow(customer, profile?.creditLimit ?? null),
    limit_caps: caps ?? null,
    blocked_at: customer.blockedAt?.toISOString() ?? null,
    blocked_reason: customer.blockedReason,
    live_sessions: live?.n ?? 0,
    scoring: profile
      ? {
          passport: profile.passportMasked,
          pinfl: profile.pinflMasked,
          birth_date: profile.birthDate,
          decided_at: profile.decidedAt?.toISOString() ?? null,
          approved: profile.approved,
          income: profile.income,
          reasons: profile.reasons ?? [],
          retry_at: profile.retryAt?.toISOString() ?? null,
        }
      : null,
    orders: orderRows.map((o) => ({
      id: o.id,
      status: o.status,
      payment_type: o.paymentType,
      total: o.total,
      created_at: o.createdAt.toISOString(),
    })),
    credits: creditRows.map((c) => ({
      id: c.id,
      order_id: c.orderId,
      status: c.status,
      financed: c.financed,
      created_at: c.createdAt.toISOString(),
    })),
    cards: cardRows.map((c) => ({ id: c.id, number: c.masked, type: c.type })),
  };
}

async function endSessions(tx: Executor, customerId: number): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Blocks a customer (or lifts the block): a blocked customer is signed out everywhere at once and
 * cannot sign in again; their credits still collect. Recorded in the audit log with the reason.
 */
export async function setBlocked(
  db: Database,
  id: number,
  block: { reason: string } | null,
  actor: Actor,
  view: DetailView,
): Promise<AdminCustomerDetail> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) throw notFound('CUSTOMER_NOT_FOUND');
    await tx
      .update(customers)
      .set(
        block
          ? { blockedAt: before.blockedAt ?? new Date(), blockedReason: block.reason }
          : { blockedAt: null, blockedReason: null },
      )
      .where(eq(customers.id, id));
    const ended = block ? await endSessions(tx, id) : 0;
    await recordAudit(tx, actor, {
      action: block ? 'customer.block' : 'customer.unblock',
      objectType: 'customer',
      objectId: id,
      before: { blocked: before.blockedAt !== null, reason: before.blockedReason },
      after: { blocked: block !== null, reason: block?.reason ?? null, sessions_ended: ended },
    });
  });
  return customerDetail(db, id, view);
}

/** Signs a customer out everywhere (a stolen phone), recorded in the audit log. */
export async function revokeCustomerSessions(db: Database, id: number, actor: Actor) {
  return inTransaction(db, async (tx) => {
    await findCustomer(tx, id);
    const ended = await endSessions(tx, id);
    await recordAudit(tx, actor, {
      action: 'customer.revoke_sessions',
      objectType: 'customer',
      objectId: id,
      after: { sessions_ended: ended },
    });
    return ended;
  });
}

/** The full passport and PINFL; every look is recorded in the audit log before it is answered. */
export async function revealIdentity(
  db: Database,
  secret: string,
  id: number,
  actor: Actor,
): Promise<{ passport: string | null; pinfl: string | null }> {
  return inTransaction(db, async (tx) => {
    await findCustomer(tx, id);
    const [profile] = await tx
      .select({ passport: scoringProfiles.passportSealed, pinfl: scoringProfiles.pinflSealed })
      .from(scoringProfiles)
      .where(eq(scoringProfiles.customerId, id));
    await recordAudit(tx, actor, {
      action: 'customer.reveal_identity',
      objectType: 'customer',
      objectId: id,
    });
    return {
      passport: profile?.passport ? unseal(secret, 'passport', profile.passport) : null,
      pinfl: profile?.pinfl ? unseal(secret, 'pinfl', profile.pinfl) : null,
    };
  });
}
