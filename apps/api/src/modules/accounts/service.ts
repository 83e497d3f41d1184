import {
  type Challenge,
  type ClientInfo,
  formatTashkentTime,
  type Lang,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  type Session,
  type User,
} from '@bozor/shared';
import type { Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import type { KeyRing } from '../../lib/secrets.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { recordInShopNotice } from '../notifications/index.ts';
import { readScoringState } from '../scoring/index.ts';
import type { CodeChannel, SignInCodes } from '../telegram/index.ts';
import * as repo from './repository.ts';
import { hashOtpCode, hashToken, newOtpCode, newToken, otpCodeMatches } from './tokens.ts';

export const OTP_TTL_SECONDS = 180;
export const OTP_MAX_ATTEMPTS = 5;
/** New codes one challenge may send before the customer has to start over. */
export const OTP_MAX_SENDS = 5;
export const SESSION_DAYS = 30;

export interface AccountDeps {
  db: Executor;
  sms: SmsProvider;
  /** AUTH_SECRET (and AUTH_SECRET_PREVIOUS): keys the sign-in codes' hashes. */
  secret: KeyRing;
  /** Sends the codes by Telegram's gateway first when so configured; `sms` alone when absent. */
  codes?: SignInCodes | undefined;
}

const SMS_TEXT: Record<Lang, (code: string) => string> = {
  uz: (code) => `Bozor: kirish kodi ${code}. Kodni hech kimga aytmang.`,
  ru: (code) => `Bozor: код для входа ${code}. Никому не сообщайте код.`,
};

const SIGN_IN_TEXT: Record<Lang, (when: string) => string> = {
  uz: (when) =>
    `Hisobingizga kirildi: ${when}. Agar bu siz bo'lmasangiz, qo'llab-quvvatlash xizmatiga yozing.`,
  ru: (when) => `Выполнен вход в аккаунт: ${when}. Если это были не вы, напишите в поддержку.`,
};

function secondsSince(date: Date, now: Date): number {
  return (now.getTime() - date.getTime()) / 1000;
}

async function sendCode(
  deps: AccountDeps,
  phone: string,
  code: { code: string; text: string; resend: boolean },
): Promise<CodeChannel> {
  try {
    if (deps.codes) {
      return await deps.codes.send({
        phone,
        code: code.code,
        smsText: code.text,
        ttlSeconds: OTP_TTL_SECONDS,
        resend: code.resend,
      });
    }
    await deps.sms.send({ phone, text: code.text });
    return 'sms';
  } catch {
    throw new AppError('SMS_FAILED', 503);
  }
}

function toUser(row: repo.CustomerRow): User {
  return {
    id: row.id,
    phone: row.phone,
    is_scoring: row.isScoring,
    is_identified: row.isIdentified,
    lang: row.lang,
    created_at: row.createdAt.toISOString(),
  };
}

export async function startSignIn(
  deps: AccountDeps,
  input: { phone: string; lang: Lang; ip: string },
): Promise<Challenge> {
  const token = newToken();
  const code = newOtpCode(OTP_LENGTH);
  const now = new Date();
  const challenge = await repo.insertChallenge(deps.db, {
    tokenHash: hashToken(token),
    phone: input.phone,
    codeHash: hashOtpCode(deps.secret, token, code),
    lang: input.lang,
    sentAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    ip: input.ip,
  });
  let channel: CodeChannel;
  try {
    channel = await sendCode(deps, input.phone, {
      code,
      text: SMS_TEXT[input.lang](code),
      resend: false,
    });
  } catch (err) {
    await repo.closeChallenge(deps.db, challenge.id);
    throw err;
  }
  return {
    token,
    phone: input.phone,
    resend_in: OTP_RESEND_SECONDS,
    ...(channel === 'telegram' ? { channel } : {}),
  };
}

async function openChallenge(db: Executor, token: string): Promise<repo.ChallengeRow> {
  const challenge = await repo.findChallenge(db, hashToken(token));
  if (!challenge) throw new AppError('OTP_EXPIRED', 422);
  if (challenge.closedAt) {
    throw new AppError(
      challenge.attempts >= OTP_MAX_ATTEMPTS ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_EXPIRED',
      422,
    );
  }
  return challenge;
}

export async function resendCode(
  deps: AccountDeps,
  input: { token: string; lang: Lang },
): Promise<Challenge> {
  const challenge = await openChallenge(deps.db, input.token);
  const now = new Date();
  const waited = secondsSince(challenge.sentAt, now);
  if (waited < OTP_RESEND_SECONDS) {
    throw new AppError('OTP_RESEND_TOO_EARLY', 429, undefined, {
      retryAfter: Math.ceil(OTP_RESEND_SECONDS - waited),
    });
  }
  if (challenge.sends >= OTP_MAX_SENDS) throw new AppError('OTP_EXPIRED', 422);
  const code = newOtpCode(OTP_LENGTH);
  const updated = await repo.replaceCode(deps.db, challenge.id, {
    codeHash: hashOtpCode(deps.secret, input.token, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
  });
  if (!updated) throw new AppError('OTP_EXPIRED', 422);
  await sendCode(deps, challenge.phone, { code, text: SMS_TEXT[input.lang](code), resend: true });
  return { token: input.token, phone: challenge.phone, resend_in: OTP_RESEND_SECONDS };
}

export async function completeSignIn(
  deps: AccountDeps,
  input: { token: string; code: string; lang: Lang; ip: string; userAgent: string | undefined },
): Promise<Session> {
  const tokenHash = hashToken(input.token);
  const challenge = await repo.claimAttempt(deps.db, tokenHash, OTP_MAX_ATTEMPTS);
  if (!challenge) {
    const known = await repo.findChallenge(deps.db, tokenHash);
    const exhausted = known !== undefined && known.attempts >= OTP_MAX_ATTEMPTS;
    throw new AppError(exhausted ? 'OTP_TOO_MANY_ATTEMPTS' : 'OTP_EXPIRED', 422);
  }
  if (!otpCodeMatches(deps.secret, input.token, input.code, challenge.codeHash)) {
    if (challenge.attempts < OTP_MAX_ATTEMPTS) throw new AppError('OTP_INVALID', 422);
    await repo.closeChallenge(deps.db, challenge.id);
    throw new AppError('OTP_TOO_MANY_ATTEMPTS', 422);
  }
  const session = await inTransaction(deps.db, async (tx) => {
    if (!(await repo.closeChallenge(tx, challenge.id))) throw new AppError('OTP_EXPIRED', 422);
    const customer = await repo.upsertCustomer(tx, challenge.phone, input.lang);
    if (customer.blockedAt) throw new AppError('CUSTOMER_BLOCKED', 403);
    const token = newToken();
    await repo.insertSession(tx, {
      customerId: customer.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000),
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip,
    });
    const when = formatTashkentTime(new Date());
    await recordInShopNotice(tx, customer.id, {
      kind: 'sign_in',
      text: { uz: SIGN_IN_TEXT.uz(when), ru: SIGN_IN_TEXT.ru(when) },
    });
    return { token, user: toUser(customer) };
  });
  deps.codes?.confirmed(challenge.phone, input.code);
  return session;
}

export async function getClientInfo(db: Executor, customerId: number): Promise<ClientInfo> {
  const customer = await repo.findCustomer(db, customerId);
  if (!customer) throw new AppError('SESSION_INVALID', 401);
  return {
    user: toUser(customer),
    phone: customer.phone,
    scoring: await readScoringState(db, customerId),
  };
}

export function signOut(db: Executor, sessionId: number): Promise<void> {
  return repo.revokeSession(db, sessionId);
}
