export { useCredit } from './api/get-credit.ts';
export { CREDITS_KEY, useCredits } from './api/get-credits.ts';
export { CreditStatusBadge } from './components/credit-status-badge.tsx';
export { contractLink } from './links.ts';
