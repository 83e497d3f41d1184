export { useOrder } from './api/get-order.ts';
export { ORDERS_KEY, useOrders } from './api/get-orders.ts';
