import {
  type AdminBrand,
  type AdminColor,
  type AdminTag,
  BrandBody,
  ColorBody,
  TagBody,
} from '@bozor/shared';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { columnsFor } from '../../components/data-table.tsx';
import { type KeyOf, kitColumns } from '../../components/kit/columns.tsx';
import type { FormField } from '../../components/kit/form.tsx';
import { thumbnailOf } from '../../components/pictures.tsx';
import { TextField } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { HEX, nameIn, slugOf } from './api.ts';
import {
  type DictionaryFormSpec,
  DictionaryPage,
  NAMED_BLANK,
  namedFields,
  PictureField,
  Swatch,
  slugField,
} from './parts.tsx';

/** A dictionary's row count of products, as a column. */
const productsColumn = <Row extends { product_count: number }>(header: string) =>
  kitColumns<Row>().count('product_count' as KeyOf<Row, number>, header);

const slugColumnCell = (slug: string) => <span className="font-mono text-xs">{slug}</span>;

// ---- brands ----

const brandCol = columnsFor<AdminBrand>();

export function BrandsPage() {
  const { t } = useI18n();
  return (
    <DictionaryPage
      dictionary="brands"
      title={t('brands.title')}
      add={t('brands.new')}
      empty={t('brands.empty')}
      nameOf={(brand) => brand.name}
      editTitle={(brand) => t('brands.editTitle', { name: brand.name })}
      columns={[
        brandCol.accessor('logo', {
          header: t('catalogue.logo'),
          cell: (info) =>
            info.getValue() ? (
              <img
                src={thumbnailOf(info.getValue() ?? '', 'brand')}
                alt=""
                className="size-8 object-contain"
              />
            ) : (
              <span className="text-muted">—</span>
            ),
        }),
        brandCol.accessor('name', {
          header: t('catalogue.name'),
          cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        }),
        brandCol.accessor('slug', {
          header: t('catalogue.slug'),
          cell: (info) => slugColumnCell(info.getValue()),
        }),
        productsColumn<AdminBrand>(t('catalogue.products')),
      ]}
      form={BRAND_FORM}
    />
  );
}

const BRAND_FIELDS: FormField<BrandBody>[] = [
  {
    name: 'name',
    label: 'catalogue.name',
    autoFocus: true,
    maxLength: 120,
    fills: { name: 'slug', with: slugOf },
  },
  slugField(),
  {
    name: 'logo',
    label: 'catalogue.logo',
    kind: 'custom',
    render: (form, error) => <LogoPicture form={form} error={error} />,
  },
];

function LogoPicture({
  form,
  error,
}: {
  form: UseFormReturn<BrandBody>;
  error: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <PictureField form={form} name="logo" label={t('catalogue.logo')} kind="brand" error={error} />
  );
}

const BRAND_FORM: DictionaryFormSpec<BrandBody> = {
  fields: BRAND_FIELDS,
  defaults: { name: '', slug: '', logo: null },
  schema: BrandBody,
  toBody: (values) => ({ ...values, name: values.name.trim(), slug: values.slug.trim() }),
};

// ---- tags ----

const tagCol = columnsFor<AdminTag>();

export function TagsPage() {
  const { t, lang } = useI18n();
  return (
    <DictionaryPage
      dictionary="tags"
      title={t('tags.title')}
      subtitle={t('tags.subtitle')}
      add={t('tags.new')}
      empty={t('tags.empty')}
      nameOf={(tag) => nameIn(tag, lang)}
      editTitle={(tag) => t('tags.editTitle', { name: nameIn(tag, lang) })}
      columns={[
        tagCol.display({
          id: 'preview',
          header: t('tags.preview'),
          cell: (info) => (
            <TagChip tag={info.row.original} text={nameIn(info.row.original, lang)} />
          ),
        }),
        tagCol.accessor('name_uz', { header: t('catalogue.nameUz') }),
        tagCol.accessor('name_ru', { header: t('catalogue.nameRu') }),
        tagCol.accessor('color', {
          header: t('tags.color'),
          cell: (info) => <Swatch hex={info.getValue()} />,
        }),
        productsColumn<AdminTag>(t('catalogue.products')),
      ]}
      form={TAG_FORM}
    />
  );
}

function TagChip({ tag, text }: { tag: { color: string }; text: string }) {
  return (
    <span
      className="inline-block rounded px-2 py-0.5 text-xs font-medium text-white"
      style={{ backgroundColor: tag.color }}
    >
      {text}
    </span>
  );
}

const hexRules = { hex_invalid: 'catalogue.hexInvalid' } as const;

const TAG_FIELDS: FormField<TagBody>[] = [
  { name: 'name_uz', label: 'catalogue.nameUz', autoFocus: true, maxLength: 60 },
  { name: 'name_ru', label: 'catalogue.nameRu', maxLength: 60 },
  {
    name: 'color',
    label: 'tags.color',
    kind: 'custom',
    rules: hexRules,
    render: (form, error) => (
      <ColorInput form={form} name="color" label="tags.color" error={error} />
    ),
  },
];

const TAG_FORM: DictionaryFormSpec<TagBody> = {
  fields: TAG_FIELDS,
  defaults: { name_uz: '', name_ru: '', color: '#22c55e' },
  schema: TagBody,
  toBody: (values) => values,
  children: (form) => <TagPreview form={form} />,
};

/** The tag as its form stands, as the shop shows it. */
function TagPreview({ form }: { form: UseFormReturn<TagBody> }) {
  const { t, lang } = useI18n();
  const values = form.watch();
  return (
    <p className="flex items-center gap-2 text-muted">
      {t('tags.preview')}:
      <TagChip
        tag={{ color: HEX.test(values.color) ? values.color : '#999999' }}
        text={(lang === 'ru' ? values.name_ru : values.name_uz) || '…'}
      />
    </p>
  );
}

/** A colour typed as #rrggbb or picked from the browser's colour picker. */
function ColorInput<Values extends FieldValues>({
  form,
  name,
  label,
  error,
}: {
  form: UseFormReturn<Values>;
  name: Path<Values>;
  label: 'tags.color' | 'colors.hex';
  error: string | undefined;
}) {
  const { t } = useI18n();
  const value = String(form.watch(name) ?? '');
  return (
    <div className="flex items-end gap-2">
      <TextField
        label={t(label)}
        className="flex-1"
        maxLength={7}
        spellCheck={false}
        error={error}
        {...form.register(name)}
      />
      <input
        type="color"
        aria-label={t(label)}
        value={HEX.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) =>
          form.setValue(name, event.target.value as PathValue<Values, Path<Values>>, {
            shouldValidate: true,
          })
        }
        className="mb-0.5 h-9 w-12 cursor-pointer rounded-control border border-line bg-white p-1"
      />
    </div>
  );
}

// ---- colours ----

const colorCol = columnsFor<AdminColor>();

export function ColorsPage() {
  const { t, lang } = useI18n();
  return (
    <DictionaryPage
      dictionary="colors"
      title={t('colors.title')}
      subtitle={t('colors.subtitle')}
      add={t('colors.new')}
      empty={t('colors.empty')}
      nameOf={(color) => nameIn(color, lang)}
      editTitle={(color) => t('colors.editTitle', { name: nameIn(color, lang) })}
      columns={[
        colorCol.accessor('hex', {
          header: t('colors.hex'),
          cell: (info) => <Swatch hex={info.getValue()} />,
        }),
        colorCol.accessor('name_uz', { header: t('catalogue.nameUz') }),
        colorCol.accessor('name_ru', { header: t('catalogue.nameRu') }),
        colorCol.accessor('slug', {
          header: t('catalogue.slug'),
          cell: (info) => slugColumnCell(info.getValue()),
        }),
        productsColumn<AdminColor>(t('catalogue.products')),
      ]}
      form={COLOR_FORM}
    />
  );
}

const COLOR_FIELDS: FormField<ColorBody>[] = [
  ...namedFields<ColorBody>(60),
  {
    name: 'hex',
    label: 'colors.hex',
    kind: 'custom',
    rules: hexRules,
    render: (form, error) => <ColorInput form={form} name="hex" label="colors.hex" error={error} />,
  },
];

const COLOR_FORM: DictionaryFormSpec<ColorBody> = {
  fields: COLOR_FIELDS,
  defaults: { ...NAMED_BLANK, hex: '#000000' },
  schema: ColorBody,
  toBody: (values) => ({ ...values, slug: values.slug.trim() }),
};
