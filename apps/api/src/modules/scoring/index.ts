// Scoring: the customer's details, the decision and the credit limit, and its review.
export { adminScoringRoutes } from './admin-routes.ts';
export { limitOf, MIN_LIMIT } from './decision.ts';
export { scoringRoutes } from './routes.ts';
export type { ScoringRules } from './rules.ts';
export { DEFAULT_SCORING_RULES } from './rules.ts';
export { creditLimit } from './service.ts';
export { readScoringState } from './state.ts';
