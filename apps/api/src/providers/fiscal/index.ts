import { OfdFiscalRegister } from './ofd.ts';
import { SandboxFiscalRegister } from './sandbox.ts';
import type { FiscalRegister } from './types.ts';

export { OfdFiscalRegister, type OfdOptions, ofdReceipt } from './ofd.ts';
export { checkReceipt } from './rules.ts';
export { ofdDateTime, SANDBOX_TERMINAL, SandboxFiscalRegister } from './sandbox.ts';
export {
  type FiscalReceiptRequest,
  FiscalRefusal,
  type FiscalRegister,
  type RegisteredReceipt,
} from './types.ts';

export type FiscalRegisterConfig =
  | { provider: 'off' }
  | { provider: 'sandbox'; publicUrl: string }
  | { provider: 'ofd'; baseUrl: string; token: string; timeoutMs?: number };

/** The register receipts go to; `off` registers none (receipts wait, pending, until one is set). */
export function createFiscalRegister(config: FiscalRegisterConfig): FiscalRegister | null {
  if (config.provider === 'off') return null;
  if (config.provider === 'ofd') {
    return new OfdFiscalRegister({
      baseUrl: config.baseUrl,
      token: config.token,
      ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
    });
  }
  return new SandboxFiscalRegister({ publicUrl: config.publicUrl });
}
