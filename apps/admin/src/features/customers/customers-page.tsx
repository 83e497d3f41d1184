import { type AdminCustomerRow, isCustomerSearch } from '@bozor/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { ListFilters } from '../../components/kit/list-filters.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { Badge, SelectField, TextField } from '../../components/ui.tsx';
import { dateTime, money, number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useCustomers } from './api.ts';

const FILTERS = ['q', 'blocked'] as const;
/** A phone as people write it: "+998 (90) 123-45-67" is searched by its digits. */
const PHONE_TYPED = /^[+\d\s()-]+$/;
const col = columnsFor<AdminCustomerRow>();

/** The query as the API reads it: a phone's digits, a `#number`, or name words single-spaced. */
function searchOf(input: string): string {
  const text = input.trim();
  if (PHONE_TYPED.test(text)) return text.replace(/^\+/, '').replace(/[\s()-]/g, '');
  return text.replace(/\s+/g, ' ');
}

export function CustomersPage() {
  const { t, lang } = useI18n();
  const list = useListParams(FILTERS);
  const [search, setSearch] = useState(list.values.q);
  const typed = searchOf(search);
  const searchInvalid = typed !== '' && !isCustomerSearch(typed);
  const customers = useCustomers(list.values, list.page);

  const columns = useMemo<GridColumns<AdminCustomerRow>>(
    () => [
      col.accessor('id', {
        header: t('customers.number'),
        cell: (info) => (
          <Link
            to={`/customers/${info.getValue()}`}
            className="font-medium text-primary tabular hover:underline"
          >
            #{info.getValue()}
          </Link>
        ),
      }),
      col.accessor('phone', {
        header: t('customers.phone'),
        cell: (info) => (
          <Link
            to={`/customers/${info.row.original.id}`}
            className="tabular whitespace-nowrap hover:underline"
          >
            +{info.getValue()}
          </Link>
        ),
      }),
      col.accessor('full_name', {
        header: t('customers.name'),
        cell: (info) => info.getValue() ?? <span className="text-muted">—</span>,
      }),
      col.accessor('order_count', {
        header: t('customers.orders'),
        cell: (info) => <span className="tabular">{number(info.getValue())}</span>,
      }),
      col.accessor('credit_count', {
        header: t('customers.credits'),
        cell: (info) => <span className="tabular">{number(info.getValue())}</span>,
      }),
      col.accessor('scored', {
        header: t('customers.scoring'),
        cell: (info) =>
          info.getValue() ? (
            <Badge tone="success">{t('customers.scored')}</Badge>
          ) : (
            <span className="text-muted">{t('customers.notScored')}</span>
          ),
      }),
      col.accessor('credit_limit', {
        header: t('customers.limit'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">
            {info.row.original.scored ? money(info.getValue(), lang) : '—'}
          </span>
        ),
      }),
      col.accessor('blocked', {
        header: t('customers.state'),
        cell: (info) =>
          info.getValue() ? (
            <Badge tone="danger">{t('customers.blocked')}</Badge>
          ) : (
            <span className="text-muted">{t('customers.active')}</span>
          ),
      }),
      col.accessor('lang', {
        header: t('customers.lang'),
        cell: (info) => {
          const value = info.row.original.lang;
          return value === 'uz' || value === 'ru' ? t(`customers.langName.${value}`) : value;
        },
      }),
      col.accessor('created_at', {
        header: t('customers.created'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">{dateTime(info.getValue())}</span>
        ),
      }),
      col.accessor('last_sign_in_at', {
        header: t('customers.lastSignIn'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap text-muted">{dateTime(info.getValue())}</span>
        ),
      }),
    ],
    [t, lang],
  );

  return (
    <ListPage
      title={t('customers.title')}
      subtitle={t('customers.subtitle')}
      filters={
        <ListFilters
          invalid={searchInvalid}
          onSearch={() => list.setFilters({ q: typed })}
          onReset={() => {
            setSearch('');
            list.clear();
          }}
        >
          <TextField
            label={t('customers.search')}
            className="w-80"
            value={search}
            placeholder="901234567, #17, Karimov"
            error={searchInvalid ? t('customers.searchInvalid') : undefined}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectField
            label={t('customers.blockedFilter')}
            className="w-56"
            value={list.values.blocked}
            onChange={(event) => list.setFilters({ blocked: event.target.value })}
          >
            <option value="">{t('common.all')}</option>
            <option value="true">{t('customers.onlyBlocked')}</option>
            <option value="false">{t('customers.onlyActive')}</option>
          </SelectField>
        </ListFilters>
      }
      query={customers}
      onPage={list.setPage}
      label={t('customers.grid')}
      columns={columns}
      empty={t('customers.empty')}
      emptyHint={t('customers.emptyHint')}
      rowClassName={(row) => (row.blocked ? 'bg-danger-soft/30' : undefined)}
    />
  );
}
