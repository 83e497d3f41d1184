// Serving the built storefront (pages rendered on the server) and the back office.
export { registerAdminApp } from './admin.ts';
export type { StorefrontRenderer } from './pages.ts';
export { registerWebApp } from './routes.ts';
