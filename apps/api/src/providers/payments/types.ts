import type { FiscalKind, FiscalLine, Lang } from '@bozor/shared';

export type CardType = 'uzcard' | 'humo';

/**
 * Whether each gateway can tell a card's monthly turnover, which automatic scoring reads: Payme's
 * Subscribe API binds and debits cards only, so with it scoring waits for a credit officer.
 */
export const OFFERS_TURNOVER = { sandbox: true, payme: false, click: false } as const;

/**
 * Whether each gateway tells why it refused a card (no funds, blocked, a limit): Payme's error
 * codes do, and the sandbox follows them; Click publishes no codes of its own, so a payment it
 * says failed is ISSUER_DECLINED, the bank's refusal without a reason (`click.ts`).
 */
export const TELLS_DECLINE_REASON = { sandbox: true, payme: true, click: false } as const;

export type GatewayName = keyof typeof OFFERS_TURNOVER;

export interface CreatedCard {
  /** The gateway's token: the only handle Bozor keeps; the card number is never stored. */
  token: string;
  /** The number with digits 5 to 12 hidden (SPEC §9). */
  masked: string;
  type: CardType;
  /** MM/YY */
  expire: string;
}

/**
 * Where a receipt stands at the gateway. `paying` is any state between the order to pay and its
 * outcome (Payme's 1, 2, 3, 5, 6, 20, 30): the money may still move either way. `cancelling` is a
 * paid receipt whose refund is on its way (Payme's 21).
 */
export type ReceiptState = 'created' | 'paying' | 'paid' | 'cancelling' | 'cancelled';

export interface ReceiptInput {
  amount: number;
  reference: string;
  description: string;
  /** The card the receipt will be paid from (a gateway of several cards' gateways routes by it). */
  token?: string;
  fiscal?: { kind: FiscalKind; lines: FiscalLine[] };
}

/**
 * Refuses what no gateway may be asked for (a caller's mistake, a `RangeError`): an amount that is
 * not a positive whole sum or cannot be written in tiyin, or no reference.
 */
export function checkReceiptInput(input: ReceiptInput): void {
  const { amount } = input;
  if (!Number.isSafeInteger(amount) || amount < 1 || !Number.isSafeInteger(amount * 100)) {
    throw new RangeError(`amount must be a positive whole sum: ${amount}`);
  }
  if (input.reference.length === 0) throw new RangeError('reference is empty');
}

/** A receipt as the gateway's books list it, for the daily reconciliation. */
export interface GatewayReceipt {
  id: string;
  state: ReceiptState;
  /** Whole sum. */
  amount: number;
  /** The shop's reference given at creation (the payment's key); null when the gateway lost it. */
  reference: string | null;
  createdAt: Date;
  paidAt: Date | null;
  cancelledAt: Date | null;
}

/**
 * The card processor behind binding, scoring turnover and debits. Money is whole sum. Every
 * failure of the card or the gateway is a `CardDecline`; a caller's own mistake (an amount that
 * is not a positive whole number, a month count out of range) is a `RangeError`, as in the
 * installment rules of `@bozor/shared`.
 *
 * Debits follow Payme's receipts, and the gateway de-duplicates nothing (DESIGN §6a): every
 * `createReceipt` is a new receipt, money moves only in `payReceipt` and `cancelReceipt`, and a
 * receipt is paid at most once and cancelled at most once. A caller that lost an answer asks
 * `checkReceipt` about the receipt it stored; it never creates or pays another.
 */
export interface CardGateway {
  readonly name: string;
  /** Registers a card from its number (16 digits) and expiry "MM/YY"; holderPhone is where the sandbox sends the code (a real gateway uses the phone the bank has). */
  createCard(input: {
    number: string;
    expire: string;
    holderPhone: string;
    lang: Lang;
  }): Promise<CreatedCard>;
  /** Sends the verification code; answers the masked phone it went to and seconds until a new one may be asked. */
  sendVerifyCode(token: string, lang: Lang): Promise<{ phone: string; wait: number }>;
  verifyCard(token: string, code: string): Promise<void>;
  /** Incoming turnover of the card per month, oldest first, whole sum; `months` of them. */
  monthlyTurnover(token: string, months: number): Promise<number[]>;
  /**
   * A new receipt for `amount` whole sum, to be paid from the card of `token`; nothing is taken
   * yet. `fiscal` is what the receipt is for, line by line (lines adding up to `amount`), for a
   * gateway that passes it on to the fiscal register or shows it in its receipt.
   */
  createReceipt(input: ReceiptInput): Promise<{ receiptId: string }>;
  /** Takes the receipt's amount from the card; answers the receipt's state. Refused for a receipt not in `created`. */
  payReceipt(input: { receiptId: string; token: string }): Promise<ReceiptState>;
  checkReceipt(receiptId: string): Promise<ReceiptState>;
  /**
   * Cancels a receipt: a paid one is refunded to its card, an unpaid one can no longer be paid.
   * Answers the state after; refused (`RECEIPT_REFUSED`) for one already cancelled or cancelling.
   */
  cancelReceipt(receiptId: string): Promise<ReceiptState>;
  /** The receipts created from `from` (inclusive) to `to` (exclusive). */
  listReceipts(from: Date, to: Date): Promise<GatewayReceipt[]>;
  removeCard(token: string): Promise<void>;
}

/** One gateway as the daily reconciliation compares it: its receipts, and one asked about. */
export type ReconciledGateway = Pick<CardGateway, 'name' | 'listReceipts' | 'checkReceipt'>;

export type DeclineCode =
  | 'INSUFFICIENT_FUNDS'
  | 'CARD_BLOCKED'
  | 'CARD_INVALID'
  | 'CARD_EXPIRED'
  | 'LIMIT_EXCEEDED'
  | 'WRONG_CODE'
  | 'CODE_EXPIRED'
  | 'ISSUER_DECLINED'
  | 'RECEIPT_REFUSED'
  | 'GATEWAY_UNAVAILABLE';

const CUSTOMER_MESSAGES: Record<DeclineCode, Record<Lang, string>> = {
  INSUFFICIENT_FUNDS: {
    uz: "Kartada mablag' yetarli emas. Kartani to'ldiring yoki boshqa karta tanlang",
    ru: 'Недостаточно средств на карте. Пополните карту или выберите другую',
  },
  CARD_BLOCKED: {
    uz: "Kartadan foydalanib bo'lmaydi: u bloklangan yoki SMS-xabarnoma ulanmagan. Bankingizga murojaat qiling",
    ru: 'Карту нельзя использовать: она заблокирована или к ней не подключено SMS-информирование. Обратитесь в банк',
  },
  CARD_INVALID: {
    uz: "Karta ma'lumotlari noto'g'ri. Uzcard yoki Humo kartasining raqami va amal qilish muddatini tekshiring",
    ru: 'Неверные данные карты. Проверьте номер и срок действия карты Uzcard или Humo',
  },
  CARD_EXPIRED: {
    uz: "Kartaning amal qilish muddati tugagan. Boshqa karta qo'shing",
    ru: 'Срок действия карты истёк. Добавьте другую карту',
  },
  LIMIT_EXCEEDED: {
    uz: "Karta bo'yicha limitdan oshib ketildi. Bankingizga murojaat qiling yoki keyinroq urinib ko'ring",
    ru: 'Превышен лимит по карте. Обратитесь в банк или попробуйте позже',
  },
  WRONG_CODE: { uz: "Kod noto'g'ri", ru: 'Неверный код' },
  CODE_EXPIRED: {
    uz: "Kodning muddati tugagan. Yangi kod so'rang",
    ru: 'Срок действия кода истёк. Запросите новый',
  },
  ISSUER_DECLINED: {
    uz: "Bank operatsiyani rad etdi. Bankingizga murojaat qiling yoki boshqa karta bilan urinib ko'ring",
    ru: 'Банк отклонил операцию. Обратитесь в банк или попробуйте другую карту',
  },
  RECEIPT_REFUSED: {
    uz: "To'lov xizmati amalni rad etdi. Birozdan keyin urinib ko'ring",
    ru: 'Платёжный сервис отклонил операцию. Попробуйте позже',
  },
  GATEWAY_UNAVAILABLE: {
    uz: "To'lov xizmati vaqtincha ishlamayapti. Birozdan keyin urinib ko'ring",
    ru: 'Платёжный сервис временно недоступен. Попробуйте позже',
  },
};

/** How the customer knows each gateway. */
const GATEWAY_TITLES: Record<string, string> = {
  payme: 'Payme',
  click: 'Click',
  sandbox: 'Sandbox',
};
const titleOf = (gateway: string) => GATEWAY_TITLES[gateway] ?? gateway;

/** One gateway is down and the shop has others: a card bound through one of them still pays. */
const OTHER_GATEWAY: Record<Lang, (down: string, others: string) => string> = {
  uz: (down, others) =>
    `${down} orqali to'lov vaqtincha ishlamayapti. ${others} orqali qo'shilgan kartangiz bo'lsa, u bilan to'lang yoki birozdan keyin urinib ko'ring`,
  ru: (down, others) =>
    `Оплата через ${down} временно недоступна. Если у вас есть карта, добавленная через ${others}, оплатите ею или попробуйте позже`,
};

/**
 * A card operation that did not go through. `message` is the technical detail for the log (it
 * never holds a card number); `customerMessage(lang)` is what the customer reads. Only an
 * unavailable gateway is a 503: the customer may simply try again later, or, when the shop
 * takes cards through other gateways too (`gateway` and `otherGateways`), pay with a card bound
 * through one of them.
 */
export class CardDecline extends Error {
  readonly code: DeclineCode;
  readonly status: 422 | 503;
  /** The gateway that refused or was down, when the shop speaks to several. */
  readonly gateway: string | null;
  readonly otherGateways: readonly string[];
  /**
   * The request never reached the gateway (no connection could be made): nothing was created or
   * taken, so the operation has surely not happened.
   */
  readonly unsent: boolean;

  constructor(
    code: DeclineCode,
    detail?: string,
    options?: {
      cause?: unknown;
      gateway?: string;
      otherGateways?: readonly string[];
      unsent?: boolean;
    },
  ) {
    super(detail ?? code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CardDecline';
    this.code = code;
    this.status = code === 'GATEWAY_UNAVAILABLE' ? 503 : 422;
    this.gateway = options?.gateway ?? null;
    this.otherGateways = options?.otherGateways ?? [];
    this.unsent = options?.unsent ?? false;
  }

  customerMessage(lang: Lang): string {
    if (this.code === 'GATEWAY_UNAVAILABLE' && this.gateway && this.otherGateways.length > 0) {
      return OTHER_GATEWAY[lang](
        titleOf(this.gateway),
        this.otherGateways.map(titleOf).join(lang === 'uz' ? ' yoki ' : ' или '),
      );
    }
    return CUSTOMER_MESSAGES[this.code][lang];
  }
}

/** Errors of a connection that was never made: the request cannot have reached the gateway. */
const UNSENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Whether an error of a call (or one it was caused by) says the request was never sent. */
export function neverSent(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNSENT.has(code)) return true;
    e = e.cause;
  }
  return false;
}

/**
 * The refusal a failed payment recorded, as the gateway's decline; a code no longer known is read
 * as the gateway's trouble, never as the card's refusal.
 */
export function declineOf(code: string | null): CardDecline | null {
  if (code === null) return null;
  return new CardDecline(
    Object.hasOwn(CUSTOMER_MESSAGES, code) ? (code as DeclineCode) : 'GATEWAY_UNAVAILABLE',
  );
}
