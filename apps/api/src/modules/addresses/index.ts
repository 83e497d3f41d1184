// Regions, districts and a customer's delivery addresses.
export { findAddress } from './repository.ts';
export { addressRoutes } from './routes.ts';
export { listAddresses } from './service.ts';
