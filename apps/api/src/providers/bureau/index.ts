import { SandboxCreditBureau } from './sandbox.ts';
import type { CreditBureau } from './types.ts';

export {
  SANDBOX_BUREAU_PERSONS,
  type SandboxBureauBehaviour,
  type SandboxBureauPerson,
  SandboxCreditBureau,
} from './sandbox.ts';
export {
  type BureauCredit,
  type BureauReport,
  BureauUnavailable,
  type CreditBureau,
} from './types.ts';

/** CREDIT_BUREAU: `sandbox` outside production; `none` leaves scoring to a credit officer. */
export type CreditBureauConfig = { provider: 'sandbox' } | { provider: 'none' };

/** The bureau scoring asks, or null when there is none (scoring then runs in review mode). */
export function createCreditBureau(config: CreditBureauConfig): CreditBureau | null {
  if (config.provider === 'sandbox') return new SandboxCreditBureau();
  return null;
}
