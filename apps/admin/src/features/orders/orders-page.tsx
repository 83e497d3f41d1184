import { type AdminOrderRow, formatDay, ORDER_STATUS } from '@bozor/shared';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { StepBadge } from '../../components/badges.tsx';
import { columnsFor, type GridColumns, MoreFilters } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import {
  ChoiceFilter,
  DayRangeFilter,
  ListFilters,
  useTypedFilters,
} from '../../components/kit/list-filters.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { Badge, TextField } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useOrders } from './api.ts';
import { useRegions } from './regions.ts';

const FILTERS = [
  'q',
  'status',
  'payment_type',
  'delivery_type',
  'region_id',
  'late',
  'from',
  'to',
] as const;
const SEARCH = /^#?\d{1,12}$/;
/** The filters behind the phone's "Filters" button: all but the search. */
const MORE = FILTERS.filter((key) => key !== 'q');
const col = columnsFor<AdminOrderRow>();
const kit = kitColumns<AdminOrderRow>();

export function OrdersPage() {
  const { t, lang } = useI18n();
  const list = useListParams(FILTERS);
  const typing = useTypedFilters(list, ['q']);
  const search = typing.typed.q;
  const searchInvalid = search !== '' && !SEARCH.test(search.trim());
  const regions = useRegions();
  const orders = useOrders(list.values, list.page, lang);

  const columns = useMemo<GridColumns<AdminOrderRow>>(
    () => [
      kit.idLink('id', t('orders.number'), { to: (row) => `/orders/${row.id}`, mark: '№' }),
      kit.date('created_at', t('orders.date')),
      kit.phone('customer_phone', t('orders.customer'), {
        to: (row) => `/customers/${row.customer_id}`,
      }),
      kit.badge('step', t('orders.step'), (step) => <StepBadge state={step} />),
      col.accessor('payment_type', {
        header: t('orders.paymentType'),
        cell: (info) => t(`pay.${info.row.original.payment_type}`),
      }),
      col.accessor('delivery', {
        header: t('orders.delivery'),
        cell: (info) => (
          <span className="flex flex-col gap-0.5">
            <span className="line-clamp-2 md:line-clamp-1 md:max-w-72" title={info.getValue()}>
              {t(`delivery.${info.row.original.delivery_type}`)} · {info.getValue()}
            </span>
            {info.row.original.delivery_promised_on && (
              <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
                {t('orders.promisedOn', {
                  date: formatDay(info.row.original.delivery_promised_on),
                })}
                {info.row.original.late && <Badge tone="danger">{t('orders.late')}</Badge>}
              </span>
            )}
          </span>
        ),
      }),
      kit.money('total', t('orders.total')),
      col.accessor('next_actions', {
        header: t('orders.next'),
        cell: (info) => {
          const [next] = info.row.original.next_actions;
          return next ? (
            <Link to={`/orders/${info.row.original.id}`} className="text-primary hover:underline">
              {t(`action.${next}`)}
            </Link>
          ) : (
            <span className="text-muted">—</span>
          );
        },
      }),
    ],
    [t],
  );

  return (
    <ListPage
      {...listTexts(t, 'orders')}
      filters={
        <ListFilters
          layout="flex flex-col gap-3 md:grid md:grid-cols-2 md:items-end lg:grid-cols-4 xl:grid-cols-9"
          buttons="md:col-span-2 lg:col-span-4 xl:col-span-9"
          invalid={searchInvalid}
          onSearch={() => list.setFilters({ q: search.trim() })}
          onReset={typing.reset}
        >
          <TextField
            label={t('orders.search')}
            className="md:col-span-2"
            {...typing.field('q')}
            inputMode="numeric"
            placeholder="#1024, 901234567"
            error={searchInvalid ? t('orders.searchInvalid') : undefined}
          />
          <MoreFilters active={MORE.filter((key) => list.values[key] !== '').length}>
            <ChoiceFilter
              list={list}
              name="status"
              label={t('orders.status')}
              choices={Object.values(ORDER_STATUS).map((id) => [id, t(`status.${id}`)] as const)}
            />
            <ChoiceFilter
              list={list}
              name="payment_type"
              label={t('orders.paymentType')}
              choices={[
                ['installment', t('pay.installment')],
                ['full', t('pay.full')],
              ]}
            />
            <ChoiceFilter
              list={list}
              name="delivery_type"
              label={t('orders.deliveryType')}
              choices={[
                ['address', t('delivery.address')],
                ['pickup', t('delivery.pickup')],
              ]}
            />
            <ChoiceFilter
              list={list}
              name="region_id"
              label={t('orders.region')}
              choices={(regions.data ?? []).map((region) => [region.id, region.name] as const)}
            />
            <ChoiceFilter
              list={list}
              name="late"
              label={t('orders.lateFilter')}
              choices={[['true', t('orders.lateOnly')]]}
            />
            <DayRangeFilter
              list={list}
              from={{ name: 'from', label: t('orders.from') }}
              to={{ name: 'to', label: t('orders.to') }}
            />
          </MoreFilters>
        </ListFilters>
      }
      query={orders}
      onPage={list.setPage}
      columns={columns}
    />
  );
}
