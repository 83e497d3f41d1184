// The shop's text pages, home-page content, branches and partner applications.
export { adminContentRoutes, adminPartnerRoutes } from './admin-routes.ts';
export { contentRoutes } from './routes.ts';
