// The installment contract of a credit: drawn, signed with an SMS code, read as a PDF.
export { adminContractRoutes } from './admin-routes.ts';
export { contractRoutes } from './routes.ts';
export type { Seller } from './seller.ts';
export { DEMO_SELLER } from './seller.ts';
