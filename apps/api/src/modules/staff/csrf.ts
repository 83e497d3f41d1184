import { type KeyRing, keyedHash, keyedHashes } from '../../lib/secrets.ts';
import { sameHash } from '../../lib/tokens.ts';

/**
 * The CSRF token of a staff session: keyed with AUTH_SECRET and bound to the session, so a token
 * read from one session (or handed out before signing in) is refused by every other, and each
 * sign-in starts with a new one. Nothing is stored: the session's id and the secret make it again.
 */
export function sessionCsrfToken(keys: KeyRing, sessionId: number): string {
  return keyedHash(keys, `staff-csrf:${sessionId}`);
}

/** Whether `token` is the session's, under AUTH_SECRET or AUTH_SECRET_PREVIOUS. */
export function sessionCsrfMatches(
  keys: KeyRing,
  sessionId: number,
  token: string | undefined,
): boolean {
  if (token === undefined || !/^[0-9a-f]{64}$/.test(token)) return false;
  return keyedHashes(keys, `staff-csrf:${sessionId}`).some((hash) => sameHash(hash, token));
}
