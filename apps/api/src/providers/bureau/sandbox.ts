import { type BureauReport, BureauUnavailable, type CreditBureau } from './types.ts';

export type SandboxBureauBehaviour = 'debt' | 'late' | 'unavailable';

export interface SandboxBureauPerson {
  /** The last digits of the PINFL; the digits before them are free, so any birth date fits. */
  suffix: string;
  behaviour: SandboxBureauBehaviour;
  description: string;
  /** What the bureau answers; none for `unavailable`. */
  report?: BureauReport;
}

/**
 * The sandbox bureau's test persons, by the last five digits of the PINFL (`99` then a code).
 * A PINFL's first seven digits are its holder's century and birth date, so a suffix marks a test
 * person of any age.
 */
export const SANDBOX_BUREAU_PERSONS: readonly SandboxBureauPerson[] = [
  {
    suffix: '99001',
    behaviour: 'debt',
    description:
      'two credits open elsewhere, 1,500,000 sum a month and 11,500,000 sum owed, never late',
    report: {
      credits: [
        { lender: 'Sandbox Bank', monthlyPayment: 1_000_000, outstanding: 9_000_000 },
        { lender: 'Sandbox Nasiya', monthlyPayment: 500_000, outstanding: 2_500_000 },
      ],
      worstDaysLate: 0,
    },
  },
  {
    suffix: '99090',
    behaviour: 'late',
    description:
      'one credit open elsewhere (700,000 sum a month, 4,200,000 owed), 90 days late within the last 12 months',
    report: {
      credits: [{ lender: 'Sandbox Bank', monthlyPayment: 700_000, outstanding: 4_200_000 }],
      worstDaysLate: 90,
    },
  },
  {
    suffix: '99503',
    behaviour: 'unavailable',
    description: 'the bureau does not answer (BureauUnavailable)',
  },
];

const NO_HISTORY: BureauReport = { credits: [], worstDaysLate: 0 };

/**
 * Credit history outside production, deterministic and offline:
 * 1. a PINFL ending in a suffix of SANDBOX_BUREAU_PERSONS gets that person's report, or
 *    BureauUnavailable for `unavailable`;
 * 2. any other PINFL has no credit history: no open credits, never late.
 */
export class SandboxCreditBureau implements CreditBureau {
  readonly name = 'sandbox';

  async report(pinfl: string): Promise<BureauReport> {
    const person = SANDBOX_BUREAU_PERSONS.find((p) => pinfl.endsWith(p.suffix));
    if (!person) return structuredClone(NO_HISTORY);
    if (!person.report) throw new BureauUnavailable('sandbox: the bureau does not answer');
    return structuredClone(person.report);
  }
}
