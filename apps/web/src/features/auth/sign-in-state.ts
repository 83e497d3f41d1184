import { createFlag } from '../../lib/flag.ts';

const signInOpen = createFlag();
/** Where the customer was headed when signing in was asked of them, if anywhere. */
let nextPath: string | null = null;

/** Opens the sign-in modal from anywhere: the header, the bottom bar, the profile page. */
export const openSignIn = () => {
  nextPath = null;
  signInOpen.set(true);
};

/**
 * Opens sign-in on the way to a page for customers only (the installment call-to-action): the
 * page load that follows signing in opens `path` instead of reloading the current one.
 */
export const openSignInFor = (path: string) => {
  nextPath = path;
  signInOpen.set(true);
};

export const closeSignIn = () => {
  nextPath = null;
  signInOpen.set(false);
};

export const useSignInOpen = (): boolean => signInOpen.use();

/** The path to open once signed in, or null to reload the page the visitor is on. */
export const signInNextPath = (): string | null => nextPath;
