// Delivery: its rates by region, district and pick-up, and what a basket's delivery costs.
export { adminDeliveryRoutes, deliveryRoutes } from './routes.ts';
export { type Destination, deliveryTerms } from './service.ts';
