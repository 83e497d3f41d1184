// robots.txt and the sitemaps of the catalogue.
export { seoRoutes } from './routes.ts';
