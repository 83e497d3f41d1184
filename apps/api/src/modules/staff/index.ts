// Staff accounts, sign-in, sessions, CSRF tokens, and reading the audit log.
export { sessionCsrfMatches, sessionCsrfToken } from './csrf.ts';
export { staffRoutes } from './routes.ts';
export type { CurrentStaff } from './service.ts';
export { staffOfToken } from './service.ts';
