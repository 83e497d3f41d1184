// Recently viewed products: kept by the product page, shown on the home page and under a product
// (their code comes after the page's own).
import { part } from '../../components/deferred.tsx';

export { mergeRecentlyViewed, useRecordView } from './store.ts';
export const recentlyViewedPart = part(() =>
  import('./components/recently-viewed.tsx').then((m) => m.RecentlyViewed),
);
