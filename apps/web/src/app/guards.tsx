import { Navigate, Outlet } from 'react-router';
import { useClientInfo } from '../features/auth/index.ts';
import { useIsSignedIn } from '../lib/session.ts';
import { PageFallback } from './progress-bar.tsx';

/** SPEC §2: the checkout area needs a stored service token, otherwise it leads to the basket. */
export function RequireToken() {
  return useIsSignedIn() ? <Outlet /> : <Navigate to="/basket" replace />;
}

/**
 * SPEC §2: the user area needs the logged-in state — a token whose profile has loaded — otherwise
 * it leads home. A profile that fails to load for another reason than the session keeps the
 * customer where they are until it answers.
 */
export function RequireLoggedIn() {
  const signedIn = useIsSignedIn();
  const info = useClientInfo();
  if (!signedIn) return <Navigate to="/" replace />;
  if (info.isSuccess) return <Outlet />;
  if (info.isError) return <Navigate to="/" replace />;
  return <PageFallback />;
}
