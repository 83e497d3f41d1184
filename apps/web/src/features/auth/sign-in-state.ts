import { createFlag } from '../../lib/flag.ts';

const signInOpen = createFlag();

/** Opens the sign-in modal from anywhere: the header, the bottom bar, the profile page. */
export const openSignIn = () => signInOpen.set(true);
export const closeSignIn = () => signInOpen.set(false);
export const useSignInOpen = (): boolean => signInOpen.use();
