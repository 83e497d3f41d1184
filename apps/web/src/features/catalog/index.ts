export { topCategoriesQuery, useTopCategories } from './api/get-top-categories.ts';
export { closeCatalog, openCatalog, toggleCatalog, useCatalogOpen } from './catalog-state.ts';
export { categoryPath } from './category-path.ts';
