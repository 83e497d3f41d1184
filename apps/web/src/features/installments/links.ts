import type { EarlyRepaymentMode } from '@bozor/shared';

/**
 * The card selection screen paying `amount` towards a credit (an installment, the whole rest, or
 * another sum with what its surplus does to the schedule).
 */
export const creditPaymentLink = (creditId: number, amount: number, mode?: EarlyRepaymentMode) =>
  `/checkout/list-cards?credit=${creditId}&amount=${amount}${mode ? `&mode=${mode}` : ''}`;

/** A credit's contract: read and signed there while unsigned, kept there once signed. */
export const contractLink = (creditId: number) => `/contract/show?credit=${creditId}`;
