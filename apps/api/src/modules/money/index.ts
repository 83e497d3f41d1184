// Locks on an order and its credit, always taken in one order, for every money write.

export type { LockTarget, MoneyLocks } from './locks.ts';
export { lockOrderAndCredit } from './locks.ts';
