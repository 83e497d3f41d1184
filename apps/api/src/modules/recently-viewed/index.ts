// Recently viewed products of a signed-in customer: the last 20, merged from the browser at sign-in.
export { recentlyViewedRoutes } from './routes.ts';
