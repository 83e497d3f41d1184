/**
 * Bozor's demo shop, kept apart from the product. The API draws on it at one seam: it writes the
 * generated rows into an empty database and serves the drawn pictures under `/media`.
 */
export {
  CATALOGUE_EPOCH,
  DEFAULT_PRODUCTS,
  DEFAULT_SEED,
  type GeneratedCatalogue,
  type GenerateOptions,
  generateCatalogue,
} from './catalogue/generate.ts';
export { type GeneratedContent, generateContent } from './content/generate.ts';
export { renderMedia } from './media/render.ts';
export {
  DEMO_PHONE,
  type GeneratedReviews,
  generateReviews,
  rateProducts,
} from './reviews/generate.ts';
