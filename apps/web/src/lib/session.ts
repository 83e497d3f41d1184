import { createLocalStore, useLocalStore } from './local-store.ts';

export const TOKEN_KEY = 'serviceToken';

/** The customer's session token (SPEC §3 `serviceToken`), or null for an anonymous visitor. */
export const sessionToken = createLocalStore<string | null>(TOKEN_KEY, () =>
  localStorage.getItem(TOKEN_KEY),
);

export function getSessionToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function clearSessionToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  sessionToken.reload();
}

export function useIsSignedIn(): boolean {
  return useLocalStore(sessionToken) != null;
}
