/** A credit the customer has open with another lender (a bank, another installment shop). */
export interface BureauCredit {
  /** The lender as the bureau names it. */
  lender: string;
  /** What the customer pays on it a month, in whole sum. */
  monthlyPayment: number;
  /** What the customer still owes on it, in whole sum. */
  outstanding: number;
}

/** A person's credit history as the bureau keeps it. */
export interface BureauReport {
  /** Credits open today with other lenders; empty when there are none. */
  credits: BureauCredit[];
  /** The most days any payment was late within the last 12 months; 0 when none was. */
  worstDaysLate: number;
}

/**
 * The bureau could not answer now (down, timed out, refused the call). A later try may succeed;
 * the message is for the log and never holds the PINFL.
 */
export class BureauUnavailable extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = 'BureauUnavailable';
  }
}

/** Credit history for scoring: what a person owes elsewhere and how late they paid, by PINFL. */
export interface CreditBureau {
  readonly name: string;
  /** @throws BureauUnavailable when the bureau cannot answer now. */
  report(pinfl: string): Promise<BureauReport>;
}
