import { randomUUID } from 'node:crypto';
import {
  type CreditLimit,
  formatMoney,
  type Guarantor,
  type GuarantorBody,
  type Lang,
  MAX_GUARANTORS,
  maskDocument,
  type PersonalDetailsBody,
  type RelativeType,
  type ScoringDecision,
  type ScoringState,
  type TariffTerms,
} from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fieldMessage } from '../../lib/errors.ts';
import { pick } from '../../lib/lang.ts';
import { fingerprint, fingerprints, type KeyRing, seal, unseal } from '../../lib/secrets.ts';
import { BureauUnavailable, type CreditBureau } from '../../providers/bureau/index.ts';
import type { IdentityProvider, ImageMime } from '../../providers/identity/index.ts';
import type { CardGateway } from '../../providers/payments/index.ts';
import type { Storage } from '../../providers/storage/index.ts';
import { findCard } from '../cards/index.ts';
import { findLongestTariff } from '../catalogue/index.ts';
import { balancesOf } from '../ledger/index.ts';
import { recordInShopNotice } from '../notifications/index.ts';
import { type CreditHistory, creditHistoryOf, NO_CREDIT_HISTORY } from './credit-history.ts';
import { decide, type IncomeInput, TURNOVER_MONTHS } from './decision.ts';
import * as repo from './repository.ts';
import type { ScoringRules } from './rules.ts';
import { readScoringState } from './state.ts';

export interface ScoringDeps {
  db: Executor;
  /** AUTH_SECRET (and AUTH_SECRET_PREVIOUS): seals the PINFL and passport, keys the PINFL's hash. */
  secret: KeyRing;
  identity: IdentityProvider;
  gateway: CardGateway;
  /** Null where there is no bureau: only review mode works then. */
  bureau: CreditBureau | null;
  /** The private store: face images are kept under `faces/`, never where browsers read. */
  files: Storage;
  rules: ScoringRules;
  log: FastifyBaseLogger;
}

/**
 * Scoring's answers are set once: an approved customer does not score again, and what waits for
 * a credit officer stays as it was sent.
 */
async function requireOpen(db: Executor, customerId: number): Promise<ScoringState> {
  const state = await readScoringState(db, customerId);
  if (state.step === 'approved') throw new AppError('SCORING_DONE', 409);
  if (state.step === 'rejected') throw new AppError('SCORING_RETRY_LATER', 422);
  if (state.step === 'review') throw new AppError('SCORING_IN_REVIEW', 409);
  return state;
}

/** The contact persons are part of what a credit officer reviews: kept as sent meanwhile. */
async function requireNotInReview(db: Executor, customerId: number): Promise<void> {
  const profile = await repo.findProfile(db, customerId);
  if (profile?.reviewSince) throw new AppError('SCORING_IN_REVIEW', 409);
}

/**
 * What the decision rules read besides the income: the customer's age, their credits elsewhere
 * (none when no bureau was asked) and the longest tariff today.
 */
export function decisionInput(
  birthDate: string,
  today: Date,
  rules: ScoringRules,
  longestTariff: TariffTerms,
  history: CreditHistory = NO_CREDIT_HISTORY,
): IncomeInput {
  return {
    birthDate: new Date(`${birthDate}T00:00:00Z`),
    today,
    ...history,
    firstLimitCap: rules.firstLimitCap,
    longestTariff,
  };
}

/** Seconds a customer is asked to wait before scoring again when the bureau did not answer. */
const BUREAU_RETRY_AFTER = 60;

/**
 * The customer's credits elsewhere, from the credit bureau. Scoring runs only for a customer
 * with no credit at Bozor (installments need an approved scoring, which never runs again), so
 * the bureau's report is the whole history. Without it the decision would approve blindly: a
 * bureau that does not answer is a 503 to try again, as an unreachable card gateway is.
 */
async function readCreditHistory(deps: ScoringDeps, pinflSealed: string): Promise<CreditHistory> {
  const unavailable = () =>
    new AppError('CREDIT_BUREAU_UNAVAILABLE', 503, undefined, { retryAfter: BUREAU_RETRY_AFTER });
  if (!deps.bureau) throw unavailable();
  try {
    return creditHistoryOf(await deps.bureau.report(unseal(deps.secret, 'pinfl', pinflSealed)));
  } catch (err) {
    if (!(err instanceof BureauUnavailable)) throw err;
    deps.log.warn({ err }, 'the credit bureau did not answer');
    throw unavailable();
  }
}

export async function savePersonalDetails(
  deps: ScoringDeps,
  customerId: number,
  body: PersonalDetailsBody,
  lang: Lang,
): Promise<ScoringState> {
  await requireOpen(deps.db, customerId);
  const pinflHash = fingerprint(deps.secret, 'pinfl', body.pinfl);
  // a PINFL saved before AUTH_SECRET changed carries the previous secret's hash
  const pinflHashes = fingerprints(deps.secret, 'pinfl', body.pinfl);
  if (await repo.pinflTakenByOther(deps.db, customerId, pinflHashes)) {
    throw new AppError('PINFL_TAKEN', 409, { pinfl: [fieldMessage('pinfl_taken', lang)] });
  }
  // the face was checked against the person the PINFL names: another PINFL is checked anew
  const before = await repo.findProfile(deps.db, customerId);
  const otherPerson = before?.pinflHash != null && !pinflHashes.includes(before.pinflHash);
  await repo.saveProfile(deps.db, customerId, {
    ...(otherPerson && { faceCheckedAt: null }),
    passportMasked: maskDocument(body.passport),
    passportSealed: seal(deps.secret, 'passport', body.passport),
    pinflMasked: maskDocument(body.pinfl, 1, 3),
    pinflSealed: seal(deps.secret, 'pinfl', body.pinfl),
    pinflHash,
    birthDate: body.birth_date,
    surname: body.surname,
    givenName: body.given_name,
    patronymic: body.patronymic,
    declaredIncome: body.monthly_income,
  });
  return readScoringState(deps.db, customerId);
}

/**
 * Has the identity provider check the face image against the PINFL, then keeps an accepted one in
 * the private store (`faces/<customer>-<uuid>.jpg`), which every API machine reads; the database
 * keeps its key. A face the provider does not accept is not kept, and the step stays open.
 */
export async function identifyFace(
  deps: ScoringDeps,
  customerId: number,
  image: { bytes: Uint8Array; mime: ImageMime },
): Promise<ScoringState> {
  await requireOpen(deps.db, customerId);
  const profile = await repo.findProfile(deps.db, customerId);
  if (!profile?.pinflSealed) throw new AppError('SCORING_STEP_MISSING', 422);
  const check = await deps.identity.checkFace({
    image: image.bytes,
    mime: image.mime,
    pinfl: unseal(deps.secret, 'pinfl', profile.pinflSealed),
  });
  if (!check.ok) throw new AppError('FACE_NOT_RECOGNISED', 422);
  const key = `faces/${customerId}-${randomUUID()}.${image.mime === 'image/png' ? 'png' : 'jpg'}`;
  await deps.files.put(key, image.bytes, image.mime);
  const previous = profile.faceImagePath;
  try {
    await inTransaction(deps.db, async (tx) => {
      await repo.saveProfile(tx, customerId, { faceImagePath: key, faceCheckedAt: new Date() });
      await repo.markIdentified(tx, customerId);
    });
  } catch (err) {
    await deps.files.delete(key).catch(() => {});
    throw err;
  }
  if (previous && previous !== key) {
    await deps.files.delete(previous).catch((err: unknown) => {
      deps.log.warn({ err, key: previous }, 'could not delete a replaced face image');
    });
  }
  return readScoringState(deps.db, customerId);
}

export async function chooseScoringCard(
  deps: ScoringDeps,
  customerId: number,
  cardId: number,
): Promise<ScoringState> {
  await requireOpen(deps.db, customerId);
  const card = await findCard(deps.db, customerId, cardId);
  if (!card?.verifiedAt) throw new AppError('CARD_NOT_FOUND', 404);
  await repo.saveProfile(deps.db, customerId, { cardId });
  return readScoringState(deps.db, customerId);
}

export async function listRelativeTypes(db: Executor, lang: Lang): Promise<RelativeType[]> {
  return (await repo.listRelativeTypes(db)).map((t) => ({ id: t.id, name: pick(t, 'name', lang) }));
}

export async function listGuarantors(
  db: Executor,
  customerId: number,
  lang: Lang,
): Promise<Guarantor[]> {
  return (await repo.listGuarantors(db, customerId)).map((g) => ({
    id: g.id,
    full_name: g.fullName,
    phone: g.phone,
    relative_type: { id: g.relativeTypeId, name: pick(g, 'name', lang) },
  }));
}

/** A contact person: not the customer's own phone, not one already given, at most three. */
export async function addGuarantor(
  db: Executor,
  customer: { id: number; phone: string },
  body: GuarantorBody,
  lang: Lang,
): Promise<Guarantor> {
  await requireNotInReview(db, customer.id);
  if (body.phone === customer.phone) {
    throw new AppError('VALIDATION_ERROR', 400, {
      phone: [fieldMessage('guarantor_own_phone', lang)],
    });
  }
  if (!(await repo.relativeTypeExists(db, body.relative_type_id))) {
    throw new AppError('VALIDATION_ERROR', 400, {
      relative_type_id: [fieldMessage('relative_type_invalid', lang)],
    });
  }
  const id = await inTransaction(db, async (tx) => {
    await repo.lockCustomer(tx, customer.id);
    if ((await repo.countGuarantors(tx, customer.id)) >= MAX_GUARANTORS) {
      throw new AppError('GUARANTOR_LIMIT', 422);
    }
    const row = await repo.insertGuarantor(tx, {
      customerId: customer.id,
      fullName: body.full_name,
      phone: body.phone,
      relativeTypeId: body.relative_type_id,
    });
    if (!row) {
      throw new AppError('GUARANTOR_EXISTS', 409, {
        phone: [fieldMessage('guarantor_phone_taken', lang)],
      });
    }
    return row.id;
  });
  const added = (await listGuarantors(db, customer.id, lang)).find((g) => g.id === id);
  if (!added) throw new AppError('GUARANTOR_NOT_FOUND', 404);
  return added;
}

export async function deleteGuarantor(db: Executor, customerId: number, id: number) {
  await requireNotInReview(db, customerId);
  if (!(await repo.deleteGuarantor(db, customerId, id))) {
    throw new AppError('GUARANTOR_NOT_FOUND', 404);
  }
}

const REJECTIONS: Record<string, Record<Lang, string>> = {
  AGE: {
    uz: "Muddatli to'lov 18 yoshdan 70 yoshgacha bo'lgan mijozlar uchun",
    ru: 'Рассрочка доступна клиентам от 18 до 70 лет',
  },
  OVERDUE: {
    uz: "So'nggi 12 oyda kredit to'lovi 90 kun yoki undan ko'proq kechiktirilgan",
    ru: 'За последние 12 месяцев платёж по кредиту просрочен на 90 дней и более',
  },
  LOW_INCOME: {
    uz: "Karta bo'yicha tushumlar muddatli to'lov uchun yetarli emas",
    ru: 'Поступлений по карте недостаточно для рассрочки',
  },
  DEBT_BURDEN: {
    uz: "Joriy qarzlar yuki yangi muddatli to'lovga imkon bermaydi",
    ru: 'Текущая долговая нагрузка не позволяет оформить новую рассрочку',
  },
};

export const APPROVED_TEXT: Record<Lang, (limit: number) => string> = {
  uz: (limit) => `Muddatli to'lov limitingiz: ${formatMoney(limit, 'uz')}`,
  ru: (limit) => `Ваш лимит рассрочки: ${formatMoney(limit, 'ru')}`,
};

const IN_REVIEW_TEXT: Record<Lang, string> = {
  uz: "Skoring arizangiz ko'rib chiqilmoqda. Natijani SMS orqali yuboramiz",
  ru: 'Ваша заявка на скоринг на рассмотрении. Результат пришлём по SMS',
};

/**
 * Queues the scoring for a credit officer (SCORING_MODE=review): nothing is decided here, and
 * the customer's answers stay as sent until the decision.
 */
async function sendForReview(deps: ScoringDeps, customerId: number): Promise<ScoringDecision> {
  await inTransaction(deps.db, async (tx) => {
    await repo.lockCustomer(tx, customerId);
    const state = await requireOpen(tx, customerId);
    if (state.step !== 'decision') throw new AppError('SCORING_STEP_MISSING', 422);
    await repo.saveProfile(tx, customerId, { reviewSince: new Date() });
    await recordInShopNotice(tx, customerId, { kind: 'scoring', text: IN_REVIEW_TEXT });
  });
  return { status: 'review', approved: false, limit: 0, reason: null, retry_at: null };
}

/**
 * Runs the decision once every step is done: the card's turnover over six months and the credit
 * bureau's report against DESIGN §4's rules. Approved sets `is_scoring` and the limit; a
 * rejection names its reason and when a new try is possible. In review mode the scoring waits
 * for a credit officer instead.
 */
export async function runScoring(
  deps: ScoringDeps,
  customerId: number,
  lang: Lang,
): Promise<ScoringDecision> {
  const state = await requireOpen(deps.db, customerId);
  if (state.step !== 'decision' || state.card_id === null) {
    throw new AppError('SCORING_STEP_MISSING', 422);
  }
  if (deps.rules.mode === 'review') return sendForReview(deps, customerId);
  const [profile, card, tariff] = await Promise.all([
    repo.findProfile(deps.db, customerId),
    findCard(deps.db, customerId, state.card_id),
    findLongestTariff(deps.db),
  ]);
  if (!profile?.birthDate || !profile.pinflSealed || !card || !tariff) {
    throw new AppError('SCORING_STEP_MISSING', 422);
  }
  const [turnover, history] = await Promise.all([
    deps.gateway.monthlyTurnover(card.gatewayToken, TURNOVER_MONTHS),
    readCreditHistory(deps, profile.pinflSealed),
  ]);
  const now = new Date();
  const decision = decide({
    ...decisionInput(profile.birthDate, now, deps.rules, tariff, history),
    monthlyTurnover: turnover,
  });
  if (decision.approved) {
    await inTransaction(deps.db, async (tx) => {
      await repo.saveProfile(tx, customerId, {
        decidedAt: now,
        approved: true,
        creditLimit: decision.limit,
        income: decision.income,
        reason: null,
        reasons: decision.reasons,
        reasonText: null,
        retryAt: null,
      });
      await repo.markScored(tx, customerId);
      await recordInShopNotice(tx, customerId, {
        kind: 'scoring',
        text: { uz: APPROVED_TEXT.uz(decision.limit), ru: APPROVED_TEXT.ru(decision.limit) },
      });
    });
    return {
      status: 'approved',
      approved: true,
      limit: decision.limit,
      reason: null,
      retry_at: null,
    };
  }
  const retryAt = new Date(now.getTime() + deps.rules.retryDays * 24 * 3600 * 1000);
  await repo.saveProfile(deps.db, customerId, {
    decidedAt: now,
    approved: false,
    creditLimit: 0,
    income: decision.income,
    reason: decision.reason,
    reasons: [decision.reason],
    reasonText: null,
    retryAt,
  });
  return {
    status: 'rejected',
    approved: false,
    limit: 0,
    reason: REJECTIONS[decision.reason]?.[lang] ?? decision.reason,
    retry_at: retryAt.toISOString(),
  };
}

/**
 * The customer's limit and what of it is taken: the principal still owed on every credit not
 * signed yet, active or overdue, in proportion to what remains of it (remaining × financed /
 * total, rounded up). Pass the transaction that is about to place a credit.
 */
export async function creditLimit(db: Executor, customerId: number): Promise<CreditLimit> {
  const profile = await repo.findProfile(db, customerId);
  const limit = profile?.approved ? profile.creditLimit : 0;
  const owing = await repo.listOwingCredits(db, customerId);
  const balances = await balancesOf(
    db,
    owing.map((credit) => credit.id),
  );
  let used = 0;
  for (const credit of owing) {
    const balance = balances.get(credit.id);
    if (!balance) continue;
    const { remaining, total } = balance;
    if (remaining <= 0 || total <= 0) continue;
    // exact in whole numbers: remaining × financed can pass 2^53
    const owed = BigInt(remaining) * BigInt(credit.financed);
    used += Number((owed + BigInt(total) - 1n) / BigInt(total));
  }
  return { limit, used, available: Math.max(0, limit - used) };
}
