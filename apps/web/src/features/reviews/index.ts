// Reviews from people who bought: the product page's section (the pages are routed by the app).
export { ProductReviews } from './components/product-reviews.tsx';
