import type { SmsProvider } from '../sms/index.ts';
import { PaymeCardGateway } from './payme.ts';
import { SandboxCardGateway } from './sandbox.ts';
import type { CardGateway } from './types.ts';

export { PaymeCardGateway, type PaymeOptions } from './payme.ts';
export {
  SANDBOX_CARDS,
  type SandboxBehaviour,
  type SandboxCard,
  SandboxCardGateway,
  type SandboxCharge,
} from './sandbox.ts';
export {
  CardDecline,
  type CardGateway,
  type CardType,
  type CreatedCard,
  type DeclineCode,
} from './types.ts';

export type CardGatewayConfig =
  | { provider: 'sandbox' }
  | { provider: 'payme'; baseUrl: string; merchantId: string; key: string };

/** The sandbox sends its verification codes through the shop's SMS provider; Payme sends its own. */
export function createCardGateway(config: CardGatewayConfig, sms: SmsProvider): CardGateway {
  if (config.provider === 'payme') {
    return new PaymeCardGateway({
      baseUrl: config.baseUrl,
      merchantId: config.merchantId,
      key: config.key,
    });
  }
  return new SandboxCardGateway(sms);
}
