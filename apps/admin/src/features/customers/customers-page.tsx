import { type AdminCustomerRow, isCustomerSearch } from '@bozor/shared';
import { useMemo } from 'react';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { ChoiceFilter, ListFilters, useTypedFilters } from '../../components/kit/list-filters.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { TextField } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useCustomers } from './api.ts';

const FILTERS = ['q', 'blocked'] as const;
/** A phone as people write it: "+998 (90) 123-45-67" is searched by its digits. */
const PHONE_TYPED = /^[+\d\s()-]+$/;
const col = columnsFor<AdminCustomerRow>();
const kit = kitColumns<AdminCustomerRow>();

/** The query as the API reads it: a phone's digits, a `#number`, or name words single-spaced. */
function searchOf(input: string): string {
  const text = input.trim();
  if (PHONE_TYPED.test(text)) return text.replace(/^\+/, '').replace(/[\s()-]/g, '');
  return text.replace(/\s+/g, ' ');
}

export function CustomersPage() {
  const { t } = useI18n();
  const list = useListParams(FILTERS);
  const typing = useTypedFilters(list, ['q']);
  const typed = searchOf(typing.typed.q);
  const searchInvalid = typed !== '' && !isCustomerSearch(typed);
  const customers = useCustomers(list.values, list.page);

  const columns = useMemo<GridColumns<AdminCustomerRow>>(
    () => [
      kit.idLink('id', t('customers.number'), { to: (row) => `/customers/${row.id}` }),
      kit.phone('phone', t('customers.phone'), { to: (row) => `/customers/${row.id}` }),
      col.accessor('full_name', {
        header: t('customers.name'),
        cell: (info) => info.getValue() ?? <span className="text-muted">—</span>,
      }),
      kit.count('order_count', t('customers.orders')),
      kit.count('credit_count', t('customers.credits')),
      kit.flag('scored', t('customers.scoring'), {
        yes: t('customers.scored'),
        no: t('customers.notScored'),
        tone: 'success',
      }),
      kit.money('credit_limit', t('customers.limit'), { shown: (row) => row.scored }),
      kit.flag('blocked', t('customers.state'), {
        yes: t('customers.blocked'),
        no: t('customers.active'),
        tone: 'danger',
      }),
      col.accessor('lang', {
        header: t('customers.lang'),
        cell: (info) => {
          const value = info.row.original.lang;
          return value === 'uz' || value === 'ru' ? t(`customers.langName.${value}`) : value;
        },
      }),
      kit.date('created_at', t('customers.created')),
      kit.date('last_sign_in_at', t('customers.lastSignIn'), { muted: true }),
    ],
    [t],
  );

  return (
    <ListPage
      {...listTexts(t, 'customers')}
      filters={
        <ListFilters
          invalid={searchInvalid}
          onSearch={() => list.setFilters({ q: typed })}
          onReset={typing.reset}
        >
          <TextField
            label={t('customers.search')}
            className="w-80"
            {...typing.field('q')}
            placeholder="901234567, #17, Karimov"
            error={searchInvalid ? t('customers.searchInvalid') : undefined}
          />
          <ChoiceFilter
            list={list}
            name="blocked"
            label={t('customers.blockedFilter')}
            className="w-56"
            choices={[
              ['true', t('customers.onlyBlocked')],
              ['false', t('customers.onlyActive')],
            ]}
          />
        </ListFilters>
      }
      query={customers}
      onPage={list.setPage}
      columns={columns}
      rowClassName={(row) => (row.blocked ? 'bg-danger-soft/30' : undefined)}
    />
  );
}
