// Routes for demos and browser tests outside production: the SMS outbox and the clock.
export { devClockRoutes, devRoutes } from './routes.ts';
