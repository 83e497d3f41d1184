// Orders: checkout, their lifecycle, fulfilment, returns, endings and reports.
export { adminOrderRoutes } from './admin-routes.ts';
export { EXPIRE_ORDERS_JOB, orderExpiryHandler, scheduleOrderExpiry } from './expiry.ts';
export { awaitsPrepayment, awaitsUpfront, ORDER, ORDER_MOVES, UNSOLD } from './lifecycle.ts';
export { toOrderItem } from './reads.ts';
export { listOrderItems } from './repository.ts';
export { devOrderRoutes, orderRoutes } from './routes.ts';
