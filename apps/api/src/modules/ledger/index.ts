// The money ledger: every movement of a credit or an order, and the balances they sum to.

export type { Balance } from './repository.ts';
export { balanceOf, balancesOf, recordMovement } from './repository.ts';
