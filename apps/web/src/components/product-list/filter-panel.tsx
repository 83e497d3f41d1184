import { formatNumber, type ListFilters } from '@bozor/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { buttonClass } from '../ui/button.ts';
import { type ListParams, toggle } from './list-params.ts';

interface FilterPanelProps {
  filters: ListFilters;
  params: ListParams;
  onChange: (change: Partial<ListParams>) => void;
}

function PriceRange({ filters, params, onChange }: FilterPanelProps) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(params.priceFrom?.toString() ?? '');
  const [to, setTo] = useState(params.priceTo?.toString() ?? '');
  useEffect(() => {
    setFrom(params.priceFrom?.toString() ?? '');
    setTo(params.priceTo?.toString() ?? '');
  }, [params.priceFrom, params.priceTo]);

  const digits = (value: string) => value.replace(/\D/g, '').slice(0, 12);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let low = from ? Number(from) : undefined;
    let high = to ? Number(to) : undefined;
    if (low != null && high != null && low > high) [low, high] = [high, low];
    onChange({ priceFrom: low, priceTo: high });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2">
        <label className="flex min-w-0 flex-col gap-1">
          <span className="text-xs text-muted">{t('listing.from')}</span>
          <input
            inputMode="numeric"
            value={from}
            onChange={(e) => setFrom(digits(e.target.value))}
            placeholder={formatNumber(filters.prices.min)}
            aria-label={t('listing.price_from')}
            className="h-10 w-full min-w-0 rounded-[10px] border border-line bg-white px-3 text-sm"
          />
        </label>
        <label className="flex min-w-0 flex-col gap-1">
          <span className="text-xs text-muted">{t('listing.to')}</span>
          <input
            inputMode="numeric"
            value={to}
            onChange={(e) => setTo(digits(e.target.value))}
            placeholder={formatNumber(filters.prices.max)}
            aria-label={t('listing.price_to')}
            className="h-10 w-full min-w-0 rounded-[10px] border border-line bg-white px-3 text-sm"
          />
        </label>
      </div>
      <button type="submit" className={cn(buttonClass('secondary'), 'h-9')}>
        {t('listing.apply')}
      </button>
    </form>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="border-b border-line pb-4 last:border-0">
      <legend className="mb-2 text-sm font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

function Check({
  label,
  count,
  checked,
  onToggle,
}: {
  label: string;
  count: number;
  checked: boolean;
  onToggle: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 py-1 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={onToggle}
        className="size-4 accent-[var(--color-primary)]"
      />
      <span className="flex-1 truncate">{label}</span>
      <span className="text-xs text-muted tabular-nums">{count}</span>
    </label>
  );
}

const VISIBLE = 8;

function CheckList<T extends { id: number; name: string; count: number }>({
  items,
  isChecked,
  onToggle,
}: {
  items: T[];
  isChecked: (item: T) => boolean;
  onToggle: (item: T) => void;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, VISIBLE);
  return (
    <div>
      {shown.map((item) => (
        <Check
          key={item.id}
          label={item.name}
          count={item.count}
          checked={isChecked(item)}
          onToggle={() => onToggle(item)}
        />
      ))}
      {items.length > VISIBLE && (
        <button
          type="button"
          onClick={() => setAll(!all)}
          className="mt-1 text-sm font-semibold text-primary hover:underline"
        >
          {all ? t('listing.show_less') : t('listing.show_all', { count: items.length })}
        </button>
      )}
    </div>
  );
}

/** Price range, brands, colours and characteristics; every change goes to the URL. */
export function FilterPanel({ filters, params, onChange }: FilterPanelProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <Group title={t('listing.price')}>
        <PriceRange filters={filters} params={params} onChange={onChange} />
      </Group>
      <Group title={t('listing.rating_title')}>
        <label className="flex cursor-pointer items-center gap-2 py-1 text-sm">
          <input
            type="checkbox"
            checked={params.ratingFrom === 4}
            onChange={() => onChange({ ratingFrom: params.ratingFrom === 4 ? undefined : 4 })}
            className="size-4 accent-[var(--color-primary)]"
            data-testid="rating-from"
          />
          <span className="flex-1">{t('listing.rating_from')}</span>
        </label>
      </Group>
      {filters.brands.length > 0 && (
        <Group title={t('listing.brands')}>
          <CheckList
            items={filters.brands}
            isChecked={(b) => params.brands.includes(b.slug)}
            onToggle={(b) => onChange({ brands: toggle(params.brands, b.slug) })}
          />
        </Group>
      )}
      {filters.colors.length > 0 && (
        <Group title={t('listing.colors')}>
          <div className="flex flex-wrap gap-2">
            {filters.colors.map((c) => {
              const on = params.colors.includes(c.slug);
              return (
                <button
                  key={c.id}
                  type="button"
                  aria-pressed={on}
                  aria-label={`${c.name} (${c.count})`}
                  title={c.name}
                  onClick={() => onChange({ colors: toggle(params.colors, c.slug) })}
                  className={cn(
                    'size-8 rounded-full border-2 shadow-inner',
                    on ? 'border-primary ring-2 ring-primary/30' : 'border-line',
                  )}
                  style={{ backgroundColor: c.hex }}
                />
              );
            })}
          </div>
        </Group>
      )}
      {filters.filters.map((attribute) => (
        <Group key={attribute.id} title={attribute.name}>
          <CheckList
            items={attribute.values}
            isChecked={(v) => params.filters.includes(v.id)}
            onToggle={(v) => onChange({ filters: toggle(params.filters, v.id) })}
          />
        </Group>
      ))}
    </div>
  );
}
