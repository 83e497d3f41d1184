// A customer's bank cards, bound with a code from the card's bank.
export { findCard, findCardById, findConfirmedCard, findLiveCardById } from './repository.ts';
export { cardRoutes } from './routes.ts';
export { toCard } from './service.ts';
