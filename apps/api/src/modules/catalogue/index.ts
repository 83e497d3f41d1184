// The catalogue: categories, products, listings, stock, and the back office that keeps them.
export { adminDictionaryRoutes } from './admin-dictionaries-routes.ts';
export { adminProductRoutes } from './admin-products-routes.ts';
export { adminImportRoutes } from './import-routes.ts';
export {
  IMPORT_CHECK_JOB,
  IMPORT_RUN_JOB,
  importCheckHandler,
  importJobsDue,
  importRunHandler,
} from './imports.ts';
export type { ResolvedFilters, SortKey } from './listing-repository.ts';
export { listingRoutes } from './listing-routes.ts';
export { resolveFilters } from './listing-service.ts';
export { writeProductRating } from './ratings.ts';
export { rememberReferenceData } from './remembered.ts';
export type { CategoryRow } from './repository.ts';
export { listHiddenCategoryIds, listShownCategories } from './repository.ts';
export { catalogueRoutes } from './routes.ts';
export { categorySubtreeIds } from './service.ts';
export { OutOfStockError, releaseStock, reserveStock, stockOf } from './stock.ts';
export type { ProductSummaryRow } from './summaries.ts';
export {
  cardContext,
  cardText,
  findLongestTariff,
  productSummaryColumns,
  summarizeProducts,
  summaryOf,
} from './summaries.ts';
