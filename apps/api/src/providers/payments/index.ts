import type { Executor } from '../../db/client.ts';
import type { SmsProvider } from '../sms/index.ts';
import { PaymeCardGateway } from './payme.ts';
import { SandboxCardGateway } from './sandbox.ts';
import type { CardGateway } from './types.ts';

export { ClickCardGateway, type ClickOptions } from './click.ts';
export { PaymeCardGateway, type PaymeOptions } from './payme.ts';
export {
  SANDBOX_CARDS,
  type SandboxBehaviour,
  type SandboxCard,
  SandboxCardGateway,
} from './sandbox.ts';
export {
  CardDecline,
  type CardGateway,
  type CardType,
  type CreatedCard,
  type DeclineCode,
  declineOf,
  type GatewayReceipt,
  type ReceiptInput,
  type ReceiptState,
} from './types.ts';

export type CardGatewayConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'payme';
      baseUrl: string;
      merchantId: string;
      key: string;
      /** How long one call may take before its answer counts as lost. */
      timeoutMs?: number;
    };

/**
 * The sandbox sends its verification codes through the shop's SMS provider and keeps its books in
 * the shop's database (tables of its own); Payme sends its own codes and keeps its own books.
 */
export function createCardGateway(
  config: CardGatewayConfig,
  sms: SmsProvider,
  db: Executor,
): CardGateway {
  if (config.provider === 'payme') {
    return new PaymeCardGateway({
      baseUrl: config.baseUrl,
      merchantId: config.merchantId,
      key: config.key,
      ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
    });
  }
  return new SandboxCardGateway(sms, { db });
}
