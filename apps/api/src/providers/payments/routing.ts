import type { Lang } from '@bozor/shared';
import {
  CardDecline,
  type CardGateway,
  type CreatedCard,
  type GatewayName,
  type GatewayReceipt,
  type ReceiptInput,
  type ReceiptState,
  type ReconciledGateway,
} from './types.ts';

/**
 * Which gateway a card token belongs to. Click's tokens are kept with a `click:` prefix; the
 * sandbox's begin with `sbx_`; every other token is Payme's, as every token was before the shop
 * spoke to several gateways, so no stored token needs rewriting. `cards.gateway` is the same rule
 * in SQL (migration 0036).
 */
export function gatewayOfToken(token: string): GatewayName {
  if (token.startsWith('click:')) return 'click';
  if (token.startsWith('sbx_')) return 'sandbox';
  return 'payme';
}

/** Which gateway a receipt id belongs to, by the same rule (the sandbox's begin with `sbx_rcpt_`). */
export function gatewayOfReceipt(receiptId: string): GatewayName {
  if (receiptId.startsWith('click:')) return 'click';
  if (receiptId.startsWith('sbx_')) return 'sandbox';
  return 'payme';
}

/** Gateways whose tokens and receipt ids carry their name in front (the others' are as issued). */
const PREFIXED: ReadonlySet<GatewayName> = new Set(['click']);

const outward = (gateway: GatewayName, id: string) =>
  PREFIXED.has(gateway) ? `${gateway}:${id}` : id;
const inward = (gateway: GatewayName, id: string) =>
  PREFIXED.has(gateway) ? id.slice(gateway.length + 1) : id;

/**
 * Several card gateways behind one `CardGateway`: a card is bound through the first configured
 * gateway that answers (PAYMENT_GATEWAYS, the first the default), and pays, autopays and is
 * refunded through the gateway that bound it, which its token names (`gatewayOfToken`); a
 * receipt is asked about and cancelled through the gateway its id names. Nothing is kept here:
 * the money code stores tokens and receipt ids as before, and they route themselves.
 *
 * When a gateway is down its GATEWAY_UNAVAILABLE names it and the others, so the customer is told
 * to pay with a card bound through another one. The receipts listed for reconciliation are all
 * gateways' (their ids tell them apart); if one cannot list them, the list fails, so no receipt
 * is missed.
 */
export class RoutingCardGateway implements CardGateway {
  readonly name: string;
  readonly #order: readonly GatewayName[];
  readonly #gateways: ReadonlyMap<GatewayName, CardGateway>;

  constructor(gateways: readonly CardGateway[]) {
    if (gateways.length === 0) throw new RangeError('at least one card gateway is needed');
    const byName = new Map<GatewayName, CardGateway>();
    for (const gateway of gateways) {
      const name = gateway.name as GatewayName;
      if (byName.has(name)) throw new RangeError(`card gateway ${name} is given twice`);
      byName.set(name, gateway);
    }
    this.#order = [...byName.keys()];
    this.#gateways = byName;
    this.name = this.#order.join('+');
  }

  /** The gateways in the order of preference, the default first. */
  get gateways(): readonly GatewayName[] {
    return this.#order;
  }

  /**
   * Each gateway on its own, for reconciliation: its receipts (ids as the shop stores them) and
   * a receipt asked about through it, so one gateway's outage leaves the others' comparison.
   */
  get parts(): readonly ReconciledGateway[] {
    return this.#order.map((name) => ({
      name,
      listReceipts: async (from: Date, to: Date) =>
        (await this.#call(name, (gateway) => gateway.listReceipts(from, to))).map((receipt) => ({
          ...receipt,
          id: outward(name, receipt.id),
        })),
      checkReceipt: (receiptId: string) => this.checkReceipt(receiptId),
    }));
  }

  async createCard(input: {
    number: string;
    expire: string;
    holderPhone: string;
    lang: Lang;
  }): Promise<CreatedCard> {
    let down: CardDecline | null = null;
    for (const name of this.#order) {
      try {
        const created = await this.#gateway(name).createCard(input);
        return { ...created, token: outward(name, created.token) };
      } catch (error) {
        // a gateway that is down binds nothing: the next one may (nothing was taken)
        if (!(error instanceof CardDecline && error.code === 'GATEWAY_UNAVAILABLE')) throw error;
        down ??= error;
      }
    }
    throw down ?? new CardDecline('GATEWAY_UNAVAILABLE', 'no card gateway answered');
  }

  sendVerifyCode(token: string, lang: Lang): Promise<{ phone: string; wait: number }> {
    return this.#byToken(token, (gateway, own) => gateway.sendVerifyCode(own, lang));
  }

  verifyCard(token: string, code: string): Promise<void> {
    return this.#byToken(token, (gateway, own) => gateway.verifyCard(own, code));
  }

  monthlyTurnover(token: string, months: number): Promise<number[]> {
    return this.#byToken(token, (gateway, own) => gateway.monthlyTurnover(own, months));
  }

  removeCard(token: string): Promise<void> {
    return this.#byToken(token, (gateway, own) => gateway.removeCard(own));
  }

  /** Created at the gateway of the card it will be paid from (the default without one). */
  async createReceipt(input: ReceiptInput): Promise<{ receiptId: string }> {
    const name = input.token === undefined ? this.#default : gatewayOfToken(input.token);
    const token = input.token === undefined ? undefined : inward(name, input.token);
    const { receiptId } = await this.#call(name, (gateway) =>
      gateway.createReceipt({ ...input, ...(token === undefined ? {} : { token }) }),
    );
    return { receiptId: outward(name, receiptId) };
  }

  async payReceipt(input: { receiptId: string; token: string }): Promise<ReceiptState> {
    const name = gatewayOfReceipt(input.receiptId);
    if (gatewayOfToken(input.token) !== name) {
      throw new CardDecline(
        'RECEIPT_REFUSED',
        `a ${name} receipt cannot be paid with a ${gatewayOfToken(input.token)} card`,
      );
    }
    return this.#call(name, (gateway) =>
      gateway.payReceipt({
        receiptId: inward(name, input.receiptId),
        token: inward(name, input.token),
      }),
    );
  }

  checkReceipt(receiptId: string): Promise<ReceiptState> {
    const name = gatewayOfReceipt(receiptId);
    return this.#call(name, (gateway) => gateway.checkReceipt(inward(name, receiptId)));
  }

  cancelReceipt(receiptId: string): Promise<ReceiptState> {
    const name = gatewayOfReceipt(receiptId);
    return this.#call(name, (gateway) => gateway.cancelReceipt(inward(name, receiptId)));
  }

  async listReceipts(from: Date, to: Date): Promise<GatewayReceipt[]> {
    const lists = await Promise.all(
      this.#order.map(async (name) =>
        (await this.#call(name, (gateway) => gateway.listReceipts(from, to))).map((receipt) => ({
          ...receipt,
          id: outward(name, receipt.id),
        })),
      ),
    );
    return lists.flat();
  }

  get #default(): GatewayName {
    return this.#order[0] as GatewayName;
  }

  #gateway(name: GatewayName): CardGateway {
    const gateway = this.#gateways.get(name);
    if (!gateway) {
      // a card or receipt of a gateway the shop no longer speaks to (PAYMENT_GATEWAYS changed)
      throw new CardDecline('GATEWAY_UNAVAILABLE', `card gateway ${name} is not configured`, {
        gateway: name,
        otherGateways: this.#order,
      });
    }
    return gateway;
  }

  #byToken<T>(token: string, run: (gateway: CardGateway, own: string) => Promise<T>): Promise<T> {
    const name = gatewayOfToken(token);
    return this.#call(name, (gateway) => run(gateway, inward(name, token)));
  }

  /** Runs a call on one gateway; its unavailability names it and the shop's other gateways. */
  async #call<T>(name: GatewayName, run: (gateway: CardGateway) => Promise<T>): Promise<T> {
    try {
      return await run(this.#gateway(name));
    } catch (error) {
      if (
        error instanceof CardDecline &&
        error.code === 'GATEWAY_UNAVAILABLE' &&
        error.gateway === null
      ) {
        throw new CardDecline('GATEWAY_UNAVAILABLE', error.message, {
          cause: error,
          gateway: name,
          otherGateways: this.#order.filter((other) => other !== name),
          unsent: error.unsent,
        });
      }
      throw error;
    }
  }
}
