// A customer's favorites and basket.
export { shoppingRoutes } from './routes.ts';
