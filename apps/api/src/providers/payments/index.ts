import type { Executor } from '../../db/client.ts';
import type { SmsProvider } from '../sms/index.ts';
import { ClickCardGateway, type GatewayLog } from './click.ts';
import { PaymeCardGateway } from './payme.ts';
import { RoutingCardGateway } from './routing.ts';
import { SandboxCardGateway } from './sandbox.ts';
import type { CardGateway, ReconciledGateway } from './types.ts';

export { ClickCardGateway, type ClickOptions, type GatewayLog } from './click.ts';
export { PaymeCardGateway, type PaymeOptions } from './payme.ts';
export { gatewayOfReceipt, gatewayOfToken, RoutingCardGateway } from './routing.ts';

/** The gateways the daily reconciliation compares one by one: each of several, or the one. */
export function reconciledGateways(gateway: CardGateway): readonly ReconciledGateway[] {
  return gateway instanceof RoutingCardGateway ? gateway.parts : [gateway];
}
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
  type GatewayName,
  type GatewayReceipt,
  type ReceiptInput,
  type ReceiptState,
  type ReconciledGateway,
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
    }
  | {
      provider: 'click';
      baseUrl: string;
      serviceId: number;
      merchantUserId: string;
      secretKey: string;
      /** How long one call may take before its answer counts as lost. */
      timeoutMs?: number;
    };

function createOne(
  config: CardGatewayConfig,
  sms: SmsProvider,
  db: Executor,
  log: GatewayLog | undefined,
): CardGateway {
  if (config.provider === 'payme') {
    return new PaymeCardGateway({
      baseUrl: config.baseUrl,
      merchantId: config.merchantId,
      key: config.key,
      ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
    });
  }
  if (config.provider === 'click') {
    return new ClickCardGateway({
      baseUrl: config.baseUrl,
      serviceId: config.serviceId,
      merchantUserId: config.merchantUserId,
      secretKey: config.secretKey,
      db,
      ...(log ? { log } : {}),
      ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
    });
  }
  return new SandboxCardGateway(sms, { db });
}

/**
 * The shop's card gateways (PAYMENT_GATEWAYS, the first the default for new cards) behind one
 * `RoutingCardGateway`, each made by `wrap` first (metrics count each gateway apart). The sandbox
 * sends its verification codes through the shop's SMS provider and keeps its books in the shop's
 * database (tables of its own), as the Click adapter keeps its receipts; Payme and Click send
 * their own codes.
 */
export function createCardGateway(
  configs: readonly CardGatewayConfig[],
  sms: SmsProvider,
  db: Executor,
  options: { log?: GatewayLog; wrap?: (gateway: CardGateway) => CardGateway } = {},
): CardGateway {
  const wrap = options.wrap ?? ((gateway: CardGateway) => gateway);
  return new RoutingCardGateway(configs.map((c) => wrap(createOne(c, sms, db, options.log))));
}
