import type { AdminCollection, CollectionRule, PickedProduct } from '@bozor/shared';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Loaded } from '../../components/kit/loaded.tsx';
import { thumbnailOf } from '../../components/pictures.tsx';
import {
  Badge,
  Button,
  ChoiceField,
  choicesOf,
  Dialog,
  EmptyState,
  ErrorState,
  Loading,
  Notice,
  TextField,
} from '../../components/ui.tsx';
import { post } from '../../lib/api.ts';
import { money, number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  indentedName,
  nameIn,
  useCollectionProducts,
  useDictionary,
  useDictionaryWrite,
  useProductPicker,
} from './api.ts';
import {
  CatalogueHeader,
  DeleteDialog,
  type NamedValues,
  namedDefaults,
  OwnRowForm,
  RowActions,
  RowDialog,
  type RowOpen,
  useCanWriteCatalogue,
} from './parts.tsx';

type Open = RowOpen<AdminCollection, { kind: 'products'; row: AdminCollection }>;

/** Collections of the home page: chosen by hand, or found by a rule. */
export function CollectionsPage() {
  const { t, lang } = useI18n();
  const collections = useDictionary('collections');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <>
      <CatalogueHeader section="collections" onAdd={() => setOpen({ kind: 'new' })} />
      <Loaded query={collections}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState boxed title={t('collections.empty')} />
          ) : (
            <div className="overflow-hidden rounded-card border border-line bg-white">
              <table className="w-full text-left" aria-label={t('collections.title')}>
                <thead className="bg-page/60 text-xs text-muted">
                  <tr>
                    <th className="border-b border-line px-3 py-2 font-medium">
                      {t('collections.position')}
                    </th>
                    <th className="border-b border-line px-3 py-2 font-medium">
                      {t('catalogue.name')}
                    </th>
                    <th className="border-b border-line px-3 py-2 font-medium">
                      {t('collections.kind')}
                    </th>
                    <th className="border-b border-line px-3 py-2 font-medium">
                      {t('catalogue.products')}
                    </th>
                    <th className="border-b border-line px-3 py-2">
                      <span className="sr-only">{t('catalogue.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((row) => (
                    <tr key={row.id} className="border-b border-line last:border-0">
                      <td className="px-3 py-2 tabular">{row.position}</td>
                      <td className="px-3 py-2">
                        <p className="font-medium">
                          {nameIn(row, lang)}{' '}
                          {!row.is_active && (
                            <Badge tone="warning">{t('collections.hidden')}</Badge>
                          )}
                        </p>
                        <p className="font-mono text-xs text-muted">/{row.slug}</p>
                      </td>
                      <td className="px-3 py-2">
                        {row.rule ? (
                          <Badge tone="info">{t('collections.byRule')}</Badge>
                        ) : (
                          <Badge>{t('collections.byHand')}</Badge>
                        )}
                      </td>
                      <td className="px-3 py-2 tabular">{number(row.product_count)}</td>
                      <td className="px-3 py-2">
                        <div className="flex justify-end gap-1">
                          <Button
                            variant="ghost"
                            onClick={() => setOpen({ kind: 'products', row })}
                          >
                            {t('collections.manage')}
                          </Button>
                          <RowActions
                            onEdit={() => setOpen({ kind: 'edit', row })}
                            onDelete={() => setOpen({ kind: 'delete', row })}
                          />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      <RowDialog section="collections" open={open} onClose={close} wide>
        {(shown) => (
          <CollectionForm row={shown.kind === 'edit' ? shown.row : undefined} onDone={close} />
        )}
      </RowDialog>
      <Dialog
        open={open?.kind === 'products'}
        title={
          open?.kind === 'products'
            ? t('collections.productsTitle', { name: nameIn(open.row, lang) })
            : ''
        }
        onClose={close}
        wide
      >
        {open?.kind === 'products' && <CollectionProducts collection={open.row} onDone={close} />}
      </Dialog>
      <DeleteDialog
        dictionary="collections"
        target={
          open?.kind === 'delete'
            ? { path: `/product-collections/${open.row.id}`, name: nameIn(open.row, lang) }
            : null
        }
        onClose={close}
      />
    </>
  );
}

interface CollectionValues extends NamedValues {
  image: string | null;
  position: string;
  is_active: boolean;
  by_rule: 'hand' | 'rule';
  category_id: string;
  brand_id: string;
  tag_id: string;
  min_price: string;
  max_price: string;
  in_stock: boolean;
  limit: string;
}

const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

function ruleOf(v: CollectionValues): CollectionRule | null {
  if (v.by_rule === 'hand') return null;
  const rule: Record<string, unknown> = { limit: Number(v.limit) };
  for (const key of ['category_id', 'brand_id', 'tag_id', 'min_price', 'max_price'] as const) {
    const value = optionalNumber(v[key]);
    if (value !== undefined) rule[key] = value;
  }
  if (v.in_stock) rule.in_stock = true;
  return rule as CollectionRule;
}

function CollectionForm({ row, onDone }: { row: AdminCollection | undefined; onDone: () => void }) {
  const { t, lang } = useI18n();
  const categories = useDictionary('categories');
  const brands = useDictionary('brands');
  const tags = useDictionary('tags');
  const rule = row?.rule;
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  const form = useForm<CollectionValues>({
    defaultValues: {
      ...namedDefaults(row),
      image: row?.image ?? null,
      position: String(row?.position ?? 0),
      is_active: row?.is_active ?? true,
      by_rule: rule ? 'rule' : 'hand',
      category_id: text(rule?.category_id),
      brand_id: text(rule?.brand_id),
      tag_id: text(rule?.tag_id),
      min_price: text(rule?.min_price),
      max_price: text(rule?.max_price),
      in_stock: rule?.in_stock ?? false,
      limit: String(rule?.limit ?? 12),
    },
  });
  const errors = form.formState.errors;
  const byRule = form.watch('by_rule') === 'rule';
  return (
    <OwnRowForm
      dictionary="collections"
      row={row}
      form={form}
      picture="collection"
      toBody={(v) => ({
        position: Number(v.position || 0),
        is_active: v.is_active,
        rule: ruleOf(v),
      })}
      onDone={onDone}
    >
      {(server) => (
        <>
          <TextField
            label={t('collections.position')}
            type="number"
            min={0}
            error={server.position?.[0]}
            {...form.register('position')}
          />
          <label className="col-span-2 flex items-center gap-2">
            <input type="checkbox" {...form.register('is_active')} />
            {t('collections.isActive')}
          </label>
          <fieldset className="col-span-2 flex flex-col gap-3 rounded-card border border-line p-3">
            <legend className="px-1 text-xs font-medium text-muted">{t('collections.kind')}</legend>
            <div className="flex gap-6">
              <label className="flex items-center gap-2">
                <input type="radio" value="hand" {...form.register('by_rule')} />
                {t('collections.byHand')}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="rule" {...form.register('by_rule')} />
                {t('collections.byRule')}
              </label>
            </div>
            {byRule && (
              <div className="grid grid-cols-3 gap-3">
                <ChoiceField
                  label={t('collections.ruleCategory')}
                  none={t('collections.any')}
                  choices={(categories.data ?? []).map(
                    (c) => [c.id, indentedName(c, lang)] as const,
                  )}
                  error={server['rule.category_id']?.[0]}
                  {...form.register('category_id')}
                />
                <ChoiceField
                  label={t('collections.ruleBrand')}
                  none={t('collections.anyBrand')}
                  choices={choicesOf(brands.data)}
                  error={server['rule.brand_id']?.[0]}
                  {...form.register('brand_id')}
                />
                <ChoiceField
                  label={t('collections.ruleTag')}
                  none={t('collections.anyBrand')}
                  choices={(tags.data ?? []).map((tag) => [tag.id, nameIn(tag, lang)] as const)}
                  error={server['rule.tag_id']?.[0]}
                  {...form.register('tag_id')}
                />
                <TextField
                  label={t('collections.ruleMinPrice')}
                  type="number"
                  min={0}
                  error={server['rule.min_price']?.[0]}
                  {...form.register('min_price')}
                />
                <TextField
                  label={t('collections.ruleMaxPrice')}
                  type="number"
                  min={0}
                  error={server['rule.max_price']?.[0]}
                  {...form.register('max_price')}
                />
                <TextField
                  label={t('collections.ruleLimit')}
                  type="number"
                  min={1}
                  max={100}
                  error={errors.limit?.message ?? server['rule.limit']?.[0]}
                  {...form.register('limit', {
                    validate: (v) => {
                      const n = Number(v);
                      return (Number.isInteger(n) && n >= 1 && n <= 100) || t('catalogue.required');
                    },
                  })}
                />
                <label className="col-span-3 flex items-center gap-2">
                  <input type="checkbox" {...form.register('in_stock')} />
                  {t('collections.ruleInStock')}
                </label>
              </div>
            )}
          </fieldset>
        </>
      )}
    </OwnRowForm>
  );
}

/**
 * A collection's products: by rule, what the rule finds now (read only); by hand, a list to
 * add to from a search, reorder and trim, saved at once.
 */
function CollectionProducts({
  collection,
  onDone,
}: {
  collection: AdminCollection;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const canWrite = useCanWriteCatalogue() && collection.rule === null;
  const products = useCollectionProducts(collection.id);
  const [list, setList] = useState<PickedProduct[] | null>(null);
  const [q, setQ] = useState('');
  useEffect(() => {
    if (products.data && list === null) setList(products.data);
  }, [products.data, list]);
  const save = useDictionaryWrite(
    'collections',
    (ids: number[]) =>
      post<PickedProduct[]>(`/product-collections/${collection.id}/products`, {
        product_ids: ids,
      }),
    onDone,
  );
  const picker = useProductPicker(q);
  const inList = useMemo(() => new Set((list ?? []).map((p) => p.id)), [list]);
  const changed =
    list !== null &&
    products.data !== undefined &&
    list.map((p) => p.id).join() !== products.data.map((p) => p.id).join();
  if (products.isPending) return <Loading />;
  if (products.isError) {
    return <ErrorState error={products.error} retry={() => products.refetch()} />;
  }
  const rows = list ?? products.data;
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    setList(next);
  };
  return (
    <div className="flex flex-col gap-3">
      {collection.rule && <Notice tone="success">{t('collections.ruleFinds')}</Notice>}
      {rows.length === 0 ? (
        <EmptyState title={t('collections.noProducts')} />
      ) : (
        <ol className="max-h-80 overflow-y-auto rounded-card border border-line">
          {rows.map((product, index) => (
            <li
              key={product.id}
              className="flex items-center gap-3 border-b border-line px-3 py-1.5 last:border-0"
            >
              <span className="w-6 text-right text-xs text-muted tabular">{index + 1}</span>
              <ProductLine product={product} />
              {canWrite && (
                <div className="flex gap-0.5">
                  <Button
                    variant="ghost"
                    className="h-7 px-2"
                    aria-label={t('catalogue.moveUp')}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    className="h-7 px-2"
                    aria-label={t('catalogue.moveDown')}
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    className="h-7 px-2"
                    onClick={() => setList(rows.filter((p) => p.id !== product.id))}
                  >
                    {t('collections.remove')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {canWrite && (
        <>
          <TextField
            label={t('collections.searchProducts')}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          {q.trim().length >= 2 &&
            (picker.isPending ? (
              <Loading />
            ) : picker.isError ? (
              <ErrorState error={picker.error} />
            ) : picker.data.length === 0 ? (
              <p className="text-muted">{t('collections.nothingFound')}</p>
            ) : (
              <ul className="max-h-60 overflow-y-auto rounded-card border border-line">
                {picker.data.map((product) => (
                  <li
                    key={product.id}
                    className="flex items-center gap-3 border-b border-line px-3 py-1.5 last:border-0"
                  >
                    <ProductLine product={product} />
                    {inList.has(product.id) ? (
                      <span className="text-xs text-muted">{t('collections.inList')}</span>
                    ) : (
                      <Button
                        variant="ghost"
                        className="h-7 px-2"
                        onClick={() => setList([...rows, product])}
                      >
                        + {t('collections.addProduct')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            ))}
          {changed && <p className="text-xs text-warning">{t('collections.unsaved')}</p>}
          {save.error && <Notice tone="danger">{save.error.message}</Notice>}
          <div className="flex justify-end gap-2">
            <Button onClick={onDone}>{t('common.cancel')}</Button>
            <Button
              variant="primary"
              busy={save.isPending}
              disabled={!changed}
              onClick={() => save.mutate(rows.map((p) => p.id))}
            >
              {t('collections.saveOrder')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

function ProductLine({ product }: { product: PickedProduct }) {
  const { t, lang } = useI18n();
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      {product.image ? (
        <img
          src={thumbnailOf(product.image, 'product')}
          alt=""
          className="size-9 rounded object-contain"
        />
      ) : (
        <span aria-hidden className="size-9 rounded bg-page" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{nameIn(product, lang)}</p>
        <p className="text-xs text-muted">
          {t('collections.code')}: {product.code} · {money(product.price, lang)}
        </p>
      </div>
      {!product.is_active && <Badge tone="warning">{t('collections.offSale')}</Badge>}
      {product.is_active && product.stock === 0 && <Badge>{t('collections.outOfStock')}</Badge>}
    </div>
  );
}
