export { CLIENT_INFO_KEY, useClientInfo } from './api/get-client-info.ts';
export { useSignOut } from './api/sign-out.ts';
export {
  closeSignIn,
  openSignIn,
  openSignInFor,
  signInNextPath,
  useSignInOpen,
} from './sign-in-state.ts';
