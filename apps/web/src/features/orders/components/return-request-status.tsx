import type { OrderDetail } from '@bozor/shared';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/**
 * Where the customer's return request stands: waiting for the shop, or rejected with the shop's
 * reason. Nothing once accepted: the order's own status says it was returned.
 */
export function ReturnRequestStatus({ order }: { order: Pick<OrderDetail, 'return_request'> }) {
  const { t } = useTranslation();
  const request = order.return_request;
  if (request?.status === 'requested') {
    return (
      <p role="status" className="rounded-[10px] bg-monthly p-3 text-sm text-monthly-ink">
        {t('orders.return_page.requested')}
      </p>
    );
  }
  if (request?.status === 'rejected') {
    return (
      <p role="status" className="rounded-[10px] bg-danger/5 p-3 text-sm text-danger">
        {t('orders.return_page.rejected', { reason: request.reject_reason ?? '' })}
      </p>
    );
  }
  return null;
}
