// Installment credits: schedules, late-payment rules, reminders and collections.
export { adminCreditRoutes } from './admin-routes.ts';
export { readPortfolio } from './collections.ts';
export { devCreditRoutes } from './dev-routes.ts';
export { REMINDERS_JOB, remindersHandler, scheduleReminders } from './reminders.ts';
export {
  allocatePayment,
  completeDeliveredOrder,
  creditById,
  hasOverdueInstallment,
  listDueInstallments,
  listLateInstallments,
  lockInstallment,
  owedOn,
  PAYABLE_STATUSES,
  penaltiesOf,
  setCreditStatus,
  takeBackPayment,
  updateInstallment,
  waivePenaltiesChargedSince,
} from './repository.ts';
export { creditRoutes } from './routes.ts';
export type { CreditRules } from './rules.ts';
export { DEFAULT_CREDIT_RULES } from './rules.ts';
export { contractNumberOf, earlyRepaymentRefusalOf, readCredit } from './service.ts';
