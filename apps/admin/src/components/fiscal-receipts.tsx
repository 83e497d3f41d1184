import type { AdminFiscalReceipt, FiscalState } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { getPage } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { columnsFor, DataTable, type GridColumns } from './data-table.tsx';
import { kitColumns } from './kit/columns.tsx';
import { Loaded } from './kit/loaded.tsx';
import { Badge, Card, type Tone } from './ui.tsx';

const STATE_TONES: Record<FiscalState, Tone> = {
  pending: 'warning',
  registered: 'success',
  failed: 'danger',
};

/** A receipt's state: registered green, still being sent amber, refused red. */
export function FiscalStateBadge({ state }: { state: FiscalState }) {
  const { t } = useI18n();
  return <Badge tone={STATE_TONES[state]}>{t(`fiscal.state.${state}`)}</Badge>;
}

/** What a receipt is for (a sale, an advance…), and under it what made it and how it was paid. */
export function FiscalKind({ receipt }: { receipt: AdminFiscalReceipt }) {
  const { t } = useI18n();
  return (
    <span>
      {receipt.kind ? (
        t(`fiscal.kind.${receipt.kind}`)
      ) : (
        <span className="text-muted">{t('fiscal.kind.none')}</span>
      )}
      <span className="block text-xs text-muted">
        {t(`fiscal.event.${receipt.event}`)}, {t(`fiscal.paidBy.${receipt.paid_by}`)}
      </span>
    </span>
  );
}

/** The receipt's page at the OFD (its QR code's link), opened in a new tab. */
export function FiscalLink({ receipt }: { receipt: AdminFiscalReceipt }) {
  const { t } = useI18n();
  if (!receipt.url)
    return <span className="whitespace-nowrap text-muted">{t('fiscal.noLink')}</span>;
  return (
    <a
      href={receipt.url}
      target="_blank"
      rel="noreferrer"
      aria-label={t('fiscal.openName', { id: receipt.id })}
      className="font-medium whitespace-nowrap text-primary hover:underline"
    >
      {t('fiscal.open')} ↗
    </a>
  );
}

const col = columnsFor<AdminFiscalReceipt>();
const kit = kitColumns<AdminFiscalReceipt>();

/** An order's fiscal receipts, oldest first, each with its state and its link at the OFD. */
export function OrderFiscalReceipts({ orderId }: { orderId: number }) {
  const { t } = useI18n();
  const receipts = useQuery({
    queryKey: ['fiscal-receipts', 'order', orderId],
    queryFn: ({ signal }) =>
      getPage<AdminFiscalReceipt>('/fiscal-receipts', { order_id: orderId, per_page: 100 }, signal),
  });
  const columns = useMemo<GridColumns<AdminFiscalReceipt>>(
    () => [
      col.accessor('id', {
        header: t('fiscal.receipt'),
        cell: (info) => <span className="tabular">#{info.getValue()}</span>,
      }),
      kit.view('kind', t('fiscal.kind'), (receipt) => <FiscalKind receipt={receipt} />),
      kit.money('amount', t('fiscal.amount'), { right: true }),
      kit.badge('state', t('fiscal.state'), (state) => <FiscalStateBadge state={state} />),
      kit.date('registered_at', t('fiscal.registered'), { none: '—' }),
      kit.view('url', t('fiscal.link'), (receipt) => <FiscalLink receipt={receipt} />),
    ],
    [t],
  );
  return (
    <Card
      title={t('fiscal.orderTitle')}
      actions={
        <Link
          to={`/fiscal-receipts?order_id=${orderId}`}
          className="text-sm text-primary hover:underline"
        >
          {t('fiscal.all')}
        </Link>
      }
    >
      <Loaded query={receipts}>
        {(page) => (
          <DataTable
            label={t('fiscal.orderGrid')}
            columns={columns}
            // oldest first, as the order's story reads
            rows={[...page.data].reverse()}
            empty={t('fiscal.orderEmpty')}
          />
        )}
      </Loaded>
    </Card>
  );
}
