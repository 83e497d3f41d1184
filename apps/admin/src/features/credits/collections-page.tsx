import { type AgingBucket, type CollectionRow, tashkentDay } from '@bozor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { Badge, cn } from '../../components/ui.tsx';
import { getPage } from '../../lib/api.ts';
import { dateTime, day } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { BUCKET_BAR, BUCKETS, DaysLate } from './badges.tsx';

const FILTERS = ['bucket'] as const;
const col = columnsFor<CollectionRow>();
const kit = kitColumns<CollectionRow>();

export function CollectionsPage() {
  const { t } = useI18n();
  const list = useListParams(FILTERS);
  const today = tashkentDay(new Date());
  const bucket = BUCKETS.includes(list.values.bucket as AgingBucket)
    ? (list.values.bucket as AgingBucket)
    : undefined;
  const rows = useQuery({
    queryKey: ['collections', bucket, list.page],
    queryFn: ({ signal }) =>
      getPage<CollectionRow>('/collections', { bucket, page: list.page }, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<GridColumns<CollectionRow>>(
    () => [
      col.accessor('credit_id', {
        header: t('overdue.credit'),
        cell: (info) => (
          <span className="flex flex-col">
            <Link
              to={`/credits/${info.getValue()}`}
              className="tabular font-medium whitespace-nowrap text-primary hover:underline"
            >
              {info.row.original.code}
            </Link>
            {info.row.original.order_id && (
              <Link
                to={`/orders/${info.row.original.order_id}`}
                className="text-xs text-muted hover:underline"
              >
                {t('overdue.orderId', { id: info.row.original.order_id })}
              </Link>
            )}
          </span>
        ),
      }),
      kit.phone('customer_phone', t('overdue.customer'), {
        to: (row) => `/customers/${row.customer_id}`,
      }),
      col.accessor('days_late', {
        header: t('overdue.daysLate'),
        cell: (info) => <DaysLate days={info.getValue()} bucket={info.row.original.bucket} />,
      }),
      kit.money('overdue', t('overdue.overdue'), {
        right: true,
        className: 'font-medium text-danger',
      }),
      kit.money('outstanding', t('overdue.outstanding'), { right: true }),
      col.accessor('oldest_due_date', {
        header: t('overdue.dates'),
        cell: (info) => {
          const next = info.row.original.next_due_date;
          return (
            <span className="tabular flex flex-col whitespace-nowrap">
              <span className="text-danger">
                {t('overdue.oldest', { day: day(info.getValue()) })}
              </span>
              <span className="text-xs text-muted">
                {next ? t('overdue.nextDue', { day: day(next) }) : t('overdue.noNext')}
              </span>
            </span>
          );
        },
      }),
      col.accessor('last_contact', {
        header: t('overdue.lastContact'),
        cell: (info) => {
          const contact = info.row.original.last_contact;
          if (!contact) return <span className="text-muted">{t('overdue.noContact')}</span>;
          return (
            <span className="flex flex-col items-start gap-0.5">
              <span className="flex items-center gap-2">
                <Badge tone={contact.outcome === 'promised' ? 'info' : 'neutral'}>
                  {t(`outcome.${contact.outcome}`)}
                </Badge>
                {contact.promise_date && (
                  <span
                    className={cn(
                      'tabular text-xs',
                      contact.promise_date < today && 'font-medium text-danger',
                    )}
                  >
                    {t('overdue.promise', { day: day(contact.promise_date) })}
                  </span>
                )}
              </span>
              <span className="tabular text-xs text-muted">{dateTime(contact.at)}</span>
            </span>
          );
        },
      }),
      col.display({
        id: 'open',
        header: () => <span className="sr-only">{t('overdue.open')}</span>,
        cell: (info) => (
          <Link
            to={`/credits/${info.row.original.credit_id}`}
            className="text-primary hover:underline"
          >
            {t('overdue.open')}
          </Link>
        ),
      }),
    ],
    [t, today],
  );

  return (
    <ListPage
      {...listTexts(t, 'overdue')}
      empty={bucket ? t('overdue.emptyBucket') : t('overdue.empty')}
      emptyHint={bucket ? t('overdue.emptyHint') : undefined}
      filters={
        <fieldset className="mb-4 flex flex-wrap items-center gap-2 rounded-card border border-line bg-white p-3">
          <legend className="sr-only">{t('overdue.bucket')}</legend>
          <span aria-hidden className="mr-1 text-xs font-medium text-muted">
            {t('overdue.bucket')}
          </span>
          <BucketChip active={!bucket} onClick={() => list.setFilters({ bucket: '' })}>
            {t('common.all')}
          </BucketChip>
          {BUCKETS.map((b) => (
            <BucketChip
              key={b}
              active={bucket === b}
              onClick={() => list.setFilters({ bucket: b })}
            >
              <span aria-hidden className={cn('size-2.5 rounded-full', BUCKET_BAR[b])} />
              {t(`bucket.${b}`)}
            </BucketChip>
          ))}
        </fieldset>
      }
      query={rows}
      onPage={list.setPage}
      columns={columns}
    />
  );
}

function BucketChip({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 items-center gap-2 rounded-full border px-3 font-medium',
        active
          ? 'border-primary bg-primary-soft text-primary'
          : 'border-line bg-white text-ink hover:bg-page',
      )}
    >
      {children}
    </button>
  );
}
