// Reviews from people who bought: writing, moderation, the product's stored sums, the requests.
export {
  askForReviews,
  REVIEW_REQUESTS_JOB,
  reviewRequestsHandler,
  scheduleReviewRequests,
} from './requests.ts';
export { adminReviewRoutes, reviewRoutes } from './routes.ts';
