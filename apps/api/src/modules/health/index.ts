// Liveness and readiness for a load balancer.
export { healthRoutes } from './routes.ts';
