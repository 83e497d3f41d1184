// Card and cash payments, autopay, refunds, recovery and reconciliation with the gateway.
export {
  AUTOPAY_CREDIT_JOB,
  AUTOPAY_JOB,
  autopayCreditHandler,
  autopayHandler,
  scheduleAutopay,
} from './autopay.ts';
export type { PaymentDeps } from './debit.ts';
export { recheckPayment } from './debit.ts';
export { moneyOpsRoutes } from './ops-routes.ts';
export {
  countOpenMismatches,
  RECONCILIATION_JOB,
  reconciliationHandler,
  scheduleReconciliation,
} from './reconciliation.ts';
export {
  PAYMENT_RECOVERY_JOB,
  paymentRecoveryHandler,
  schedulePaymentRecovery,
} from './recovery.ts';
export { finishRefund } from './refunds.ts';
export type { PaymentRow } from './repository.ts';
export { isHeld, lockOrderPayments, markRefunding } from './repository.ts';
export { paymentRoutes } from './routes.ts';
