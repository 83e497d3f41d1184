/** The catalogue section's pages, loaded together when the section is first opened. */
export { AttributesPage } from './attributes-page.tsx';
export { CategoriesPage } from './categories-page.tsx';
export { CollectionsPage } from './collections-page.tsx';
export { CatalogueLayout } from './parts.tsx';
export { BrandsPage, ColorsPage, TagsPage } from './simple-pages.tsx';
