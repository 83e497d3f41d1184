import {
  CARD_CODE_RESEND_SECONDS,
  CARD_CODE_TTL_SECONDS,
  type Card,
  type CardAdded,
  type Lang,
} from '@bozor/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { fingerprint, fingerprints, type KeyRing } from '../../lib/secrets.ts';
import { CardDecline, type CardGateway } from '../../providers/payments/index.ts';
import * as repo from './repository.ts';

/** Wrong codes a pending card allows, and codes it may be sent, before the customer starts over. */
export const CARD_CODE_MAX_ATTEMPTS = 5;
export const CARD_CODE_MAX_SENDS = 5;

export interface CardDeps {
  db: Executor;
  gateway: CardGateway;
  /** AUTH_SECRET (and AUTH_SECRET_PREVIOUS): keys the card numbers' fingerprints. */
  secret: KeyRing;
  log: FastifyBaseLogger;
}

const GATEWAYS = ['payme', 'click', 'sandbox'] as const;

export function toCard(row: repo.CardRow): Card {
  return {
    id: row.id,
    card_number: row.masked,
    type: row.type === 'humo' ? 'humo' : 'uzcard',
    expire: row.expire,
    created_at: row.createdAt.toISOString(),
    gateway: GATEWAYS.find((gateway) => gateway === row.gateway) ?? 'payme',
  };
}

export async function listCards(db: Executor, customerId: number): Promise<Card[]> {
  return (await repo.listCards(db, customerId)).map(toCard);
}

/** The card number's fingerprint: the same card is known again, its number never kept. */
const numberPrint = (secret: KeyRing, number: string) => fingerprint(secret, 'card-number', number);

/**
 * Registers a card with the gateway and has it send the holder a code. The same confirmed card
 * twice is a 409; a card still waiting for its code is replaced by the new attempt.
 */
export async function addCard(
  deps: CardDeps,
  input: { customerId: number; phone: string; number: string; expire: string; lang: Lang },
): Promise<CardAdded> {
  const print = numberPrint(deps.secret, input.number);
  // a card added before AUTH_SECRET changed carries the previous secret's fingerprint
  const existing = await repo.findByFingerprint(
    deps.db,
    input.customerId,
    fingerprints(deps.secret, 'card-number', input.number),
  );
  if (existing?.verifiedAt) throw new AppError('CARD_EXISTS', 409);
  const created = await deps.gateway.createCard({
    number: input.number,
    expire: input.expire,
    holderPhone: input.phone,
    lang: input.lang,
  });
  const sent = await deps.gateway.sendVerifyCode(created.token, input.lang);
  const now = new Date();
  const row = await inTransaction(deps.db, async (tx) => {
    if (existing) await repo.softDelete(tx, input.customerId, existing.id);
    return repo.insertCard(tx, {
      customerId: input.customerId,
      gatewayToken: created.token,
      masked: created.masked,
      type: created.type,
      expire: created.expire,
      fingerprint: print,
      holderPhone: sent.phone,
      codeSentAt: now,
      codeExpiresAt: new Date(now.getTime() + CARD_CODE_TTL_SECONDS * 1000),
    });
  });
  return {
    card_id: row.id,
    phone: sent.phone,
    wait: Math.max(sent.wait, CARD_CODE_RESEND_SECONDS),
  };
}

async function pendingCard(db: Executor, customerId: number, id: number): Promise<repo.CardRow> {
  const card = await repo.findCard(db, customerId, id);
  if (!card) throw new AppError('CARD_NOT_FOUND', 404);
  if (card.verifiedAt) throw new AppError('CARD_ALREADY_CONFIRMED', 409);
  return card;
}

/** Checks the holder's code: the try is counted first, then the gateway compares it. */
export async function confirmCard(
  deps: CardDeps,
  input: { customerId: number; cardId: number; otp: string },
): Promise<Card> {
  const claimed = await repo.claimCodeAttempt(
    deps.db,
    input.customerId,
    input.cardId,
    CARD_CODE_MAX_ATTEMPTS,
  );
  if (!claimed) {
    const card = await pendingCard(deps.db, input.customerId, input.cardId);
    throw new AppError(
      card.codeAttempts >= CARD_CODE_MAX_ATTEMPTS ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_EXPIRED',
      422,
    );
  }
  try {
    await deps.gateway.verifyCard(claimed.gatewayToken, input.otp);
  } catch (err) {
    if (err instanceof CardDecline && err.code === 'WRONG_CODE') {
      throw new AppError(
        claimed.codeAttempts >= CARD_CODE_MAX_ATTEMPTS ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_INVALID',
        422,
      );
    }
    if (err instanceof CardDecline && err.code === 'CODE_EXPIRED') {
      throw new AppError('OTP_EXPIRED', 422);
    }
    throw err;
  }
  return toCard(await repo.markVerified(deps.db, claimed.id));
}

export async function resendCardCode(
  deps: CardDeps,
  input: { customerId: number; cardId: number; lang: Lang },
): Promise<CardAdded> {
  const card = await pendingCard(deps.db, input.customerId, input.cardId);
  const waited = (Date.now() - card.codeSentAt.getTime()) / 1000;
  if (waited < CARD_CODE_RESEND_SECONDS) {
    throw new AppError('OTP_RESEND_TOO_EARLY', 429, undefined, {
      retryAfter: Math.ceil(CARD_CODE_RESEND_SECONDS - waited),
    });
  }
  if (card.codeSends >= CARD_CODE_MAX_SENDS) throw new AppError('OTP_EXPIRED', 422);
  const sent = await deps.gateway.sendVerifyCode(card.gatewayToken, input.lang);
  const now = new Date();
  await repo.replaceCode(deps.db, card.id, {
    holderPhone: sent.phone,
    codeSentAt: now,
    codeExpiresAt: new Date(now.getTime() + CARD_CODE_TTL_SECONDS * 1000),
  });
  return {
    card_id: card.id,
    phone: sent.phone,
    wait: Math.max(sent.wait, CARD_CODE_RESEND_SECONDS),
  };
}

/** Forgets a card; the gateway is asked to drop its token too, which may fail without harm. */
export async function deleteCard(deps: CardDeps, customerId: number, id: number): Promise<void> {
  const removed = await repo.softDelete(deps.db, customerId, id);
  if (!removed) {
    const inUse = await repo.findCard(deps.db, customerId, id);
    throw inUse ? new AppError('CARD_IN_USE', 409) : new AppError('CARD_NOT_FOUND', 404);
  }
  await deps.gateway.removeCard(removed.gatewayToken).catch((err: unknown) => {
    deps.log.warn({ err, cardId: id }, 'the gateway did not drop a deleted card');
  });
}
