import { describe, expect, it } from 'vitest';
import {
  BureauUnavailable,
  createCreditBureau,
  SANDBOX_BUREAU_PERSONS,
  SandboxCreditBureau,
} from '../../src/providers/bureau/index.ts';

/** Born on 12 May 1990, with the given last five digits. */
const pinflEnding = (suffix: string) => `312059001${suffix}`;

describe('the sandbox credit bureau', () => {
  const bureau = new SandboxCreditBureau();

  it('knows nothing of a PINFL that is not a test person', async () => {
    for (const pinfl of ['31205901000001', '41205902000007', '31505901234567', '31205909900100']) {
      expect(await bureau.report(pinfl), pinfl).toEqual({ credits: [], worstDaysLate: 0 });
    }
  });

  it('has two open credits and no delay for a PINFL ending in 99001', async () => {
    expect(await bureau.report(pinflEnding('99001'))).toEqual({
      credits: [
        { lender: 'Sandbox Bank', monthlyPayment: 1_000_000, outstanding: 9_000_000 },
        { lender: 'Sandbox Nasiya', monthlyPayment: 500_000, outstanding: 2_500_000 },
      ],
      worstDaysLate: 0,
    });
  });

  it('has a 90-day delay within the last 12 months for a PINFL ending in 99090', async () => {
    expect(await bureau.report(pinflEnding('99090'))).toEqual({
      credits: [{ lender: 'Sandbox Bank', monthlyPayment: 700_000, outstanding: 4_200_000 }],
      worstDaysLate: 90,
    });
  });

  it('does not answer for a PINFL ending in 99503', async () => {
    await expect(bureau.report(pinflEnding('99503'))).rejects.toBeInstanceOf(BureauUnavailable);
    await expect(bureau.report(pinflEnding('99503'))).rejects.not.toThrow(/\d{14}/);
  });

  it('answers the same every time, whatever the caller did with an earlier report', async () => {
    const first = await bureau.report(pinflEnding('99001'));
    first.credits.pop();
    expect((await bureau.report(pinflEnding('99001'))).credits).toHaveLength(2);
  });

  it('gives every test person a whole-sum report of its own suffix', () => {
    const suffixes = SANDBOX_BUREAU_PERSONS.map((p) => p.suffix);
    expect(new Set(suffixes).size).toBe(suffixes.length);
    for (const person of SANDBOX_BUREAU_PERSONS) {
      expect(person.suffix).toMatch(/^99\d{3}$/);
      for (const credit of person.report?.credits ?? []) {
        expect(Number.isSafeInteger(credit.monthlyPayment)).toBe(true);
        expect(Number.isSafeInteger(credit.outstanding)).toBe(true);
      }
    }
  });

  it('is chosen by CREDIT_BUREAU, and none means no bureau', () => {
    expect(createCreditBureau({ provider: 'sandbox' })).toBeInstanceOf(SandboxCreditBureau);
    expect(createCreditBureau({ provider: 'none' })).toBeNull();
  });
});
