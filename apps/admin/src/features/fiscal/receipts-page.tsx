import type { AdminFiscalReceipt, FiscalState } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Confirm } from '../../components/confirm.tsx';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { FiscalKind, FiscalLink, FiscalStateBadge } from '../../components/fiscal-receipts.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { SubjectDialog } from '../../components/kit/subject-dialog.tsx';
import { Tabs } from '../../components/kit/tabs.tsx';
import { writeForm } from '../../components/kit/write-form.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useStaff } from '../../lib/session.tsx';
import { retryReceipt, useFiscalReceipts } from './api.ts';

/** The tabs, the receipts waiting for a person first. */
const TABS = ['failed', 'pending', 'registered', 'all'] as const;
type Tab = (typeof TABS)[number];

const col = columnsFor<AdminFiscalReceipt>();
const kit = kitColumns<AdminFiscalReceipt>();

/**
 * Fiscal receipts for staff: those the register refused first (the default tab), then those
 * being sent and those registered, each with its order, what it is for, its sum, tries, last
 * error and link at the OFD; a refused one is sent again by a role that writes money, after a
 * confirmation. `?order_id=` narrows the list to one order's receipts.
 */
export function ReceiptsPage() {
  const { t } = useI18n();
  const { can } = useStaff();
  const queryClient = useQueryClient();
  const list = useListParams(['state', 'order_id'] as const);
  const orderId = Number(list.values.order_id) > 0 ? Number(list.values.order_id) : undefined;
  // an order's receipts are shown all together; otherwise the refused ones first
  const tab: Tab =
    TABS.find((s) => s === list.values.state) ?? (orderId === undefined ? 'failed' : 'all');
  const state: FiscalState | undefined = tab === 'all' ? undefined : tab;
  const receipts = useFiscalReceipts({ state, orderId, page: list.page });
  const [retrying, setRetrying] = useState<AdminFiscalReceipt>();
  const [done, setDone] = useState<string>();
  const retry = useMutation({
    mutationFn: (receipt: AdminFiscalReceipt) => retryReceipt(receipt.id),
    onSuccess: (answer) => {
      setDone(answer.message);
      setRetrying(undefined);
      queryClient.invalidateQueries({ queryKey: ['fiscal-receipts'] });
      queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
  const writer = can('money.write');

  const columns = useMemo<GridColumns<AdminFiscalReceipt>>(
    () => [
      col.accessor('id', {
        header: t('receipts.id'),
        meta: { card: 'title' },
        cell: (info) => <span className="tabular font-medium">#{info.getValue()}</span>,
      }),
      kit.idLink('order_id', t('receipts.order'), {
        to: (row) => `/orders/${row.order_id}`,
        mark: '№',
      }),
      kit.view('kind', t('fiscal.kind'), (receipt) => <FiscalKind receipt={receipt} />),
      kit.money('amount', t('fiscal.amount'), { right: true }),
      kit.badge('state', t('fiscal.state'), (value) => <FiscalStateBadge state={value} />),
      kit.figure('attempts', t('receipts.attempts')),
      col.accessor('last_error', {
        header: t('receipts.lastError'),
        cell: (info) =>
          info.getValue() ? (
            <span
              className="line-clamp-3 max-w-72 break-words text-danger"
              title={info.getValue() ?? undefined}
            >
              {info.getValue()}
            </span>
          ) : (
            <span className="text-muted">{t('receipts.noError')}</span>
          ),
      }),
      kit.date('registered_at', t('fiscal.registered'), { none: '—' }),
      kit.view('url', t('fiscal.link'), (receipt) => <FiscalLink receipt={receipt} />),
    ],
    [t],
  );

  const texts = listTexts(t, 'receipts');
  return (
    <ListPage
      {...texts}
      {...(tab === 'failed' && {
        empty: t('receipts.emptyFailed'),
        emptyHint: t('receipts.emptyFailedHint'),
      })}
      writes={{
        permission: 'money.write',
        // only a refused receipt is sent again: the other tabs have no buttons at all
        ...((tab === 'failed' || tab === 'all') && {
          actions: (row: AdminFiscalReceipt) =>
            writer && row.state === 'failed'
              ? [
                  {
                    label: t('receipts.retry'),
                    name: t('receipts.retryName', { id: row.id }),
                    onClick: () => {
                      retry.reset();
                      setRetrying(row);
                    },
                  },
                ]
              : [],
        }),
      }}
      filters={
        <>
          {orderId !== undefined && (
            <p className="mb-3 flex flex-wrap items-center gap-3">
              <span className="font-medium">{t('receipts.ofOrder', { id: orderId })}</span>
              <Link
                to="/fiscal-receipts"
                className="text-primary hover:underline"
                onClick={() => setDone(undefined)}
              >
                {t('receipts.clearOrder')}
              </Link>
            </p>
          )}
          <Tabs
            label={t('receipts.tabs')}
            layout="flex flex-wrap gap-x-1"
            values={TABS}
            chosen={tab}
            text={(s) => t(`receipts.tab.${s}`)}
            onChoose={(s) => {
              setDone(undefined);
              list.setFilters({ state: s });
            }}
          />
        </>
      }
      notices={[{ tone: 'success', text: done }]}
      query={receipts}
      onPage={list.setPage}
      columns={columns}
      rowClassName={(row) => (row.state === 'failed' ? 'bg-danger-soft/40' : undefined)}
    >
      <SubjectDialog
        subject={retrying}
        title={(row) => t('receipts.retryTitle', { id: row.id })}
        onClose={() => setRetrying(undefined)}
      >
        {(row) => (
          <Confirm
            hint={t('receipts.retryHint')}
            submit={t('receipts.retry')}
            {...writeForm(
              retry,
              () => setRetrying(undefined),
              () => row,
            )}
          />
        )}
      </SubjectDialog>
    </ListPage>
  );
}
