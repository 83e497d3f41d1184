import { createHash } from 'node:crypto';
import { checkReceipt } from './rules.ts';
import {
  type FiscalReceiptRequest,
  FiscalRefusal,
  type FiscalRegister,
  type RegisteredReceipt,
} from './types.ts';

/** The sandbox's terminal: a virtual cash register's number, as the OFD gives one. */
export const SANDBOX_TERMINAL = 'BZ000000000001';

/**
 * OFD's stamp of a receipt's time, YYYYMMDDHHmmss in Tashkent (UTC+5, no summer time), as its
 * check links carry it.
 */
export function ofdDateTime(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/**
 * A register for development and tests that registers nothing with the tax committee: it checks a
 * receipt as the OFD does (`checkReceipt`) and answers a registration made from the receipt's id
 * alone, so a receipt sent twice is answered the same both times. Its QR link opens the shop's
 * own page of the receipt (`/api/fiscal-receipts/check`), shaped like the OFD's check link.
 *
 * Its one rule beyond the OFD's checks: an IKPU beginning with 99999 is not in the classifier and
 * is refused (`UNKNOWN_SPIC`), so a person can see a refused receipt reach the back office.
 */
export class SandboxFiscalRegister implements FiscalRegister {
  readonly name = 'sandbox';
  readonly #publicUrl: string;

  constructor(options: { publicUrl: string }) {
    this.#publicUrl = options.publicUrl.replace(/\/$/, '');
  }

  async register(receipt: FiscalReceiptRequest): Promise<RegisteredReceipt> {
    checkReceipt(receipt);
    const unknown = receipt.lines.find((line) => line.ikpu.startsWith('99999'));
    if (unknown) {
      throw new FiscalRefusal('UNKNOWN_SPIC', `IKPU ${unknown.ikpu} is not in the classifier`, {
        retry: false,
      });
    }
    const receiptSeq = String(receipt.id);
    const digest = createHash('sha256').update(`${SANDBOX_TERMINAL}:${receiptSeq}`).digest();
    const fiscalSign = String(digest.readUIntBE(0, 6) % 1_000_000_000_000).padStart(12, '0');
    const stamp = ofdDateTime(receipt.time);
    const query = new URLSearchParams({
      t: SANDBOX_TERMINAL,
      r: receiptSeq,
      c: stamp,
      s: fiscalSign,
    });
    return {
      terminalId: SANDBOX_TERMINAL,
      receiptSeq,
      dateTime: receipt.time,
      fiscalSign,
      qrUrl: `${this.#publicUrl}/api/fiscal-receipts/check?${query}`,
    };
  }
}
