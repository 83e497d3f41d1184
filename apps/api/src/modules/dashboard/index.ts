// The back office's dashboard: sales, the credit book and what waits for people.
export { adminDashboardRoutes } from './routes.ts';
