import { sessionToken, TOKEN_KEY } from '../lib/session.ts';

/** Stores a session token where the sign-in keeps it, so the storefront acts for a customer. */
export function signInForTest(token = 'test-token'): void {
  localStorage.setItem(TOKEN_KEY, token);
  sessionToken.reload();
}

/** Forgets the test's session, also in the store's cache that outlives localStorage.clear(). */
export function signOutForTest(): void {
  localStorage.removeItem(TOKEN_KEY);
  sessionToken.reload();
}
