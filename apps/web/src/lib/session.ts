import { createLocalStore, useLocalStore } from './local-store.ts';

export const TOKEN_KEY = 'serviceToken';
export const PHONE_KEY = 'phone';

/** The customer's session token (SPEC §3 `serviceToken`), or null for an anonymous visitor. */
export const sessionToken = createLocalStore<string | null>(
  TOKEN_KEY,
  () => localStorage.getItem(TOKEN_KEY),
  () => null,
);

export function getSessionToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The phone the customer signed in with (SPEC §4: remembered after a successful code check). */
export function getSessionPhone(): string | null {
  return localStorage.getItem(PHONE_KEY);
}

/**
 * Keeps a new session for the page load that follows sign-in (SPEC §4 reloads the page). The
 * current page is not told: until the reload it keeps showing the anonymous lists being merged.
 */
export function storeSession(token: string, phone: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(PHONE_KEY, phone);
}

/** Forgets the session: the token and the remembered phone (SPEC §4 logout, token removal). */
export function clearSessionToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PHONE_KEY);
  sessionToken.reload();
}

export function useIsSignedIn(): boolean {
  return useLocalStore(sessionToken) != null;
}
