// Delivery: its rates by region, district and pick-up, and what a basket's delivery costs.
export { adminDeliveryRoutes, deliveryRoutes } from './routes.ts';
export { type Basket, type Destination, deliveryTerms } from './service.ts';
