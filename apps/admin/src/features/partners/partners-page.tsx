import { type AdminPartnerRow, PARTNER_STATUSES } from '@bozor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  columnsFor,
  FilterButtons,
  type GridColumns,
  PagedGrid,
} from '../../components/data-table.tsx';
import { PageHeader, SelectField, TextField } from '../../components/ui.tsx';
import { getPage } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { PARTNERS_KEY, StatusBadge } from './badges.tsx';

const FILTERS = ['status', 'q'] as const;
const col = columnsFor<AdminPartnerRow>();

export function PartnersPage() {
  const { t } = useI18n();
  const list = useListParams(FILTERS);
  const [search, setSearch] = useState(list.values.q);
  const typed = search.trim();
  const searchShort = typed.length === 1;
  const status = (PARTNER_STATUSES as readonly string[]).includes(list.values.status)
    ? list.values.status
    : '';
  const partners = useQuery({
    queryKey: [...PARTNERS_KEY, 'list', list.values, list.page],
    queryFn: ({ signal }) =>
      getPage<AdminPartnerRow>('/partners', { status, q: list.values.q, page: list.page }, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<GridColumns<AdminPartnerRow>>(
    () => [
      col.accessor('id', {
        header: t('partners.number'),
        cell: (info) => (
          <Link
            to={`/partners/${info.getValue()}`}
            className="font-medium text-primary tabular hover:underline"
          >
            #{info.getValue()}
          </Link>
        ),
      }),
      col.accessor('store_name', {
        header: t('partners.store'),
        cell: (info) => (
          <Link to={`/partners/${info.row.original.id}`} className="font-medium hover:underline">
            {info.getValue()}
          </Link>
        ),
      }),
      col.accessor('full_name', { header: t('partners.name') }),
      col.accessor('phone', {
        header: t('partners.phone'),
        cell: (info) => <span className="tabular whitespace-nowrap">+{info.getValue()}</span>,
      }),
      col.accessor('stir', {
        header: t('partners.stir'),
        cell: (info) => <span className="tabular">{info.getValue()}</span>,
      }),
      col.accessor('status', {
        header: t('partners.status'),
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      col.accessor('created_at', {
        header: t('partners.created'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">{dateTime(info.getValue())}</span>
        ),
      }),
      col.accessor('handled_at', {
        header: t('partners.handled'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap text-muted">{dateTime(info.getValue())}</span>
        ),
      }),
    ],
    [t],
  );

  return (
    <>
      <PageHeader title={t('partners.title')} subtitle={t('partners.subtitle')} />
      <search>
        <form
          className="mb-4 flex flex-wrap items-end gap-3 rounded-card border border-line bg-white p-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!searchShort) list.setFilters({ q: typed });
          }}
        >
          <TextField
            label={t('partners.search')}
            className="w-80"
            value={search}
            placeholder="901234567, 123456789, Savdo"
            maxLength={100}
            error={searchShort ? t('partners.searchShort') : undefined}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectField
            label={t('partners.statusFilter')}
            className="w-48"
            value={status}
            onChange={(event) => list.setFilters({ status: event.target.value })}
          >
            <option value="">{t('common.all')}</option>
            {PARTNER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`partners.status.${s}`)}
              </option>
            ))}
          </SelectField>
          <FilterButtons
            disabled={searchShort}
            onReset={() => {
              setSearch('');
              list.clear();
            }}
          />
        </form>
      </search>
      <PagedGrid
        query={partners}
        onPage={list.setPage}
        label={t('partners.grid')}
        columns={columns}
        empty={t('partners.empty')}
        emptyHint={t('partners.emptyHint')}
        rowClassName={(row) => (row.status === 'new' ? 'bg-primary-soft/30' : undefined)}
      />
    </>
  );
}
