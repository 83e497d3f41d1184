// The demo shop's pictures, drawn by @bozor/demo and served at /media/*.
export { mediaRoutes } from './routes.ts';
export { matchesEtag } from './service.ts';
