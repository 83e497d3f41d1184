// Search in both scripts, ranked from postings kept in memory or in SQL.
export { keepSearchInMemory, keptSearchMemory, stopSearchInMemory } from './memory.ts';
export { searchRoutes } from './routes.ts';
