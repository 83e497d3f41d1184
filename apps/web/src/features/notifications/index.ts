// The notification centre (its pages load with their routes), the header's unread count, and
// the product page's alert buttons (their code comes after the page's own).
import { part } from '../../components/deferred.tsx';

export { useUnreadCount } from './api/unread.ts';
export const alertButtonsPart = part(() =>
  import('./components/alert-buttons.tsx').then((m) => m.AlertButtons),
);
