/**
 * A limit staff set by hand, within the rules the automatic decision follows (DESIGN §4): the
 * same caps at the income scoring measured, so a person can lower, freeze or restore a limit but
 * never give more than the rules would.
 */
import { formatMoney, type Lang, type LimitCapRule, type LimitCaps } from '@bozor/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { credits, customers, scoringProfiles } from '../../db/schema/index.ts';
import { inTransaction, readTogether } from '../../db/transaction.ts';
import { AppError, type ErrorCode, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { findLongestTariff } from '../catalogue/index.ts';
import { recordInShopNotice } from '../notifications/index.ts';
import { limitOf, MIN_LIMIT, type ScoringRules } from '../scoring/index.ts';

const REFUSALS: Record<LimitCapRule, ErrorCode> = {
  DEBT_SERVICE: 'LIMIT_ABOVE_DEBT_SERVICE',
  TOTAL_CREDIT: 'LIMIT_ABOVE_TOTAL_CREDIT',
  FIRST_LIMIT_CAP: 'LIMIT_ABOVE_FIRST_LIMIT_CAP',
  LOW_INCOME: 'LIMIT_LOW_INCOME',
};

const TEXTS: Record<LimitCapRule, Record<Lang, (max: string) => string>> = {
  DEBT_SERVICE: {
    uz: (max) =>
      `Eng ko'pi ${max}: eng uzun tarifdagi oylik to'lov daromadning 50 foizidan oshmasligi kerak`,
    ru: (max) =>
      `Не больше ${max}: ежемесячный платёж по самому длинному тарифу — не более 50 % дохода`,
  },
  TOTAL_CREDIT: {
    uz: (max) => `Eng ko'pi ${max}: o'rtacha oylik daromadning 5 baravari`,
    ru: (max) => `Не больше ${max}: 5 среднемесячных доходов`,
  },
  FIRST_LIMIT_CAP: {
    uz: (max) => `Eng ko'pi ${max}: kredit tarixi yo'q mijozning birinchi limiti chegarasi`,
    ru: (max) => `Не больше ${max}: предел первого лимита клиента без кредитной истории`,
  },
  LOW_INCOME: {
    uz: () => 'Daromad hech qanday limitga yetmaydi: faqat 0 (muzlatish)',
    ru: () => 'Дохода не хватает ни на какой лимит: только 0 (заморозка)',
  },
};

/** A customer with a signed credit has a history with Bozor; the first-limit cap no longer binds. */
async function hasCreditHistory(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: credits.id })
    .from(credits)
    .where(and(eq(credits.customerId, customerId), isNotNull(credits.signedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * The highest limit the rules allow an approved customer, at the income their scoring measured,
 * and the rule that sets it. Like the automatic decision, it counts no debt beside the limit (the
 * limit is what Bozor's own credits draw on) and gives nothing under MIN_LIMIT. Undefined for a
 * customer not approved, or while no tariff is on sale to measure debt service by.
 */
export async function limitCapsOf(
  db: Executor,
  customerId: number,
  rules: ScoringRules,
  lang: Lang,
): Promise<LimitCaps | undefined> {
  const [[profile], tariff, history] = await readTogether(db, [
    () => db.select().from(scoringProfiles).where(eq(scoringProfiles.customerId, customerId)),
    () => findLongestTariff(db),
    () => hasCreditHistory(db, customerId),
  ]);
  if (!profile?.approved || !tariff) return undefined;
  const birthDate = profile.birthDate ? new Date(`${profile.birthDate}T00:00:00Z`) : new Date(0);
  const bounds = limitOf(
    {
      birthDate,
      today: new Date(),
      existingMonthlyDebtService: 0,
      existingDebt: 0,
      hasOverdue: false,
      firstLimitCap: rules.firstLimitCap,
      hasCreditHistory: history,
      longestTariff: tariff,
    },
    Math.max(0, profile.income ?? 0),
  );
  const [rule, max]: [LimitCapRule, number] =
    bounds.limit < MIN_LIMIT
      ? ['LOW_INCOME', 0]
      : [bounds.reasons[0] ?? 'TOTAL_CREDIT', bounds.limit];
  return { max, reason: rule, text: TEXTS[rule][lang](formatMoney(max, lang)) };
}

function limitNotice(limit: number) {
  return {
    kind: 'limit_changed' as const,
    text: {
      uz: `Muddatli to'lov limitingiz o'zgartirildi: ${formatMoney(limit, 'uz')}`,
      ru: `Ваш лимит рассрочки изменён: ${formatMoney(limit, 'ru')}`,
    },
  };
}

/**
 * Sets an approved customer's limit by hand: 0 freezes it; above the rules' highest (`limitCapsOf`)
 * it is refused with a 422 naming the rule. Recorded in the audit log with the limit before and
 * after and the reason; the customer reads the new limit at once.
 */
export async function changeLimit(
  db: Database,
  customerId: number,
  change: { limit: number; reason: string },
  rules: ScoringRules,
  actor: Actor,
  lang: Lang,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) throw notFound('CUSTOMER_NOT_FOUND');
    const [profile] = await tx
      .select({ approved: scoringProfiles.approved, limit: scoringProfiles.creditLimit })
      .from(scoringProfiles)
      .where(eq(scoringProfiles.customerId, customerId))
      .for('update');
    if (!profile?.approved) throw new AppError('CUSTOMER_NOT_SCORED', 422);
    const caps = await limitCapsOf(tx, customerId, rules, lang);
    if (!caps) throw new AppError('SERVICE_UNAVAILABLE', 503);
    if (change.limit > caps.max) {
      throw new AppError(REFUSALS[caps.reason], 422, undefined, {
        data: { max: caps.max, reason: caps.reason },
      });
    }
    await tx
      .update(scoringProfiles)
      .set({ creditLimit: change.limit, updatedAt: sql`now()` })
      .where(eq(scoringProfiles.customerId, customerId));
    await recordAudit(tx, actor, {
      action: 'customer.limit',
      objectType: 'customer',
      objectId: customerId,
      before: { limit: profile.limit },
      after: { limit: change.limit, reason: change.reason, max: caps.max, rule: caps.reason },
    });
    await recordInShopNotice(tx, customerId, limitNotice(change.limit));
  });
}
