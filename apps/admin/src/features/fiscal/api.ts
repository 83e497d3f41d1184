import type { AdminFiscalReceipt, FiscalState } from '@bozor/shared';
import { usePagedList } from '../../components/kit/paged.ts';
import { post } from '../../lib/api.ts';

/** A page of fiscal receipts, newest first: those in one state (all when none), or an order's. */
export function useFiscalReceipts(filter: {
  state: FiscalState | undefined;
  orderId: number | undefined;
  page: number;
}) {
  return usePagedList<AdminFiscalReceipt>(
    ['fiscal-receipts', 'list', filter.state ?? 'all', filter.orderId ?? null, filter.page],
    '/fiscal-receipts',
    { state: filter.state, order_id: filter.orderId, page: filter.page },
  );
}

/** Sends a receipt the register refused to it again, its lines built anew. */
export function retryReceipt(id: number) {
  return post<AdminFiscalReceipt>(`/fiscal-receipts/${id}/retry`, {});
}
