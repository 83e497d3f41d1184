import { type AdminPartnerRow, PARTNER_STATUSES } from '@bozor/shared';
import { useMemo } from 'react';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { ChoiceFilter, ListFilters, useTypedFilters } from '../../components/kit/list-filters.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { TextField } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { usePartners } from './api.ts';
import { StatusBadge } from './badges.tsx';

const FILTERS = ['status', 'q'] as const;
const col = columnsFor<AdminPartnerRow>();
const kit = kitColumns<AdminPartnerRow>();

export function PartnersPage() {
  const { t } = useI18n();
  const list = useListParams(FILTERS);
  const typing = useTypedFilters(list, ['q']);
  const typed = typing.typed.q.trim();
  const searchShort = typed.length === 1;
  const status = (PARTNER_STATUSES as readonly string[]).includes(list.values.status)
    ? list.values.status
    : '';
  const partners = usePartners(list.values, status, list.page);

  const columns = useMemo<GridColumns<AdminPartnerRow>>(
    () => [
      kit.idLink('id', t('partners.number'), { to: (row) => `/partners/${row.id}` }),
      kit.link('store_name', t('partners.store'), {
        to: (row) => `/partners/${row.id}`,
        className: 'font-medium hover:underline',
      }),
      col.accessor('full_name', { header: t('partners.name') }),
      kit.phone('phone', t('partners.phone')),
      kit.figure('stir', t('partners.stir')),
      kit.badge('status', t('partners.status'), (status) => <StatusBadge state={status} />),
      kit.date('created_at', t('partners.created')),
      kit.date('handled_at', t('partners.handled'), { muted: true }),
    ],
    [t],
  );

  return (
    <ListPage
      {...listTexts(t, 'partners')}
      filters={
        <ListFilters
          invalid={searchShort}
          onSearch={() => list.setFilters({ q: typed })}
          onReset={typing.reset}
        >
          <TextField
            label={t('partners.search')}
            className="w-80"
            {...typing.field('q')}
            placeholder="901234567, 123456789, Savdo"
            maxLength={100}
            error={searchShort ? t('partners.searchShort') : undefined}
          />
          <ChoiceFilter
            list={{ values: { ...list.values, status }, setFilters: list.setFilters }}
            name="status"
            label={t('partners.statusFilter')}
            className="w-48"
            choices={PARTNER_STATUSES.map((s) => [s, t(`partners.status.${s}`)] as const)}
          />
        </ListFilters>
      }
      query={partners}
      onPage={list.setPage}
      columns={columns}
      rowClassName={(row) => (row.status === 'new' ? 'bg-primary-soft/30' : undefined)}
    />
  );
}
