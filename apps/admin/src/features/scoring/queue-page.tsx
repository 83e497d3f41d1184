import type { AdminScoringQueueRow } from '@bozor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { cn } from '../../components/ui.tsx';
import { getPage } from '../../lib/api.ts';
import { waited } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';

const col = columnsFor<AdminScoringQueueRow>();
const kit = kitColumns<AdminScoringQueueRow>();
const DAY_SECONDS = 24 * 60 * 60;

export function ScoringQueuePage() {
  const { t, lang } = useI18n();
  const list = useListParams([] as const);
  const queue = useQuery({
    queryKey: ['scoring-queue', list.page],
    queryFn: ({ signal }) =>
      getPage<AdminScoringQueueRow>('/scoring/queue', { page: list.page }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const now = queue.dataUpdatedAt || Date.now();
  const columns = useMemo<GridColumns<AdminScoringQueueRow>>(
    () => [
      kit.link('phone', t('scoring.customer'), {
        to: (row) => `/scoring/${row.customer_id}`,
        text: (row) => `+${row.phone}`,
        className: 'tabular font-medium text-primary hover:underline',
      }),
      col.accessor('full_name', {
        header: t('scoring.name'),
        cell: (info) => info.row.original.full_name ?? '—',
      }),
      kit.money('declared_income', t('scoring.income')),
      kit.date('submitted_at', t('scoring.submitted')),
      col.accessor('waiting_seconds', {
        header: t('scoring.waiting'),
        cell: (info) => (
          <span
            className={cn(
              'tabular',
              info.row.original.waiting_seconds >= DAY_SECONDS && 'font-medium text-danger',
            )}
          >
            {waited(info.row.original.submitted_at, now, lang)}
          </span>
        ),
      }),
      col.display({
        id: 'open',
        header: '',
        cell: (info) => (
          <Link
            to={`/scoring/${info.row.original.customer_id}`}
            className="text-primary hover:underline"
          >
            {t('scoring.review')} →
          </Link>
        ),
      }),
    ],
    [t, lang, now],
  );
  return (
    <ListPage {...listTexts(t, 'scoring')} query={queue} onPage={list.setPage} columns={columns} />
  );
}
