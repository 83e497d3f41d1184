/** The card selection screen paying `amount` towards a credit (an installment or the whole rest). */
export const creditPaymentLink = (creditId: number, amount: number) =>
  `/checkout/list-cards?credit=${creditId}&amount=${amount}`;

/** A credit's contract: read and signed there while unsigned, kept there once signed. */
export const contractLink = (creditId: number) => `/contract/show?credit=${creditId}`;
