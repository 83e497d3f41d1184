import type { FiscalKind } from '@bozor/shared';
import { z } from 'zod';
import { ofdDateTime } from './sandbox.ts';
import {
  type FiscalReceiptRequest,
  FiscalRefusal,
  type FiscalRegister,
  type RegisteredReceipt,
} from './types.ts';

export interface OfdOptions {
  /** The virtual cash register's (fiscal module's) address; receipts go to `${baseUrl}/receipt`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`. */
  token: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const TIYIN_PER_SUM = 100;
/** The OFD counts pieces in thousandths. */
const AMOUNT_PER_PIECE = 1000;

/** The OFD's receipt types: 0 a sale (or its refund), 1 an advance, 2 a credit's repayment. */
const RECEIPT_TYPE: Record<FiscalKind, 0 | 1 | 2> = {
  sale: 0,
  credit_sale: 0,
  advance: 1,
  credit: 2,
  refund: 0,
};

const answerSchema = z.object({
  Code: z.number().int(),
  Message: z.string().optional(),
  TerminalID: z.string().optional(),
  ReceiptSeq: z.union([z.string(), z.number()]).optional(),
  DateTime: z.string().optional(),
  FiscalSign: z.string().optional(),
  QRCodeURL: z.string().optional(),
});

const reference = (r: RegisteredReceipt) => ({
  TerminalID: r.terminalId,
  ReceiptSeq: r.receiptSeq,
  DateTime: ofdDateTime(r.dateTime),
  FiscalSign: r.fiscalSign,
});

/** A `YYYYMMDDHHmmss` stamp in Tashkent time as the instant it names. */
function instantOf(stamp: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(y, mo - 1, d, h - 5, mi, s));
}

/**
 * The OFD's receipt as a virtual cash register takes it (the JSON the tax committee's fiscal
 * module signs and sends): money in tiyin, pieces in thousandths, each item's IKPU as `SPIC`,
 * `Price` the item's total and `GoodPrice` one piece's; a refund carries `RefundInfo`, a credit's
 * repayment `SaleReceiptInfo`, both naming the receipt they follow by terminal, number, time and
 * fiscal sign. Room is kept for `CommissionInfo` (a commission seller's TIN or PINFL per item).
 */
export function ofdReceipt(receipt: FiscalReceiptRequest) {
  const items = receipt.lines.map((line) => ({
    Name: line.title,
    SPIC: line.ikpu,
    PackageCode: line.packageCode,
    ...(line.units === null ? {} : { Units: line.units }),
    GoodPrice: line.unitPrice * TIYIN_PER_SUM,
    Price: line.sum * TIYIN_PER_SUM,
    Amount: line.count * AMOUNT_PER_PIECE,
    VAT: line.vat,
    VATPercent: line.vatPercent,
    Discount: 0,
    Other: 0,
  }));
  return {
    ReceiptSeq: String(receipt.id),
    IsRefund: receipt.refund ? 1 : 0,
    ReceiptType: RECEIPT_TYPE[receipt.kind],
    Items: items,
    ReceivedCash: receipt.receivedCash * TIYIN_PER_SUM,
    ReceivedCard: receipt.receivedCard * TIYIN_PER_SUM,
    TotalVAT: items.reduce((sum, item) => sum + item.VAT, 0),
    Time: ofdDateTime(receipt.time).replace(
      /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/,
      '$1-$2-$3 $4:$5:$6',
    ),
    ...(receipt.phone ? { ExtraInfo: { PhoneNumber: receipt.phone } } : {}),
    ...(receipt.refund && receipt.refersTo ? { RefundInfo: reference(receipt.refersTo) } : {}),
    ...(!receipt.refund && receipt.refersTo
      ? { SaleReceiptInfo: reference(receipt.refersTo) }
      : {}),
  };
}

/**
 * The OFD through a virtual cash register's HTTP API (docs/deploy.md names the operator): it signs
 * the receipt with the register's key, sends it to the tax committee and answers `Code` 0 with the
 * terminal, the receipt's number, time, fiscal sign and QR link, or another `Code` with the reason
 * it refused. A refusal is the receipt's fault and is not sent again by itself; a register that
 * does not answer (5xx, a time-out, a broken connection) is tried again later. The receipt's
 * number is Bozor's id, so a receipt sent again after a lost answer is answered with its first
 * registration, never registered twice.
 */
export class OfdFiscalRegister implements FiscalRegister {
  readonly name = 'ofd';
  readonly #options: Required<Omit<OfdOptions, 'fetch'>> & { fetch: typeof fetch };

  constructor(options: OfdOptions) {
    this.#options = {
      baseUrl: options.baseUrl.replace(/\/$/, ''),
      token: options.token,
      fetch: options.fetch ?? fetch,
      timeoutMs: options.timeoutMs ?? 15_000,
    };
  }

  async register(receipt: FiscalReceiptRequest): Promise<RegisteredReceipt> {
    const { baseUrl, token, timeoutMs } = this.#options;
    let response: Response;
    try {
      response = await this.#options.fetch(`${baseUrl}/receipt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(ofdReceipt(receipt)),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new FiscalRefusal('UNAVAILABLE', 'the register did not answer', {
        retry: true,
        cause: error,
      });
    }
    if (response.status >= 500 || response.status === 429) {
      throw new FiscalRefusal('UNAVAILABLE', `the register answered HTTP ${response.status}`, {
        retry: true,
      });
    }
    if (response.status === 401 || response.status === 403) {
      throw new FiscalRefusal('UNAUTHORIZED', 'the register refused the token (FISCAL_OFD_TOKEN)', {
        retry: true,
      });
    }
    const parsed = answerSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      throw new FiscalRefusal(
        'BAD_ANSWER',
        `an answer that is not the OFD's (HTTP ${response.status})`,
        {
          retry: true,
        },
      );
    }
    const answer = parsed.data;
    if (answer.Code !== 0) {
      throw new FiscalRefusal(`OFD_${answer.Code}`, answer.Message ?? 'refused', { retry: false });
    }
    const dateTime = answer.DateTime ? instantOf(answer.DateTime) : null;
    if (
      !answer.TerminalID ||
      answer.ReceiptSeq === undefined ||
      !answer.FiscalSign ||
      !answer.QRCodeURL ||
      !dateTime
    ) {
      throw new FiscalRefusal('BAD_ANSWER', 'a registration without its fiscal sign or link', {
        retry: true,
      });
    }
    return {
      terminalId: answer.TerminalID,
      receiptSeq: String(answer.ReceiptSeq),
      dateTime,
      fiscalSign: answer.FiscalSign,
      qrUrl: answer.QRCodeURL,
    };
  }
}
