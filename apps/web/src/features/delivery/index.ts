export { type QuoteTarget, useDeliveryQuote } from './api/get-delivery-quote.ts';
export { DeliveryEstimate } from './components/delivery-estimate.tsx';
export { DeliveryRows } from './components/delivery-rows.tsx';
export { usePromisedDay } from './components/promised-day.ts';
