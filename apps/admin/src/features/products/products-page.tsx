import { ADMIN_PRODUCT_SORTS, type AdminProductRow } from '@bozor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { ChoiceFilter, ListFilters, useTypedFilters } from '../../components/kit/list-filters.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { Badge, Button, Notice, SelectField, TextField } from '../../components/ui.tsx';
import { getPage } from '../../lib/api.ts';
import { money, number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useStaff } from '../../lib/session.tsx';
import { categoryLabel, nameIn, useFormOptions } from './api.ts';
import { BulkDialog, type BulkKind } from './bulk-dialog.tsx';

const FILTERS = [
  'q',
  'category_id',
  'brand_id',
  'in_stock',
  'hidden',
  'price_min',
  'price_max',
  'sort',
] as const;
const MONEY_TYPED = /^\d{0,11}$/;
const col = columnsFor<AdminProductRow>();
const kit = kitColumns<AdminProductRow>();

export function ProductsPage() {
  const { t, lang } = useI18n();
  const { can } = useStaff();
  const writer = can('catalogue.write');
  const list = useListParams(FILTERS);
  const typing = useTypedFilters(list, ['q', 'price_min', 'price_max']);
  const { q: search, price_min: priceMin, price_max: priceMax } = typing.typed;
  /** Chosen rows by id, kept across pages so a bulk change can span them. */
  const [selected, setSelected] = useState<Map<number, AdminProductRow>>(new Map());
  const [bulk, setBulk] = useState<BulkKind | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const options = useFormOptions();
  const products = useQuery({
    queryKey: ['products', 'list', list.values, list.page],
    queryFn: ({ signal }) =>
      getPage<AdminProductRow>('/products', { ...list.values, page: list.page }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = products.data?.data ?? [];

  const columns = useMemo<GridColumns<AdminProductRow>>(() => {
    const toggle = (row: AdminProductRow, on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (on) next.set(row.id, row);
        else next.delete(row.id);
        return next;
      });
    const select = col.display({
      id: 'select',
      header: () => {
        const all = rows.length > 0 && rows.every((row) => selected.has(row.id));
        return (
          <input
            type="checkbox"
            className="size-4 accent-primary"
            aria-label={t('products.selectAll')}
            checked={all}
            onChange={(event) => {
              for (const row of rows) toggle(row, event.target.checked);
            }}
          />
        );
      },
      cell: (info) => (
        <input
          type="checkbox"
          className="size-4 accent-primary"
          aria-label={t('products.selectOne', { name: nameIn(info.row.original, lang) })}
          checked={selected.has(info.row.original.id)}
          onChange={(event) => toggle(info.row.original, event.target.checked)}
        />
      ),
    });
    const rest: GridColumns<AdminProductRow> = [
      col.accessor('image', {
        header: t('products.picture'),
        cell: (info) => {
          const path = info.getValue();
          return path ? (
            <img
              src={path}
              alt=""
              loading="lazy"
              className="size-10 rounded-control border border-line bg-white object-contain"
            />
          ) : (
            <span className="text-xs text-muted">{t('products.noPicture')}</span>
          );
        },
      }),
      kit.link('name_uz', t('products.name'), {
        to: (row) => `/products/${row.id}`,
        text: (row) => nameIn(row, lang),
        className: 'font-medium text-primary hover:underline',
      }),
      col.accessor('code', {
        header: t('products.code'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap text-muted">{info.getValue()}</span>
        ),
      }),
      col.accessor('category', {
        header: t('products.category'),
        cell: (info) => nameIn(info.getValue(), lang),
      }),
      col.accessor('brand', {
        header: t('products.brand'),
        cell: (info) => info.getValue()?.name ?? <span className="text-muted">—</span>,
      }),
      col.accessor('price', {
        header: t('products.price'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">
            {money(info.getValue(), lang)}
            {info.row.original.old_price !== null && (
              <span className="ml-1 text-xs text-muted line-through">
                {money(info.row.original.old_price, lang)}
              </span>
            )}
          </span>
        ),
      }),
      col.accessor('stock', {
        header: t('products.stock'),
        cell: (info) => (
          <span className={info.getValue() === 0 ? 'tabular text-danger' : 'tabular'}>
            {number(info.getValue())}
          </span>
        ),
      }),
      col.accessor('is_active', {
        header: t('products.state'),
        cell: (info) => (
          <span className="flex flex-col items-start gap-1">
            {info.getValue() ? (
              <Badge tone="success">{t('products.shown')}</Badge>
            ) : (
              <Badge tone="neutral">{t('products.hidden')}</Badge>
            )}
            {!info.row.original.category_active && (
              <Badge tone="warning">{t('products.categoryHidden')}</Badge>
            )}
          </span>
        ),
      }),
      kit.date('created_at', t('products.created'), { muted: true }),
    ];
    return writer ? [select, ...rest] : rest;
  }, [t, lang, rows, selected, writer]);

  const priceInvalid = !MONEY_TYPED.test(priceMin) || !MONEY_TYPED.test(priceMax);
  const categories = options.data?.categories ?? [];

  return (
    <ListPage
      {...listTexts(t, 'products')}
      writes={{
        permission: 'catalogue.write',
        add: { label: t('products.add'), to: '/products/new' },
      }}
      filters={
        <>
          <ListFilters
            invalid={priceInvalid}
            onSearch={() =>
              list.setFilters({
                q: search.trim().replace(/\s+/g, ' '),
                price_min: priceMin,
                price_max: priceMax,
              })
            }
            onReset={typing.reset}
          >
            <TextField
              label={t('products.search')}
              hint={t('products.searchHint')}
              className="w-72"
              {...typing.field('q')}
              maxLength={100}
              placeholder="Samsung, самсунг, SM-A556"
            />
            <ChoiceFilter
              list={list}
              name="category_id"
              label={t('products.category')}
              className="w-56"
              choices={categories.map((c) => [c.id, categoryLabel(c, lang, t)] as const)}
            />
            <ChoiceFilter
              list={list}
              name="brand_id"
              label={t('products.brand')}
              className="w-40"
              choices={(options.data?.brands ?? []).map((brand) => [brand.id, brand.name] as const)}
            />
            <ChoiceFilter
              list={list}
              name="in_stock"
              label={t('products.inStock')}
              className="w-36"
              choices={[
                ['yes', t('products.inStockYes')],
                ['no', t('products.inStockNo')],
              ]}
            />
            <ChoiceFilter
              list={list}
              name="hidden"
              label={t('products.visibility')}
              className="w-36"
              choices={[
                ['no', t('products.visible')],
                ['yes', t('products.hiddenOnly')],
              ]}
            />
            <TextField
              label={t('products.priceMin')}
              className="w-32"
              inputMode="numeric"
              value={priceMin}
              error={MONEY_TYPED.test(priceMin) ? undefined : t('rule.product_price_invalid')}
              onChange={(event) => typing.set('price_min', event.target.value.replace(/\s/g, ''))}
            />
            <TextField
              label={t('products.priceMax')}
              className="w-32"
              inputMode="numeric"
              value={priceMax}
              error={MONEY_TYPED.test(priceMax) ? undefined : t('rule.product_price_invalid')}
              onChange={(event) => typing.set('price_max', event.target.value.replace(/\s/g, ''))}
            />
            <SelectField
              label={t('products.sort')}
              className="w-44"
              value={list.values.sort || 'new'}
              onChange={(event) =>
                list.setFilters({ sort: event.target.value === 'new' ? '' : event.target.value })
              }
            >
              {ADMIN_PRODUCT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`products.sort.${sort}`)}
                </option>
              ))}
            </SelectField>
          </ListFilters>
          {done !== null && (
            <div className="mb-3">
              <Notice tone="success">{t('products.bulk.done', { count: done })}</Notice>
            </div>
          )}
          {writer && selected.size > 0 && (
            <div
              role="toolbar"
              aria-label={t('products.selected', { count: selected.size })}
              className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-2 rounded-card border border-primary/30 bg-primary-soft px-3 py-2"
            >
              <span className="mr-2 font-medium">
                {t('products.selected', { count: selected.size })}
              </span>
              <Button onClick={() => setBulk('hide')}>{t('products.bulk.hide')}</Button>
              <Button onClick={() => setBulk('show')}>{t('products.bulk.show')}</Button>
              <Button onClick={() => setBulk('price')}>{t('products.bulk.price')}</Button>
              <Button onClick={() => setBulk('stock')}>{t('products.bulk.stock')}</Button>
              <Button onClick={() => setBulk('move')}>{t('products.bulk.move')}</Button>
              <Button variant="ghost" className="ml-auto" onClick={() => setSelected(new Map())}>
                {t('products.clearSelection')}
              </Button>
            </div>
          )}
        </>
      }
      query={products}
      onPage={list.setPage}
      columns={columns}
      rowClassName={(row) => (selected.has(row.id) ? 'bg-primary-soft/40' : undefined)}
    >
      <BulkDialog
        kind={bulk}
        rows={[...selected.values()]}
        categories={categories}
        onClose={() => setBulk(null)}
        onDone={(changed) => {
          setBulk(null);
          setSelected(new Map());
          setDone(changed);
        }}
      />
    </ListPage>
  );
}
