// Customers: sign-in by phone and SMS code, profiles, sessions, and the back office's view of them.
export { adminCustomerRoutes } from './admin-routes.ts';
export { accountRoutes } from './routes.ts';
