import { createHash } from 'node:crypto';
import {
  type ContractCodeSent,
  ContractDocument,
  type CreditDetail,
  formatDay,
  formatNumber,
  fullNameOf,
  type Lang,
  maskPhone,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  tashkentDay,
} from '@bozor/shared';
import type { Database, Executor } from '../../db/client.ts';
import { inTransaction, readTogether } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import type { KeyRing } from '../../lib/secrets.ts';
import { hashOtpCode, newOtpCode, otpCodeMatches } from '../../lib/tokens.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { findCardById } from '../cards/index.ts';
import { contractNumberOf, readCredit } from '../credits/index.ts';
import { lockOrderAndCredit } from '../money/index.ts';
import { recordInShopNotice } from '../notifications/index.ts';
import { listOrderItems } from '../orders/index.ts';
import {
  type ContractFacts,
  DEFAULT_LATE_TERMS,
  draftContract,
  type LateTerms,
} from './document.ts';
import * as repo from './repository.ts';
import type { Seller } from './seller.ts';

/** A signing code lives 3 minutes and allows 5 tries (DESIGN §5). */
export const CONTRACT_CODE_TTL_SECONDS = 180;
export const CONTRACT_CODE_MAX_ATTEMPTS = 5;

export interface ContractDeps {
  db: Database;
  sms: SmsProvider;
  /** AUTH_SECRET (and AUTH_SECRET_PREVIOUS): keys the signing codes' hashes. */
  secret: KeyRing;
  late?: LateTerms;
  /** The seller the contract names: a change reaches unsigned contracts only. */
  seller: Seller;
}

const SMS_TEXT: Record<Lang, (code: string, number: string, total: string) => string> = {
  uz: (code, number, total) =>
    `Bozor: kod ${code} — ${number} muddatli to'lov shartnomasini imzolash uchun (jami ${total} so'm). Kodni hech kimga aytmang.`,
  ru: (code, number, total) =>
    `Bozor: код ${code} — подписание договора рассрочки ${number} (всего ${total} сум). Никому не сообщайте код.`,
};

/** The code is bound to its contract: one contract's code signs no other. */
const codeChallenge = (creditId: number) => `contract:${creditId}`;
const codeHashOf = (secret: KeyRing, creditId: number, code: string) =>
  hashOtpCode(secret, codeChallenge(creditId), code);

/** What is signed: SHA-256 of both languages' bodies exactly as stored. */
export const contractHash = (bodyUz: string, bodyRu: string) =>
  createHash('sha256')
    .update(bodyUz + bodyRu)
    .digest('hex');

async function ownCredit(db: Executor, customerId: number, creditId: number) {
  const credit = await repo.findCredit(db, customerId, creditId);
  if (!credit?.orderId) throw new AppError('CREDIT_NOT_FOUND', 404);
  return { ...credit, orderId: credit.orderId };
}

type OwnCredit = Awaited<ReturnType<typeof ownCredit>>;

/** What a contract says besides the order, the credit and the customer: the shop's own terms. */
interface ShopTerms {
  late: LateTerms;
  seller: Seller;
}

const termsOf = (deps: Pick<ContractDeps, 'late' | 'seller'>): ShopTerms => ({
  late: deps.late ?? DEFAULT_LATE_TERMS,
  seller: deps.seller,
});

/** Reads everything the contract says from the order, the credit and the customer as they are now. */
async function factsOf(
  db: Executor,
  credit: OwnCredit,
  date: string,
  terms: ShopTerms,
): Promise<ContractFacts> {
  const [order, items, installments, customer, identity, card, sellerContacts] = await readTogether(
    db,
    [
      () => repo.findOrder(db, credit.orderId),
      () => listOrderItems(db, [credit.orderId]),
      () => repo.listInstallments(db, credit.id),
      () => repo.findCustomer(db, credit.customerId),
      () => repo.findIdentity(db, credit.customerId),
      async () => (credit.cardId ? findCardById(db, credit.cardId) : undefined),
      () => repo.listSellerContacts(db),
    ],
  );
  if (!order || !customer) throw new AppError('CREDIT_NOT_FOUND', 404);
  const contact = (key: string) => sellerContacts.find((c) => c.key === key)?.value ?? null;
  return {
    creditId: credit.id,
    number: contractNumberOf(credit),
    date,
    orderId: order.id,
    seller: { ...terms.seller, phone: contact('phone'), telegram: contact('telegram') },
    customer: {
      phone: customer.phone,
      fullName: identity
        ? fullNameOf({
            surname: identity.surname,
            given_name: identity.givenName,
            patronymic: identity.patronymic,
          })
        : null,
      passport: identity?.passport ?? null,
      pinfl: identity?.pinfl ?? null,
      birthDate: identity?.birthDate ?? null,
    },
    items: items.map((item) => ({
      nameUz: item.nameUz,
      nameRu: item.nameRu,
      price: item.price,
      count: item.count,
    })),
    deliveryUz: order.deliveryUz,
    deliveryRu: order.deliveryRu,
    deliveryFee: order.deliveryFee,
    orderTotal: order.total,
    prepayment: order.prepayment,
    financed: credit.financed,
    months: credit.months,
    markupPercent: credit.markupPercent,
    creditTotal: credit.total,
    monthlyPayment: credit.monthlyPayment,
    card: card ? { masked: card.masked, type: card.type } : null,
    schedule: installments.map((row) => ({
      number: row.number,
      dueDate: row.dueDate,
      amount: row.amount,
    })),
    late: terms.late,
  };
}

/** Both languages' bodies as stored: the document's JSON, unsigned. */
async function drawBodies(db: Executor, credit: OwnCredit, date: string, terms: ShopTerms) {
  const facts = await factsOf(db, credit, date, terms);
  return {
    number: facts.number,
    bodyUz: JSON.stringify(draftContract(facts, 'uz')),
    bodyRu: JSON.stringify(draftContract(facts, 'ru')),
  };
}

function readBody(contract: repo.ContractRow, lang: Lang): ContractDocument {
  const body = ContractDocument.parse(
    JSON.parse(lang === 'ru' ? contract.bodyRu : contract.bodyUz),
  );
  return {
    ...body,
    signed_at: contract.signedAt?.toISOString() ?? null,
    hash: contract.hash,
  };
}

/**
 * The contract row as the customer should read it: while unsigned, drawn anew from the current
 * order and credit; once signed, as it was signed.
 */
async function currentContract(
  deps: Pick<ContractDeps, 'db' | 'late' | 'seller'>,
  credit: OwnCredit,
): Promise<repo.ContractRow> {
  const existing = await repo.findContract(deps.db, credit.id);
  if (existing?.signedAt) return existing;
  const terms = termsOf(deps);
  if (existing) {
    // unchanged terms keep the day the contract was drawn up
    const again = await drawBodies(deps.db, credit, readBody(existing, 'uz').date, terms);
    if (again.bodyUz === existing.bodyUz && again.bodyRu === existing.bodyRu) return existing;
  }
  const bodies = await drawBodies(deps.db, credit, tashkentDay(new Date()), terms);
  const written = await repo.upsertUnsigned(deps.db, { creditId: credit.id, ...bodies });
  // signed between the read and the write: the signed text stands
  return written ?? (await repo.findContract(deps.db, credit.id))!;
}

export async function getContract(
  deps: ContractDeps,
  input: { customerId: number; creditId: number; lang: Lang },
): Promise<ContractDocument> {
  const credit = await ownCredit(deps.db, input.customerId, input.creditId);
  return readBody(await currentContract(deps, credit), input.lang);
}

/**
 * The contract of any credit, for staff: the same document its customer reads (drawn anew while
 * unsigned, as signed once signed).
 */
export async function getContractForStaff(
  deps: Pick<ContractDeps, 'db' | 'late' | 'seller'>,
  input: { creditId: number; lang: Lang },
): Promise<ContractDocument> {
  const owner = await repo.findCreditOwner(deps.db, input.creditId);
  if (owner === undefined) throw new AppError('CREDIT_NOT_FOUND', 404);
  const credit = await ownCredit(deps.db, owner, input.creditId);
  return readBody(await currentContract(deps, credit), input.lang);
}

/** Sends the customer a code to sign the contract as it reads now, at most once a minute. */
export async function sendSigningCode(
  deps: ContractDeps,
  input: { customerId: number; creditId: number; lang: Lang },
): Promise<ContractCodeSent> {
  const credit = await ownCredit(deps.db, input.customerId, input.creditId);
  const contract = await currentContract(deps, credit);
  if (contract.signedAt) throw new AppError('CONTRACT_SIGNED', 409);
  if (credit.status !== 'not_signed') throw new AppError('CREDIT_NOT_SIGNABLE', 409);
  const now = new Date();
  const tooEarly = (sentAt: Date | null) => {
    const waited = sentAt ? (now.getTime() - sentAt.getTime()) / 1000 : OTP_RESEND_SECONDS;
    return new AppError('OTP_RESEND_TOO_EARLY', 429, undefined, {
      retryAfter: Math.max(1, Math.ceil(OTP_RESEND_SECONDS - waited)),
    });
  };
  if (
    contract.codeSentAt &&
    now.getTime() - contract.codeSentAt.getTime() < OTP_RESEND_SECONDS * 1000
  ) {
    throw tooEarly(contract.codeSentAt);
  }
  const customer = await repo.findCustomer(deps.db, credit.customerId);
  if (!customer) throw new AppError('CREDIT_NOT_FOUND', 404);
  const code = newOtpCode(OTP_LENGTH);
  const stored = await repo.storeCode(
    deps.db,
    credit.id,
    {
      codeHash: codeHashOf(deps.secret, credit.id, code),
      codeSentAt: now,
      codeExpiresAt: new Date(now.getTime() + CONTRACT_CODE_TTL_SECONDS * 1000),
    },
    OTP_RESEND_SECONDS,
  );
  if (!stored) {
    // another request sent a code, or the contract was signed, a moment ago
    const latest = await repo.findContract(deps.db, credit.id);
    if (latest?.signedAt) throw new AppError('CONTRACT_SIGNED', 409);
    throw tooEarly(latest?.codeSentAt ?? null);
  }
  try {
    await deps.sms.send({
      phone: customer.phone,
      text: SMS_TEXT[input.lang](code, contract.number, formatNumber(credit.total)),
    });
  } catch {
    await repo.dropCode(deps.db, credit.id);
    throw new AppError('SMS_FAILED', 503);
  }
  return { phone: maskPhone(customer.phone), wait: OTP_RESEND_SECONDS };
}

const SIGNED_NOTICE: Record<
  Lang,
  (f: { number: string; monthly: string; first: string; prepayment: string | null }) => string
> = {
  uz: (f) =>
    `${f.number} shartnoma imzolandi. Oylik to'lov ${f.monthly} so'm, birinchi to'lov sanasi ${f.first}.${f.prepayment ? ` Buyurtma boshlang'ich to'lov (${f.prepayment} so'm) to'langandan keyin tasdiqlanadi.` : ' Buyurtma tasdiqlandi.'}`,
  ru: (f) =>
    `Договор ${f.number} подписан. Ежемесячный платёж ${f.monthly} сум, первый платёж ${f.first}.${f.prepayment ? ` Заказ будет подтверждён после оплаты первоначального взноса (${f.prepayment} сум).` : ' Заказ подтверждён.'}`,
};

/**
 * Signs the contract with the SMS code: the try is counted first, then the code compared; the
 * contract is sealed with its hash, the credit becomes active, and an order with nothing to pay up
 * front is confirmed, all in one transaction.
 */
export async function signContract(
  deps: ContractDeps,
  input: { customerId: number; creditId: number; otp: string; lang: Lang },
): Promise<CreditDetail> {
  const credit = await ownCredit(deps.db, input.customerId, input.creditId);
  const contract = await repo.findContract(deps.db, credit.id);
  if (contract?.signedAt) throw new AppError('CONTRACT_SIGNED', 409);
  if (credit.status !== 'not_signed') throw new AppError('CREDIT_NOT_SIGNABLE', 409);
  const claimed = await repo.claimCodeAttempt(deps.db, credit.id, CONTRACT_CODE_MAX_ATTEMPTS);
  if (!claimed) {
    const latest = await repo.findContract(deps.db, credit.id);
    if (latest?.signedAt) throw new AppError('CONTRACT_SIGNED', 409);
    const exhausted = latest?.codeHash != null && latest.codeAttempts >= CONTRACT_CODE_MAX_ATTEMPTS;
    throw new AppError(exhausted ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_EXPIRED', 422);
  }
  if (
    !claimed.codeHash ||
    !otpCodeMatches(deps.secret, codeChallenge(credit.id), input.otp, claimed.codeHash)
  ) {
    throw new AppError(
      claimed.codeAttempts >= CONTRACT_CODE_MAX_ATTEMPTS ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_INVALID',
      422,
    );
  }
  const terms = termsOf(deps);
  await inTransaction(deps.db, async (tx) => {
    const locks = await lockOrderAndCredit(tx, { creditId: credit.id });
    const locked = locks?.credit;
    if (locked?.status !== 'not_signed') throw new AppError('CREDIT_NOT_SIGNABLE', 409);
    const order = locks?.order;
    const current = await repo.lockContract(tx, credit.id);
    if (!current || current.signedAt) throw new AppError('CONTRACT_SIGNED', 409);
    // the text signed is the one the customer was shown, and it must still be the truth
    const { date } = readBody(current, 'uz');
    const redrawn = await drawBodies(tx, { ...locked, orderId: credit.orderId }, date, terms);
    if (redrawn.bodyUz !== current.bodyUz || redrawn.bodyRu !== current.bodyRu) {
      throw new AppError('CONTRACT_CHANGED', 409);
    }
    const at = new Date();
    const sealed = await repo.markSigned(
      tx,
      current.id,
      contractHash(current.bodyUz, current.bodyRu),
      at,
    );
    if (!sealed) throw new AppError('CONTRACT_SIGNED', 409);
    await repo.activateCredit(tx, credit.id, at);
    if (order && order.prepayment === 0) await repo.confirmUnpaidOrder(tx, order.id, at);
    const first = (await repo.listInstallments(tx, credit.id))[0];
    const facts = {
      number: current.number,
      monthly: formatNumber(locked.monthlyPayment),
      first: first ? formatDay(first.dueDate) : '—',
      prepayment: order && order.prepayment > 0 ? formatNumber(order.prepayment) : null,
    };
    await recordInShopNotice(tx, credit.customerId, {
      kind: 'contract_signed',
      text: { uz: SIGNED_NOTICE.uz(facts), ru: SIGNED_NOTICE.ru(facts) },
    });
  });
  return readCredit(
    deps.db,
    input.customerId,
    credit.id,
    { today: tashkentDay(new Date()), graceDays: terms.late.graceDays },
    input.lang,
  );
}
