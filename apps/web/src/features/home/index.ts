export { famousProductsQuery } from './api/get-famous-products.ts';
