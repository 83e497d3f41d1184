import type { AdminReturnRow } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { DateCell, kitColumns } from '../../components/kit/columns.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { SubjectDialog } from '../../components/kit/subject-dialog.tsx';
import { Tabs } from '../../components/kit/tabs.tsx';
import { TextForm } from '../../components/kit/text-form.tsx';
import { writeForm } from '../../components/kit/write-form.ts';
import { ReasonForm } from '../../components/reason-form.tsx';
import { Button, cn } from '../../components/ui.tsx';
import { money } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useStaff } from '../../lib/session.tsx';
import { decideReturn, useReturns } from './api.ts';

const STATUSES = ['requested', 'accepted', 'rejected'] as const;
const col = columnsFor<AdminReturnRow>();
const kit = kitColumns<AdminReturnRow>();

export function ReturnsPage() {
  const { t, lang } = useI18n();
  const { can } = useStaff();
  const queryClient = useQueryClient();
  const list = useListParams(['status'] as const);
  const status = STATUSES.find((s) => s === list.values.status) ?? 'requested';
  const [deciding, setDeciding] = useState<{ row: AdminReturnRow; kind: 'accept' | 'reject' }>();
  const [done, setDone] = useState<string>();
  const returns = useReturns(status, list.page);
  const decide = useMutation({
    mutationFn: ({
      row,
      kind,
      text,
    }: {
      row: AdminReturnRow;
      kind: 'accept' | 'reject';
      text?: string;
    }) => decideReturn(row.id, kind, text),
    onSuccess: (_answer, { row, kind }) => {
      setDone(
        t(kind === 'accept' ? 'returns.accepted' : 'returns.rejectedDone', { id: row.order_id }),
      );
      setDeciding(undefined);
      queryClient.invalidateQueries({ queryKey: ['returns'] });
      queryClient.invalidateQueries({ queryKey: ['order', row.order_id] });
    },
  });
  const writer = can('orders.write');

  const columns = useMemo<GridColumns<AdminReturnRow>>(
    () => [
      kit.idLink('order_id', t('returns.order'), {
        to: (row) => `/orders/${row.order_id}`,
        mark: '№',
      }),
      kit.phone('customer_phone', t('returns.customer'), {
        to: (row) => `/customers/${row.customer_id}`,
        under: (row) => row.customer_name,
      }),
      col.accessor('amount', {
        header: t('returns.amount'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">
            {money(info.row.original.amount, lang)}
            <span className="block text-xs text-muted">
              {t(`pay.${info.row.original.payment_type}`)}
            </span>
          </span>
        ),
      }),
      col.accessor('reason', {
        header: t('returns.reason'),
        cell: (info) =>
          info.row.original.reason ? (
            <span className="line-clamp-2 max-w-80">{info.row.original.reason}</span>
          ) : (
            <span className="text-muted">{t('returns.noReason')}</span>
          ),
      }),
      kit.date('requested_at', t('returns.requested')),
      kit.view(
        'waited_hours',
        status === 'requested' ? t('returns.waited') : t('returns.decided'),
        (row) => {
          if (status !== 'requested') {
            return (
              <span>
                <DateCell value={row.decided_at} />
                {row.reject_reason && (
                  <span className="block text-xs text-muted">{row.reject_reason}</span>
                )}
              </span>
            );
          }
          return (
            <span className={cn('tabular', row.waited_hours >= 48 && 'font-medium text-danger')}>
              {t('returns.hours', { hours: row.waited_hours })}
            </span>
          );
        },
      ),
      ...(writer && status === 'requested'
        ? [
            col.display({
              id: 'decide',
              header: '',
              cell: (info) => (
                <span className="flex justify-end gap-2">
                  <Button
                    variant="primary"
                    onClick={() => setDeciding({ row: info.row.original, kind: 'accept' })}
                  >
                    {t('returns.accept')}
                  </Button>
                  <Button onClick={() => setDeciding({ row: info.row.original, kind: 'reject' })}>
                    {t('returns.reject')}
                  </Button>
                </span>
              ),
            }),
          ]
        : []),
    ],
    [t, lang, status, writer],
  );

  return (
    <ListPage
      {...listTexts(t, 'returns')}
      filters={
        <Tabs
          label={t('returns.title')}
          layout="flex gap-1"
          values={STATUSES}
          chosen={status}
          text={(s) => t(`returns.tab.${s}`)}
          onChoose={(s) => {
            setDone(undefined);
            list.setFilters({ status: s === 'requested' ? '' : s });
          }}
        />
      }
      notices={[{ tone: 'success', text: done }]}
      query={returns}
      onPage={list.setPage}
      columns={columns}
    >
      <SubjectDialog
        subject={deciding}
        title={({ kind, row }) => t(`returns.${kind}Title`, { id: row.order_id })}
        onClose={() => setDeciding(undefined)}
      >
        {({ kind, row }) => {
          const answer = writeForm(
            decide,
            () => setDeciding(undefined),
            (text: string) => ({ row, kind, text: text || undefined }),
          );
          return kind === 'accept' ? (
            <TextForm
              name="note"
              label={t('returns.acceptNote')}
              hint={t('returns.acceptHint')}
              maxLength={500}
              check={(text) =>
                text === '' || text.length >= 3 ? undefined : t('common.reasonShort')
              }
              submit={t('returns.accept')}
              {...answer}
            />
          ) : (
            <ReasonForm {...answer} hint={t('returns.rejectHint')} submit={t('returns.reject')} />
          );
        }}
      </SubjectDialog>
    </ListPage>
  );
}
