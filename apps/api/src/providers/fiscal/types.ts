import type { FiscalKind, FiscalLine } from '@bozor/shared';

/** A receipt as a register answers it registered: what the customer's QR code and link show. */
export interface RegisteredReceipt {
  terminalId: string;
  receiptSeq: string;
  dateTime: Date;
  fiscalSign: string;
  /** The receipt's page at the tax committee, which its QR code holds. */
  qrUrl: string;
}

/** A receipt to register: Bozor's `fiscal_receipts` row with its lines built. */
export interface FiscalReceiptRequest {
  /** Bozor's id of the receipt: the register's reference for it, unique for ever. */
  id: number;
  kind: FiscalKind;
  /** A refund returns the money of `refersTo`. */
  refund: boolean;
  lines: FiscalLine[];
  /** Whole sum taken by card and in cash; a handover's part owed on credit is neither. */
  receivedCard: number;
  receivedCash: number;
  time: Date;
  /** The customer's phone, 998XXXXXXXXX, for the receipt's copy. */
  phone: string | null;
  /** The registered receipt a refund returns or a credit's payment repays. */
  refersTo: RegisteredReceipt | null;
}

/**
 * Why a register did not take a receipt. `retry` is a register that may take it later (down,
 * slow, an answer lost); otherwise the receipt itself was refused (an unknown IKPU, sums that do
 * not add up) and is sent again only after a person has looked at it.
 */
export class FiscalRefusal extends Error {
  readonly code: string;
  readonly retry: boolean;

  constructor(code: string, detail: string, options: { retry: boolean; cause?: unknown }) {
    super(`${code}: ${detail}`, options.cause === undefined ? {} : { cause: options.cause });
    this.name = 'FiscalRefusal';
    this.code = code;
    this.retry = options.retry;
  }
}

/**
 * The tax committee's online cash register (DESIGN §6c): takes a receipt and answers it
 * registered, or throws a `FiscalRefusal`. Registering the same receipt id twice answers the first
 * registration or refuses it; it never makes a second fiscal receipt.
 */
export interface FiscalRegister {
  readonly name: string;
  register(receipt: FiscalReceiptRequest): Promise<RegisteredReceipt>;
}
