// The shop's contacts, with the seller's legal line of the footer.
export { contactRoutes } from './routes.ts';
