// Reviews from people who bought: the product page's section and the order page's requests (the
// pages are routed by the app).
export { OrderReviews } from './components/order-reviews.tsx';
export { ProductReviews } from './components/product-reviews.tsx';
