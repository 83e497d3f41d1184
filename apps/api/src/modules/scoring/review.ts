/**
 * Scoring decided by a person (SCORING_MODE=review, DESIGN §1 and §4): where the card gateway
 * offers no turnover, a credit officer reads the customer's file and approves a limit within the
 * same rules as the automatic decision, on the declared income, or rejects with a reason.
 */
import { buffer } from 'node:stream/consumers';
import {
  type AdminScoringFile,
  type AdminScoringQueueRow,
  formatDay,
  formatMoney,
  fullNameOf,
  type Lang,
  type PageMeta,
  type ScoringAllowance,
  tashkentDay,
} from '@bozor/shared';
import { asc, count, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { customers, scoringProfiles } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import type { Storage } from '../../providers/storage/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { findCardById } from '../cards/index.ts';
import { findLongestTariff } from '../catalogue/index.ts';
import { deliverNotice, type Notice, sendNotice } from '../notifications/index.ts';
import { ageOn, decideOnIncome, LIMIT_STEP, limitOf, MIN_LIMIT } from './decision.ts';
import * as repo from './repository.ts';
import type { ScoringRules } from './rules.ts';
import { decisionInput, listGuarantors } from './service.ts';
import { readScoringState, type ScoringProfileRow } from './state.ts';

export interface ReviewDeps {
  db: Database;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  rules: ScoringRules;
}

/** Where the back office reads a customer's face image (GET, scoring.review). */
export const faceImageUrl = (customerId: number) => `/api/admin/scoring/${customerId}/face`;

const secondsSince = (at: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));

const fullName = (p: ScoringProfileRow) =>
  fullNameOf({ surname: p.surname, given_name: p.givenName, patronymic: p.patronymic });

/** The scorings waiting for a credit officer, the longest waiting first. */
export async function listQueue(
  db: Executor,
  page: { page: number; limit: number },
  now = new Date(),
): Promise<{ data: AdminScoringQueueRow[]; meta: PageMeta }> {
  const waiting = isNotNull(scoringProfiles.reviewSince);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ profile: scoringProfiles, phone: customers.phone })
      .from(scoringProfiles)
      .innerJoin(customers, eq(customers.id, scoringProfiles.customerId))
      .where(waiting)
      .orderBy(asc(scoringProfiles.reviewSince), asc(scoringProfiles.customerId))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(scoringProfiles).where(waiting),
  ]);
  return {
    data: rows.map(({ profile, phone }) => {
      const since = profile.reviewSince ?? now;
      return {
        customer_id: profile.customerId,
        phone,
        full_name: fullName(profile),
        declared_income: profile.declaredIncome,
        submitted_at: since.toISOString(),
        waiting_seconds: secondsSince(since, now),
      };
    }),
    meta: pageMeta(page.page, page.limit, totals?.total ?? 0),
  };
}

/**
 * What the rules allow for the declared income, by the code of the automatic decision: its
 * refusal (age, income too low for the smallest limit) or the largest limit and each cap.
 */
async function allowanceOf(
  db: Executor,
  profile: ScoringProfileRow,
  rules: ScoringRules,
  now: Date,
): Promise<ScoringAllowance> {
  const income = profile.declaredIncome ?? 0;
  const tariff = await findLongestTariff(db);
  const none = {
    income,
    max_limit: 0,
    min_limit: MIN_LIMIT,
    limit_step: LIMIT_STEP,
    caps: { debt_service: 0, total_credit: 0, first_limit: null },
    binding: [],
    longest_tariff: tariff ? { months: tariff.months, markup_percent: tariff.markupPercent } : null,
  };
  // without a birth date or a tariff nothing can be judged, so nothing can be approved
  if (!profile.birthDate) return { ...none, refusal: 'AGE' };
  if (!tariff) return { ...none, refusal: 'LOW_INCOME' };
  const input = decisionInput(profile.birthDate, now, rules, tariff);
  const decision = decideOnIncome(input, income);
  const { bounds, reasons } = limitOf(input, income);
  return {
    ...none,
    refusal: decision.approved ? null : decision.reason,
    max_limit: decision.approved ? decision.limit : 0,
    caps: {
      debt_service: bounds.DEBT_SERVICE ?? 0,
      total_credit: bounds.TOTAL_CREDIT ?? 0,
      first_limit: bounds.FIRST_LIMIT_CAP ?? null,
    },
    binding: decision.approved ? reasons : [],
  };
}

async function findProfileOf(db: Executor, customerId: number) {
  const [row] = await db
    .select({ profile: scoringProfiles, phone: customers.phone, lang: customers.lang })
    .from(customers)
    .leftJoin(scoringProfiles, eq(scoringProfiles.customerId, customers.id))
    .where(eq(customers.id, customerId));
  if (!row) throw notFound('CUSTOMER_NOT_FOUND');
  if (!row.profile) throw notFound('SCORING_NOT_FOUND');
  return { ...row, profile: row.profile };
}

/**
 * A customer's scoring as a credit officer reviews it: the person (passport and PINFL masked),
 * the card, the contact persons, the face image's address and what the rules allow.
 */
export async function reviewFile(
  deps: { db: Executor; rules: ScoringRules },
  customerId: number,
  lang: Lang,
  now = new Date(),
): Promise<AdminScoringFile> {
  const { profile, phone, lang: customerLang } = await findProfileOf(deps.db, customerId);
  const [state, card, guarantors, allowance] = await Promise.all([
    readScoringState(deps.db, customerId, now),
    profile.cardId ? findCardById(deps.db, profile.cardId) : undefined,
    listGuarantors(deps.db, customerId, lang),
    allowanceOf(deps.db, profile, deps.rules, now),
  ]);
  return {
    customer_id: customerId,
    phone,
    lang: customerLang,
    step: state.step,
    submitted_at: profile.reviewSince?.toISOString() ?? null,
    waiting_seconds: profile.reviewSince ? secondsSince(profile.reviewSince, now) : null,
    person: {
      surname: profile.surname,
      given_name: profile.givenName,
      patronymic: profile.patronymic,
      full_name: fullName(profile),
      passport: profile.passportMasked,
      pinfl: profile.pinflMasked,
      birth_date: profile.birthDate,
      age: profile.birthDate ? ageOn(new Date(`${profile.birthDate}T00:00:00Z`), now) : null,
      declared_income: profile.declaredIncome,
    },
    card: card ? { id: card.id, number: card.masked, type: card.type, expire: card.expire } : null,
    guarantors: guarantors.map((g) => ({
      id: g.id,
      full_name: g.full_name,
      phone: g.phone,
      relative_type: g.relative_type.name,
    })),
    face_image_url: profile.faceImagePath ? faceImageUrl(customerId) : null,
    face_checked_at: profile.faceCheckedAt?.toISOString() ?? null,
    allowance,
    decision:
      profile.decidedAt && profile.approved !== null
        ? {
            decided_at: profile.decidedAt.toISOString(),
            approved: profile.approved,
            limit: profile.creditLimit,
            reason: profile.reason,
            reason_text: profile.reasonText,
            retry_at: profile.retryAt?.toISOString() ?? null,
          }
        : null,
  };
}

/**
 * The uploaded face image of a customer's scoring, read from the private store (whichever
 * machine received it): its bytes and type.
 */
export async function faceImage(
  db: Executor,
  files: Storage,
  customerId: number,
): Promise<{ bytes: Buffer; mime: 'image/png' | 'image/jpeg' }> {
  const { profile } = await findProfileOf(db, customerId);
  const key = profile.faceImagePath;
  if (!key) throw notFound('MEDIA_NOT_FOUND');
  const file = await files.get(key);
  if (!file) throw notFound('MEDIA_NOT_FOUND');
  const bytes = await buffer(file.body);
  return { bytes, mime: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

/** Locks the customer and reads their scoring; a 409 unless it waits for a decision. */
async function lockWaiting(tx: Executor, customerId: number) {
  await repo.lockCustomer(tx, customerId);
  const { profile } = await findProfileOf(tx, customerId);
  if (!profile.reviewSince || (await readScoringState(tx, customerId)).step !== 'review') {
    throw new AppError('SCORING_NOT_IN_REVIEW', 409);
  }
  return profile;
}

const CAP_NAMES: Record<ScoringAllowance['binding'][number], Record<Lang, string>> = {
  DEBT_SERVICE: {
    uz: "oylik to'lov daromadning 50 foizigacha",
    ru: 'ежемесячный платёж до 50 % дохода',
  },
  TOTAL_CREDIT: { uz: 'daromadning 5 barobarigacha', ru: 'до 5 месячных доходов' },
  FIRST_LIMIT_CAP: { uz: 'birinchi limit chegarasi', ru: 'потолок первого лимита' },
};

/** The caps that set the largest limit, named in `lang`. */
const capsOf = (allowance: ScoringAllowance, lang: Lang) =>
  allowance.binding.map((rule) => CAP_NAMES[rule][lang]).join(', ');

const LIMIT_FIELD: Record<
  'over' | 'below' | 'step',
  Record<Lang, (allowance: ScoringAllowance) => string>
> = {
  over: {
    uz: (a) =>
      `Qoidalar ko'pi bilan ${formatMoney(a.max_limit, 'uz')} limit beradi (${capsOf(a, 'uz')})`,
    ru: (a) =>
      `Правила позволяют лимит не больше ${formatMoney(a.max_limit, 'ru')} (${capsOf(a, 'ru')})`,
  },
  below: {
    uz: (a) => `Limit kamida ${formatMoney(a.min_limit, 'uz')} bo'lishi kerak`,
    ru: (a) => `Лимит должен быть не меньше ${formatMoney(a.min_limit, 'ru')}`,
  },
  step: {
    uz: (a) => `Limit ${formatMoney(a.limit_step, 'uz')} ga karrali bo'lishi kerak`,
    ru: (a) => `Лимит должен быть кратен ${formatMoney(a.limit_step, 'ru')}`,
  },
};

/** The limit a credit officer asks for against what the rules allow; a 422 that says why. */
function checkLimit(limit: number, allowance: ScoringAllowance, lang: Lang): void {
  if (allowance.refusal) throw new AppError('SCORING_RULES_REFUSE', 422);
  const refuse = (
    code: 'SCORING_LIMIT_OVER_CAP' | 'SCORING_LIMIT_BELOW_MIN' | 'SCORING_LIMIT_STEP',
    kind: keyof typeof LIMIT_FIELD,
  ) => new AppError(code, 422, { limit: [LIMIT_FIELD[kind][lang](allowance)] });
  if (limit > allowance.max_limit) throw refuse('SCORING_LIMIT_OVER_CAP', 'over');
  if (limit < allowance.min_limit) throw refuse('SCORING_LIMIT_BELOW_MIN', 'below');
  if (limit % allowance.limit_step !== 0) throw refuse('SCORING_LIMIT_STEP', 'step');
}

const APPROVED: Record<Lang, (limit: number) => string> = {
  uz: (limit) => `Skoringdan o'tdingiz! Muddatli to'lov limitingiz: ${formatMoney(limit, 'uz')}`,
  ru: (limit) => `Скоринг пройден! Ваш лимит рассрочки: ${formatMoney(limit, 'ru')}`,
};

const REJECTED: Record<Lang, (reason: string, retryDay: string) => string> = {
  uz: (reason, day) =>
    `Skoring tasdiqlanmadi: ${reason}. Qayta urinish ${formatDay(day)} dan keyin mumkin`,
  ru: (reason, day) => `Скоринг не одобрен: ${reason}. Повторить можно после ${formatDay(day)}`,
};

/**
 * Approves a waiting scoring with `limit` as the automatic approval does (`is_scoring`, the
 * limit), if the rules allow it for the declared income. Audited in the same transaction; the
 * customer gets a notice and an SMS.
 */
export async function approve(
  deps: ReviewDeps,
  customerId: number,
  limit: number,
  actor: Actor,
  lang: Lang,
): Promise<AdminScoringFile> {
  const now = new Date();
  const notice: Notice = {
    kind: 'scoring',
    text: { uz: APPROVED.uz(limit), ru: APPROVED.ru(limit) },
  };
  await inTransaction(deps.db, async (tx) => {
    const profile = await lockWaiting(tx, customerId);
    const allowance = await allowanceOf(tx, profile, deps.rules, now);
    checkLimit(limit, allowance, lang);
    await repo.saveProfile(tx, customerId, {
      decidedAt: now,
      approved: true,
      creditLimit: limit,
      income: profile.declaredIncome,
      reason: null,
      reasons: ['REVIEW'],
      reasonText: null,
      retryAt: null,
      reviewSince: null,
    });
    await repo.markScored(tx, customerId);
    await deliverNotice(tx, customerId, notice);
    await recordAudit(tx, actor, {
      action: 'scoring.approve',
      objectType: 'customer',
      objectId: customerId,
      before: { step: 'review', review_since: profile.reviewSince?.toISOString() ?? null },
      after: {
        approved: true,
        limit,
        max_limit: allowance.max_limit,
        declared_income: profile.declaredIncome,
      },
    });
  });
  await sendNotice(deps, customerId, notice);
  return reviewFile(deps, customerId, lang);
}

/**
 * Rejects a waiting scoring as the automatic rejection does: a new try after SCORING_RETRY_DAYS.
 * The reason is shown to the customer as written. Audited; a notice and an SMS.
 */
export async function reject(
  deps: ReviewDeps,
  customerId: number,
  reason: string,
  actor: Actor,
  lang: Lang,
): Promise<AdminScoringFile> {
  const now = new Date();
  const retryAt = new Date(now.getTime() + deps.rules.retryDays * 24 * 3600 * 1000);
  const retryDay = tashkentDay(retryAt);
  // the notice ends the reason with its own full stop
  const said = reason.replace(/[.!\s]+$/, '');
  const notice: Notice = {
    kind: 'scoring',
    text: { uz: REJECTED.uz(said, retryDay), ru: REJECTED.ru(said, retryDay) },
  };
  await inTransaction(deps.db, async (tx) => {
    const profile = await lockWaiting(tx, customerId);
    await repo.saveProfile(tx, customerId, {
      decidedAt: now,
      approved: false,
      creditLimit: 0,
      income: profile.declaredIncome,
      reason: 'REVIEW',
      reasons: ['REVIEW'],
      reasonText: reason,
      retryAt,
      reviewSince: null,
    });
    await deliverNotice(tx, customerId, notice);
    await recordAudit(tx, actor, {
      action: 'scoring.reject',
      objectType: 'customer',
      objectId: customerId,
      before: { step: 'review', review_since: profile.reviewSince?.toISOString() ?? null },
      after: { approved: false, reason, retry_at: retryAt.toISOString() },
    });
  });
  await sendNotice(deps, customerId, notice);
  return reviewFile(deps, customerId, lang);
}
