import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { type KeyRing, keyedHash, keyedHashes } from './secrets.ts';

/** 256 random bits, URL-safe: session and challenge tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked table does not sign anyone in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newOtpCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/**
 * Codes have only a million values, so a plain hash is reversible: they are keyed with the
 * server's secret and bound to their challenge.
 */
export function hashOtpCode(keys: KeyRing, challengeToken: string, code: string): string {
  return keyedHash(keys, `${challengeToken}:${code}`);
}

/**
 * Whether `code` is the one `stored` hashes, under AUTH_SECRET or AUTH_SECRET_PREVIOUS: a code
 * sent just before the secret changed still works until it expires.
 */
export function otpCodeMatches(
  keys: KeyRing,
  challengeToken: string,
  code: string,
  stored: string,
): boolean {
  return keyedHashes(keys, `${challengeToken}:${code}`).some((hash) => sameHash(hash, stored));
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
