import {
  type AdminProductRow,
  BULK_PERCENT_MAX,
  BULK_PERCENT_MIN,
  bulkPrice,
  MAX_STOCK,
  type ProductBulkChange,
  type ProductCategoryOption,
} from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm } from '../../components/confirm.tsx';
import { FormButtons } from '../../components/kit/form.tsx';
import { SubjectDialog } from '../../components/kit/subject-dialog.tsx';
import { writeForm } from '../../components/kit/write-form.ts';
import { ChoiceField, TextField } from '../../components/ui.tsx';
import { ApiError, post } from '../../lib/api.ts';
import { money } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { categoryLabel, nameIn } from './api.ts';

export type BulkKind = 'hide' | 'show' | 'price' | 'stock' | 'move';

/** Rows of the price preview: enough to check the rounding, not a second grid. */
const PREVIEW_ROWS = 5;
const WHOLE = /^-?\d{1,11}$/;

/** The confirmation of one bulk change to the chosen products, with what it will do. */
export function BulkDialog({
  kind,
  rows,
  categories,
  onClose,
  onDone,
}: {
  kind: BulkKind | null;
  rows: AdminProductRow[];
  categories: ProductCategoryOption[];
  onClose: () => void;
  onDone: (changed: number) => void;
}) {
  const { t } = useI18n();
  return (
    <SubjectDialog
      subject={kind}
      title={(chosen) =>
        t(`products.bulk.${chosen}Title`, { count: rows.length.toLocaleString('ru-RU') })
      }
      wide={(chosen) => chosen === 'price'}
      onClose={onClose}
    >
      {(chosen) => (
        <BulkForm
          key={chosen}
          kind={chosen}
          rows={rows}
          categories={categories}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </SubjectDialog>
  );
}

function BulkForm({
  kind,
  rows,
  categories,
  onClose,
  onDone,
}: {
  kind: BulkKind;
  rows: AdminProductRow[];
  categories: ProductCategoryOption[];
  onClose: () => void;
  onDone: (changed: number) => void;
}) {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'price_percent' | 'price_amount'>('price_percent');
  const [value, setValue] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const apply = useMutation({
    mutationFn: (change: ProductBulkChange) =>
      post<{ changed: number }>('/products/bulk', { ids: rows.map((row) => row.id), change }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      onDone(answer.data.changed);
    },
  });
  const serverErrors = apply.error instanceof ApiError ? apply.error.fieldErrors : {};
  const serverField = Object.values(serverErrors)[0]?.[0];

  if (kind === 'hide' || kind === 'show') {
    return (
      <Confirm
        hint={t(`products.bulk.${kind}Hint`)}
        submit={t(`products.bulk.${kind}`)}
        danger={kind === 'hide'}
        {...writeForm(apply, onClose, () => ({ type: kind }))}
      />
    );
  }

  const whole = WHOLE.test(value.trim()) ? Number(value.trim()) : null;
  let change: ProductBulkChange | null = null;
  let fieldError: string | undefined;
  if (kind === 'price') {
    if (mode === 'price_percent') {
      const ok =
        whole !== null && whole !== 0 && whole >= BULK_PERCENT_MIN && whole <= BULK_PERCENT_MAX;
      if (ok) change = { type: 'price_percent', percent: whole };
      else if (value !== '') fieldError = t('rule.bulk_percent_invalid');
    } else {
      if (whole !== null && whole !== 0) change = { type: 'price_amount', amount: whole };
      else if (value !== '') fieldError = t('rule.bulk_amount_invalid');
    }
  } else if (kind === 'stock') {
    if (whole !== null && whole >= 0 && whole <= MAX_STOCK)
      change = { type: 'set_stock', stock: whole };
    else if (value !== '') fieldError = t('rule.product_stock_invalid');
  } else if (categoryId !== '') {
    change = { type: 'move', category_id: Number(categoryId) };
  }
  const priceChange =
    change?.type === 'price_percent' || change?.type === 'price_amount' ? change : null;

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (change) apply.mutate(change);
      }}
    >
      {kind === 'price' && (
        <>
          <fieldset className="flex gap-4">
            {(['price_percent', 'price_amount'] as const).map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="mode"
                  className="accent-primary"
                  checked={mode === option}
                  onChange={() => {
                    setMode(option);
                    setValue('');
                  }}
                />
                {t(
                  option === 'price_percent' ? 'products.bulk.byPercent' : 'products.bulk.byAmount',
                )}
              </label>
            ))}
          </fieldset>
          <TextField
            label={t(mode === 'price_percent' ? 'products.bulk.percent' : 'products.bulk.amount')}
            inputMode="numeric"
            autoFocus
            value={value}
            error={fieldError ?? serverField}
            hint={mode === 'price_percent' ? t('products.bulk.rounding') : undefined}
            onChange={(event) =>
              setValue(
                event.target.value.replace(/[\s\u2212]/g, (ch) => (ch === '\u2212' ? '-' : '')),
              )
            }
          />
          {priceChange && <PricePreview rows={rows} change={priceChange} />}
        </>
      )}
      {kind === 'stock' && (
        <TextField
          label={t('products.bulk.stockValue')}
          inputMode="numeric"
          autoFocus
          value={value}
          error={fieldError ?? serverField}
          onChange={(event) => setValue(event.target.value.replace(/\s/g, ''))}
        />
      )}
      {kind === 'move' && (
        <ChoiceField
          label={t('products.bulk.moveTo')}
          none={t('product.chooseCategory')}
          choices={categories.map((c) => [c.id, categoryLabel(c, lang, t)] as const)}
          autoFocus
          value={categoryId}
          error={serverField}
          onChange={(event) => setCategoryId(event.target.value)}
        />
      )}
      <FormButtons
        error={serverField ? null : apply.error}
        busy={apply.isPending}
        submit={t('products.bulk.apply')}
        disabled={!change}
        onCancel={onClose}
      />
    </form>
  );
}

/** A few chosen rows' prices now and after the change, rounded as the server will round them. */
function PricePreview({
  rows,
  change,
}: {
  rows: AdminProductRow[];
  change: Parameters<typeof bulkPrice>[1];
}) {
  const { t, lang } = useI18n();
  const shown = rows.slice(0, PREVIEW_ROWS);
  return (
    <section aria-label={t('products.bulk.preview')}>
      <h3 className="mb-1 text-xs font-medium text-muted">{t('products.bulk.preview')}</h3>
      <table className="w-full text-left">
        <tbody>
          {shown.map((row) => {
            const next = bulkPrice(row.price, change);
            return (
              <tr key={row.id} className="border-b border-line last:border-0">
                <td className="py-1 pr-3">{nameIn(row, lang)}</td>
                <td className="py-1 pr-3 text-right tabular whitespace-nowrap text-muted">
                  {money(row.price, lang)}
                </td>
                <td className="py-1 text-right tabular whitespace-nowrap font-medium">
                  {next === null ? (
                    <span className="text-danger">{t('products.bulk.outOfRange')}</span>
                  ) : (
                    `→ ${money(next, lang)}`
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length > shown.length && (
        <p className="mt-1 text-xs text-muted">
          {t('products.bulk.previewMore', { count: rows.length - shown.length })}
        </p>
      )}
    </section>
  );
}
