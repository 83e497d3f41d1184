import {
  type AdminProductDetail,
  MAX_PRODUCT_IMAGES,
  type ProductAlertCounts,
  type ProductAttributeOption,
  type ProductCategoryOption,
  type ProductFormOptions,
  ProductInput,
} from '@bozor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Controller,
  type DefaultValues,
  type FieldPath,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { FiscalCodeFields } from '../../components/kit/fiscal-code-fields.tsx';
import { ruleText } from '../../components/kit/form.tsx';
import { PictureManager } from '../../components/pictures.tsx';
import { RichTextEditor } from '../../components/rich-text.tsx';
import {
  Button,
  Card,
  ChoiceField,
  choicesOf,
  cn,
  ErrorState,
  Loading,
  Notice,
  PageHeader,
  SelectField,
  TextField,
} from '../../components/ui.tsx';
import { ApiError, getData, patch, post } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';
import { categoryLabel, nameIn, useAttributes, useFormOptions } from './api.ts';

/** What the form holds: ids are read from selects, so they are checked (and made numbers) on submit. */
type FormValues = z.input<typeof ProductInput>;

/** A new product: price and category left empty, so the form asks for them. */
const EMPTY: DefaultValues<FormValues> = {
  name_uz: '',
  name_ru: '',
  description_uz: '',
  description_ru: '',
  code: '',
  slug: '',
  old_price: null,
  stock: 0,
  category_id: '',
  brand_id: null,
  color_id: null,
  tag_ids: [],
  attribute_value_ids: [],
  collection_ids: [],
  is_active: true,
  images: [],
  ikpu: null,
  package_code: null,
  units: null,
  vat_percent: null,
  size_class: 'standard',
};

function inputOf(product: AdminProductDetail): ProductInput {
  return {
    name_uz: product.name_uz,
    name_ru: product.name_ru,
    description_uz: product.description_uz,
    description_ru: product.description_ru,
    code: product.code,
    slug: product.slug,
    price: product.price,
    old_price: product.old_price,
    stock: product.stock,
    category_id: product.category_id,
    brand_id: product.brand_id,
    color_id: product.color_id,
    tag_ids: product.tag_ids,
    attribute_value_ids: product.attribute_value_ids,
    collection_ids: product.collection_ids,
    is_active: product.is_active,
    images: product.images,
    ikpu: product.ikpu,
    package_code: product.package_code,
    units: product.units,
    vat_percent: product.vat_percent,
    size_class: product.size_class,
  };
}

/** A number field: empty is NaN (the schema says the field is required), or null where allowed. */
const toNumber = (value: unknown) =>
  value === '' || value == null ? Number.NaN : Number(String(value).replace(/\s/g, ''));
const toNullableId = (value: unknown) => (value === '' || value == null ? null : Number(value));
/** A number that may be left empty (null), spaces dropped; not a number is NaN, refused. */
const toNullableNumber = (value: unknown) =>
  value === '' || value == null ? null : Number(String(value).replace(/\s/g, ''));

/** How many customers wait for the product to come back or get cheaper: what to restock. */
function WaitingCustomers({ productId }: { productId: number }) {
  const { t } = useI18n();
  const counts = useQuery({
    queryKey: ['products', 'alerts', productId],
    queryFn: ({ signal }) =>
      getData<ProductAlertCounts>(`/products/${productId}/alerts`, undefined, signal),
  });
  if (!counts.data) return null;
  const { back_in_stock: back, price_drop: cheaper } = counts.data;
  return (
    <p className="mt-3 text-sm text-muted" data-testid="waiting-customers">
      {back + cheaper === 0
        ? t('product.waitingNone')
        : t('product.waiting', { back: String(back), cheaper: String(cheaper) })}
    </p>
  );
}

export function ProductPage() {
  const { id } = useParams();
  const isNew = id === undefined;
  const options = useFormOptions();
  const product = useQuery({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => getData<AdminProductDetail>(`/products/${id}`, undefined, signal),
    enabled: !isNew,
  });
  if (options.isPending || (!isNew && product.isPending)) return <Loading />;
  if (options.isError) return <ErrorState error={options.error} retry={() => options.refetch()} />;
  if (!isNew && product.isError) {
    return <ErrorState error={product.error} retry={() => product.refetch()} />;
  }
  return (
    <ProductForm
      key={id ?? 'new'}
      product={isNew ? null : (product.data ?? null)}
      options={options.data}
    />
  );
}

function ProductForm({
  product,
  options,
}: {
  product: AdminProductDetail | null;
  options: ProductFormOptions;
}) {
  const { t, lang } = useI18n();
  const { can } = useStaff();
  const writer = can('catalogue.write');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const form = useForm<FormValues, unknown, ProductInput>({
    resolver: zodResolver(ProductInput),
    defaultValues: product ? inputOf(product) : EMPTY,
  });
  const errors = form.formState.errors;
  const error = (name: FieldPath<FormValues>) => {
    const parts = name.split('.');
    let node: unknown = errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return ruleText((node as { message?: string } | undefined)?.message, t);
  };

  const save = useMutation({
    mutationFn: (body: ProductInput) =>
      product
        ? patch<AdminProductDetail>(`/products/${product.id}`, body)
        : post<AdminProductDetail>('/products', body),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      setSaved(true);
      if (!product) navigate(`/products/${answer.data.id}`, { replace: true });
      else form.reset(inputOf(answer.data));
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError)) return;
      for (const [field, messages] of Object.entries(failure.fieldErrors)) {
        form.setError(field as FieldPath<FormValues>, { message: messages[0] });
      }
    },
  });
  const serverFields = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const watched = Number(form.watch('category_id'));
  const categoryId = Number.isInteger(watched) && watched > 0 ? watched : undefined;
  const chosenCategory = options.categories.find((c) => c.id === categoryId);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(
        (values) => {
          setSaved(false);
          save.mutate(values);
        },
        () => setSaved(false),
      )}
    >
      <PageHeader
        title={product ? t('product.editTitle', { id: product.id }) : t('product.newTitle')}
        subtitle={
          <Link to="/products" className="text-primary hover:underline">
            ← {t('product.back')}
          </Link>
        }
        actions={
          <>
            {product && (
              <a
                href={`/product/${product.slug}`}
                target="_blank"
                rel="noreferrer"
                className="inline-flex h-9 items-center rounded-control border border-line bg-white px-3.5 font-medium hover:bg-page"
              >
                {t('product.seeInShop')} ↗
              </a>
            )}
            {writer && (
              <Button type="submit" variant="primary" busy={save.isPending}>
                {product ? t('product.save') : t('product.create')}
              </Button>
            )}
          </>
        }
      />
      <div className="mb-4 flex flex-col gap-2" aria-live="polite">
        {saved && !form.formState.isDirty && <Notice tone="success">{t('product.saved')}</Notice>}
        {save.error && Object.keys(serverFields).length === 0 && (
          <Notice tone="danger">{save.error.message}</Notice>
        )}
        {(Object.keys(serverFields).length > 0 || form.formState.submitCount > 0) &&
          Object.keys(errors).length > 0 && <Notice tone="danger">{t('product.fixFields')}</Notice>}
      </div>
      <fieldset
        disabled={!writer}
        className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
      >
        <div className="flex min-w-0 flex-col gap-4">
          <Card title={t('product.main')}>
            <div className="grid gap-3 md:grid-cols-2">
              <TextField
                label={t('product.nameUz')}
                lang="uz"
                maxLength={200}
                error={error('name_uz')}
                {...form.register('name_uz')}
              />
              <TextField
                label={t('product.nameRu')}
                lang="ru"
                maxLength={200}
                error={error('name_ru')}
                {...form.register('name_ru')}
              />
              {(['description_uz', 'description_ru'] as const).map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <div lang={name === 'description_uz' ? 'uz' : 'ru'}>
                      <RichTextEditor
                        label={t(
                          name === 'description_uz'
                            ? 'product.descriptionUz'
                            : 'product.descriptionRu',
                        )}
                        value={field.value}
                        onChange={field.onChange}
                        error={error(name)}
                        disabled={!writer}
                      />
                    </div>
                  )}
                />
              ))}
            </div>
            <p className="mt-2 text-xs text-muted">{t('product.descriptionHint')}</p>
            <div className="mt-3 grid gap-3 md:grid-cols-2">
              <TextField
                label={t('product.code')}
                maxLength={64}
                autoComplete="off"
                error={error('code')}
                {...form.register('code')}
              />
              <TextField
                label={t('product.slug')}
                maxLength={120}
                autoComplete="off"
                hint={product ? t('product.slugKeep') : t('product.slugHint')}
                error={error('slug')}
                {...form.register('slug')}
              />
            </div>
          </Card>
          <Card title={t('product.filing')}>
            <div className="grid gap-3 md:grid-cols-3">
              <ChoiceField
                label={t('product.category')}
                none={t('product.chooseCategory')}
                choices={options.categories.map((c) => [c.id, categoryLabel(c, lang, t)] as const)}
                error={error('category_id')}
                {...form.register('category_id', { setValueAs: toNumber })}
              />
              <ChoiceField
                label={t('product.brand')}
                none={t('product.none')}
                choices={choicesOf(options.brands)}
                error={error('brand_id')}
                {...form.register('brand_id', { setValueAs: toNullableId })}
              />
              <ChoiceField
                label={t('product.color')}
                none={t('product.none')}
                choices={options.colors.map((color) => [color.id, nameIn(color, lang)] as const)}
                error={error('color_id')}
                {...form.register('color_id', { setValueAs: toNullableId })}
              />
            </div>
            <Controller
              control={form.control}
              name="attribute_value_ids"
              render={({ field }) => (
                <AttributePicker
                  categoryId={categoryId}
                  value={field.value as number[]}
                  onChange={field.onChange}
                  error={error('attribute_value_ids')}
                />
              )}
            />
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <Card title={t('product.prices')}>
            <div className="flex flex-col gap-3">
              <TextField
                label={t('product.price')}
                inputMode="numeric"
                error={error('price')}
                {...form.register('price', { setValueAs: toNumber })}
              />
              <TextField
                label={t('product.oldPrice')}
                inputMode="numeric"
                hint={t('product.oldPriceHint')}
                error={error('old_price')}
                {...form.register('old_price', {
                  setValueAs: (value) => (value === '' || value == null ? null : toNumber(value)),
                })}
              />
              <TextField
                label={t('product.stock')}
                inputMode="numeric"
                error={error('stock')}
                {...form.register('stock', { setValueAs: toNumber })}
              />
            </div>
            {product && <WaitingCustomers productId={product.id} />}
          </Card>
          <Card title={t('product.delivery')}>
            <SelectField
              label={t('product.sizeClass')}
              hint={t('product.sizeHint')}
              error={error('size_class')}
              {...form.register('size_class')}
            >
              <option value="standard">{t('product.sizeStandard')}</option>
              <option value="bulky">{t('product.sizeBulky')}</option>
            </SelectField>
          </Card>
          <Card title={t('product.visibility')}>
            <label className="flex items-center gap-3">
              <input
                type="checkbox"
                className="size-5 accent-primary"
                {...form.register('is_active')}
              />
              <span className="font-medium">{t('product.isActive')}</span>
            </label>
            {chosenCategory && !isShown(chosenCategory.id, options) && (
              <p className="mt-2 text-xs text-warning">{t('product.categoryHidden')}</p>
            )}
          </Card>
          <FiscalCard form={form} error={error} category={chosenCategory} options={options} />
          <Card title={t('product.pictures')}>
            <Controller
              control={form.control}
              name="images"
              render={({ field }) => (
                <PictureManager
                  kind="product"
                  max={MAX_PRODUCT_IMAGES}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={!writer}
                  error={error('images') ?? firstItemError(errors.images, t)}
                />
              )}
            />
          </Card>
          <Card title={t('product.tags')}>
            <Controller
              control={form.control}
              name="tag_ids"
              render={({ field }) => (
                <ChoiceList
                  items={options.tags.map((tag) => ({
                    id: tag.id,
                    label: nameIn(tag, lang),
                    color: tag.color,
                  }))}
                  value={field.value as number[]}
                  onChange={field.onChange}
                  empty={t('product.noTags')}
                  error={error('tag_ids')}
                />
              )}
            />
          </Card>
          <Card title={t('product.collections')}>
            <Controller
              control={form.control}
              name="collection_ids"
              render={({ field }) => (
                <ChoiceList
                  items={options.collections.map((collection) => ({
                    id: collection.id,
                    label: nameIn(collection, lang),
                  }))}
                  value={field.value as number[]}
                  onChange={field.onChange}
                  empty={t('product.noCollections')}
                  error={error('collection_ids')}
                />
              )}
            />
          </Card>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * The product's own fiscal code, each field empty to take its category's: what the category
 * gives is shown under each field with the category it comes from, and a product neither gives
 * an IKPU is said to be unsellable while fiscalisation is on.
 */
function FiscalCard({
  form,
  error,
  category,
  options,
}: {
  form: UseFormReturn<FormValues, unknown, ProductInput>;
  error: (name: FieldPath<FormValues>) => string | undefined;
  category: ProductCategoryOption | undefined;
  options: ProductFormOptions;
}) {
  const { t, lang } = useI18n();
  const inherited = category?.fiscal;
  const nameOf = (id: number | null | undefined) => {
    const found = options.categories.find((c) => c.id === id);
    return found ? nameIn(found, lang) : '';
  };
  const [ikpu, packageCode, active] = form.watch(['ikpu', 'package_code', 'is_active']);
  const own = Boolean(ikpu?.trim()) && Boolean(packageCode?.trim());
  const coded = own || (inherited?.code_from ?? null) !== null;
  const vatInherited =
    inherited?.vat_percent === null || inherited === undefined
      ? t('product.vatDefault')
      : t('product.vatInherited', {
          rate: t('kit.fiscal.vatRate', { rate: inherited.vat_percent }),
        });
  return (
    <Card title={t('product.fiscal')}>
      <p className="mb-3 text-xs text-muted">{t('product.fiscalHint')}</p>
      <div className="flex flex-col gap-3">
        <FiscalCodeFields
          register={{
            ikpu: form.register('ikpu'),
            package_code: form.register('package_code'),
            units: form.register('units', { setValueAs: toNullableNumber }),
            vat_percent: form.register('vat_percent', { setValueAs: toNullableNumber }),
          }}
          errors={{
            ikpu: error('ikpu'),
            package_code: error('package_code'),
            units: error('units'),
            vat_percent: error('vat_percent'),
          }}
          inherited={inherited}
          codeFrom={nameOf(inherited?.code_from)}
          inheritedNone={t('product.inheritedNone')}
          vatEmpty={vatInherited}
        />
        {category && !coded && active ? (
          <p role="status" className="text-xs text-warning">
            {t('product.fiscalMissing')}
          </p>
        ) : category && coded ? (
          <p className="text-xs text-muted">
            {own
              ? t('product.fiscalOwn')
              : t('product.fiscalFromCategory', { name: nameOf(inherited?.code_from) })}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

/** Whether the shop shows a category: it and every one above it are switched on. */
function isShown(id: number, options: ProductFormOptions): boolean {
  const byId = new Map(options.categories.map((c) => [c.id, c]));
  for (let c = byId.get(id); c; c = c.parent_id === null ? undefined : byId.get(c.parent_id)) {
    if (!c.is_active) return false;
  }
  return true;
}

/** The first refusal of a picture in the list (`images.3`), in the staff's words. */
function firstItemError(list: unknown, t: Parameters<typeof ruleText>[1]): string | undefined {
  if (!Array.isArray(list)) return undefined;
  const first = list.find((item) => item?.message) as { message?: string } | undefined;
  return ruleText(first?.message, t);
}

/** Values chosen by pressing them, grouped by attribute; the category's own attributes first. */
function AttributePicker({
  categoryId,
  value,
  onChange,
  error,
}: {
  categoryId: number | undefined;
  value: number[];
  onChange: (next: number[]) => void;
  error: string | undefined;
}) {
  const { t, lang } = useI18n();
  const attributes = useAttributes(categoryId);
  const [showAll, setShowAll] = useState(false);
  if (attributes.isPending) return <Loading />;
  if (attributes.isError) {
    return <ErrorState error={attributes.error} retry={() => attributes.refetch()} />;
  }
  const own = attributes.data.filter((a) => a.in_category);
  const others = attributes.data.filter((a) => !a.in_category);
  // attributes the product already has stay on screen even when not the category's own
  const chosenOthers = others.filter((a) => a.values.some((v) => value.includes(v.id)));
  const shownOthers = showAll ? others : chosenOthers;
  const toggle = (id: number) =>
    onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  const group = (attribute: ProductAttributeOption) => (
    <div key={attribute.id} className="flex flex-col gap-1">
      <span className="text-xs font-medium text-muted">{nameIn(attribute, lang)}</span>
      <div className="flex flex-wrap gap-1.5">
        {attribute.values.map((v) => {
          const on = value.includes(v.id);
          return (
            <button
              key={v.id}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(v.id)}
              className={cn(
                'rounded-full border px-2.5 py-0.5 text-xs',
                on
                  ? 'border-primary bg-primary text-white'
                  : 'border-line bg-white text-ink hover:bg-page',
              )}
            >
              {lang === 'ru' ? v.value_ru : v.value_uz}
            </button>
          );
        })}
      </div>
    </div>
  );
  return (
    <section className="mt-4 flex flex-col gap-3" aria-label={t('product.attributes')}>
      <div>
        <h3 className="font-medium">{t('product.attributes')}</h3>
        <p className="text-xs text-muted">{t('product.attributesHint')}</p>
      </div>
      {attributes.data.length === 0 && <p className="text-muted">{t('product.noAttributes')}</p>}
      {own.map(group)}
      {shownOthers.map(group)}
      {others.length > 0 && !showAll && (
        <Button variant="ghost" className="self-start" onClick={() => setShowAll(true)}>
          {t('product.otherAttributes')} ({others.length})
        </Button>
      )}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </section>
  );
}

/** Checkboxes for a many-of list (tags, collections). */
function ChoiceList({
  items,
  value,
  onChange,
  empty,
  error,
}: {
  items: { id: number; label: string; color?: string }[];
  value: number[];
  onChange: (next: number[]) => void;
  empty: string;
  error: string | undefined;
}) {
  if (items.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <div className="flex flex-col gap-1.5">
      {items.map((item) => (
        <label key={item.id} className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={value.includes(item.id)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...value, item.id] : value.filter((id) => id !== item.id),
              )
            }
          />
          {item.color && (
            <span aria-hidden className="size-3 rounded-full" style={{ background: item.color }} />
          )}
          {item.label}
        </label>
      ))}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
