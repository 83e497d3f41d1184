// Fiscal receipts (DESIGN §6c): built from each payment, refund and handover, registered with the
// tax committee's OFD through the configured register.
export { FiscalBuildError, previewPayment } from './build.ts';
export {
  FISCAL_REGISTER_JOB,
  fiscalRegisterHandler,
  registerDue,
  scheduleFiscalRegister,
} from './register.ts';
export { countFailed as countFailedFiscalReceipts, resolveFiscalCode } from './repository.ts';
export { adminFiscalRoutes, fiscalRoutes } from './routes.ts';
export { receiptsOfOrder } from './views.ts';
