/** Customers as the back office sees them: search, a profile, blocking and sessions (DESIGN §6b). */
import {
  type AdminCustomerDetail,
  type AdminCustomerRow,
  fullNameOf,
  isNumberSearch,
  type Lang,
  type PageMeta,
  searchTokens,
} from '@bozor/shared';
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
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
import { type KeyRing, unseal } from '../../lib/secrets.ts';
import { listAddresses } from '../addresses/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import type { ScoringRules } from '../scoring/index.ts';
import { limitCapsOf } from './limit-caps.ts';

type CustomerRow = typeof customers.$inferSelect;

/** What a row of the list reads besides the customer: the name, the limit and the counts. */
interface RowExtras {
  surname: string | null;
  givenName: string | null;
  patronymic: string | null;
  limit: number | null;
  orderCount: number;
  creditCount: number;
}

const rowExtras = {
  surname: scoringProfiles.surname,
  givenName: scoringProfiles.givenName,
  patronymic: scoringProfiles.patronymic,
  limit: scoringProfiles.creditLimit,
  orderCount: sql<number>`(select count(*) from ${orders} where ${orders.customerId} = ${customers.id})::int`,
  creditCount: sql<number>`(select count(*) from ${credits} where ${credits.customerId} = ${customers.id})::int`,
};

function toRow(customer: CustomerRow, extras: RowExtras): AdminCustomerRow {
  return {
    id: customer.id,
    phone: customer.phone,
    lang: customer.lang,
    scored: customer.isScoring,
    credit_limit: extras.limit ?? 0,
    blocked: customer.blockedAt !== null,
    created_at: customer.createdAt.toISOString(),
    last_sign_in_at: customer.lastSignInAt?.toISOString() ?? null,
    full_name: fullNameOf({
      surname: extras.surname,
      given_name: extras.givenName,
      patronymic: extras.patronymic,
    }),
    order_count: extras.orderCount,
    credit_count: extras.creditCount,
  };
}

/** `%`, `_` and the escape character itself stand for themselves in a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Every word of the query in the passport name, in any order and either script: both sides are
 * folded to one Latin form (`bozor_latin`), so "karimov", "Каримов" and "Aziz Karimov" all find
 * Karimov Aziz. A query with no word left after folding matches no one.
 */
function nameMatches(q: string): SQL {
  const tokens = searchTokens(q);
  if (tokens.length === 0) return sql`false`;
  const name = sql`bozor_latin(concat_ws(' ', ${scoringProfiles.surname}, ${scoringProfiles.givenName}, ${scoringProfiles.patronymic}))`;
  return and(...tokens.map((token) => sql`${name} like ${likeContains(token)}`)) as SQL;
}

export interface CustomersFilter {
  q?: string | undefined;
  blocked?: 'true' | 'false' | undefined;
  page: number;
  limit: number;
}

/**
 * Newest first; by a customer number (`#17`), any part of the phone, words of the passport name,
 * or blocked or not.
 */
export async function listCustomers(
  db: Executor,
  filter: CustomersFilter,
): Promise<{ data: AdminCustomerRow[]; meta: PageMeta }> {
  const where: SQL[] = [];
  if (filter.q?.startsWith('#')) {
    const id = Number(filter.q.slice(1));
    where.push(eq(customers.id, id <= 2_147_483_647 ? id : 0));
  } else if (filter.q && isNumberSearch(filter.q)) {
    where.push(ilike(customers.phone, `%${filter.q}%`));
  } else if (filter.q) {
    where.push(nameMatches(filter.q));
  }
  if (filter.blocked === 'true') where.push(isNotNull(customers.blockedAt));
  if (filter.blocked === 'false') where.push(isNull(customers.blockedAt));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ customer: customers, ...rowExtras })
      .from(customers)
      .leftJoin(scoringProfiles, eq(scoringProfiles.customerId, customers.id))
      .where(condition)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ total: count() })
      .from(customers)
      .leftJoin(scoringProfiles, eq(scoringProfiles.customerId, customers.id))
      .where(condition),
  ]);
  return {
    data: rows.map(({ customer, ...extras }) => toRow(customer, extras)),
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
 * rules allow, orders, credits, cards, saved addresses and live sessions.
 */
export async function customerDetail(
  db: Executor,
  id: number,
  view: DetailView,
): Promise<AdminCustomerDetail> {
  const customer = await findCustomer(db, id);
  const caps = await limitCapsOf(db, id, view.rules, view.lang);
  const [[profile], orderRows, creditRows, cardRows, sessionRows, addresses] = await Promise.all([
    db.select().from(scoringProfiles).where(eq(scoringProfiles.customerId, id)),
    db.select().from(orders).where(eq(orders.customerId, id)).orderBy(desc(orders.createdAt)),
    db.select().from(credits).where(eq(credits.customerId, id)).orderBy(desc(credits.createdAt)),
    db
      .select()
      .from(cards)
      .where(and(eq(cards.customerId, id), isNull(cards.deletedAt), isNotNull(cards.verifiedAt))),
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.customerId, id),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(sessions.createdAt), desc(sessions.id)),
    listAddresses(db, id, view.lang),
  ]);
  return {
    ...toRow(customer, {
      surname: profile?.surname ?? null,
      givenName: profile?.givenName ?? null,
      patronymic: profile?.patronymic ?? null,
      limit: profile?.creditLimit ?? null,
      orderCount: orderRows.length,
      creditCount: creditRows.length,
    }),
    surname: profile?.surname ?? null,
    given_name: profile?.givenName ?? null,
    patronymic: profile?.patronymic ?? null,
    declared_income: profile?.declaredIncome ?? null,
    limit_caps: caps ?? null,
    blocked_at: customer.blockedAt?.toISOString() ?? null,
    blocked_reason: customer.blockedReason,
    live_sessions: sessionRows.length,
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
    addresses: addresses.map((address, i) => ({
      ...address,
      current: i === addresses.length - 1,
    })),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      created_at: s.createdAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      user_agent: s.userAgent,
    })),
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
  secret: KeyRing,
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
