import type { AdminBrand, AdminColor, AdminTag } from '@bozor/shared';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { columnsFor, DataTable, type GridColumns } from '../../components/data-table.tsx';
import { thumbnailOf } from '../../components/pictures.tsx';
import {
  Button,
  Dialog,
  ErrorState,
  Loading,
  PageHeader,
  TextField,
} from '../../components/ui.tsx';
import { number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  fieldErrorsOf,
  formError,
  HEX,
  nameIn,
  SLUG,
  saveTo,
  slugOf,
  useDictionary,
  useDictionaryWrite,
} from './api.ts';
import {
  DeleteDialog,
  FormButtons,
  PictureField,
  RowActions,
  Swatch,
  useCanWrite,
} from './parts.tsx';

/** What a row's dialog is doing: making a new one, or changing or deleting one. */
type Open<Row> = { kind: 'new' } | { kind: 'edit'; row: Row } | { kind: 'delete'; row: Row } | null;

function useUsedText() {
  const { t } = useI18n();
  return (count: number) => (count > 0 ? t('catalogue.deleteUsed', { count }) : null);
}

// ---- brands ----

const brandCol = columnsFor<AdminBrand>();

export function BrandsPage() {
  const { t } = useI18n();
  const brands = useDictionary('brands');
  const [open, setOpen] = useState<Open<AdminBrand>>(null);
  const used = useUsedText();
  const canWrite = useCanWrite();
  const columns = useMemo<GridColumns<AdminBrand>>(
    () => [
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
        cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
      }),
      brandCol.accessor('product_count', {
        header: t('catalogue.products'),
        cell: (info) => <span className="tabular">{number(info.getValue())}</span>,
      }),
      brandCol.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('catalogue.actions')}</span>,
        cell: (info) => (
          <RowActions>
            <Button
              variant="ghost"
              onClick={() => setOpen({ kind: 'edit', row: info.row.original })}
            >
              {t('catalogue.edit')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => setOpen({ kind: 'delete', row: info.row.original })}
            >
              {t('catalogue.delete')}
            </Button>
          </RowActions>
        ),
      }),
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('brands.title')}
        actions={
          canWrite && (
            <Button variant="primary" onClick={() => setOpen({ kind: 'new' })}>
              {t('brands.new')}
            </Button>
          )
        }
      />
      {brands.isPending ? (
        <Loading />
      ) : brands.isError ? (
        <ErrorState error={brands.error} retry={() => brands.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          rows={brands.data}
          label={t('brands.title')}
          empty={t('brands.empty')}
        />
      )}
      <Dialog
        open={open?.kind === 'new' || open?.kind === 'edit'}
        title={
          open?.kind === 'edit' ? t('brands.editTitle', { name: open.row.name }) : t('brands.new')
        }
        onClose={() => setOpen(null)}
      >
        {(open?.kind === 'new' || open?.kind === 'edit') && (
          <BrandForm
            row={open.kind === 'edit' ? open.row : undefined}
            onDone={() => setOpen(null)}
          />
        )}
      </Dialog>
      <DeleteDialog
        dictionary="brands"
        target={
          open?.kind === 'delete' ? { path: `/brands/${open.row.id}`, name: open.row.name } : null
        }
        blocked={open?.kind === 'delete' ? used(open.row.product_count) : null}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

interface BrandValues {
  name: string;
  slug: string;
  logo: string | null;
}

function BrandForm({ row, onDone }: { row: AdminBrand | undefined; onDone: () => void }) {
  const { t } = useI18n();
  const form = useForm<BrandValues>({
    defaultValues: { name: row?.name ?? '', slug: row?.slug ?? '', logo: row?.logo ?? null },
  });
  const save = useDictionaryWrite(
    'brands',
    (body: BrandValues) => saveTo('brands', row?.id, body),
    onDone,
  );
  const server = fieldErrorsOf(save.error);
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) =>
        save.mutate({ ...values, name: values.name.trim(), slug: values.slug.trim() }),
      )}
    >
      <TextField
        label={t('catalogue.name')}
        autoFocus
        maxLength={120}
        error={errors.name?.message ?? server.name?.[0]}
        {...form.register('name', {
          validate: (v) => v.trim().length > 0 || t('catalogue.required'),
          onBlur: (event) => {
            if (!form.getValues('slug')) form.setValue('slug', slugOf(event.target.value));
          },
        })}
      />
      <SlugField form={form} error={server.slug?.[0]} />
      <Controller
        control={form.control}
        name="logo"
        render={({ field }) => (
          <PictureField
            label={t('catalogue.logo')}
            kind="brand"
            value={field.value}
            onChange={field.onChange}
            error={server.logo?.[0]}
          />
        )}
      />
      <FormButtons
        error={formError(save.error)}
        busy={save.isPending}
        submit={row ? t('common.save') : t('catalogue.create')}
        onCancel={onDone}
      />
    </form>
  );
}

/** The slug of a form whose values hold one: checked here as the API checks it. */
// biome-ignore lint/suspicious/noExplicitAny: any form with a `slug` field
function SlugField({ form, error }: { form: ReturnType<typeof useForm<any>>; error?: string }) {
  const { t } = useI18n();
  return (
    <TextField
      label={t('catalogue.slug')}
      hint={t('catalogue.slugHint')}
      maxLength={100}
      autoComplete="off"
      spellCheck={false}
      error={(form.formState.errors.slug?.message as string | undefined) ?? error}
      {...form.register('slug', {
        validate: (v: string) =>
          v.trim() === ''
            ? t('catalogue.required')
            : SLUG.test(v.trim()) || t('catalogue.slugInvalid'),
      })}
    />
  );
}

// ---- tags ----

const tagCol = columnsFor<AdminTag>();

export function TagsPage() {
  const { t, lang } = useI18n();
  const tags = useDictionary('tags');
  const [open, setOpen] = useState<Open<AdminTag>>(null);
  const used = useUsedText();
  const canWrite = useCanWrite();
  const columns = useMemo<GridColumns<AdminTag>>(
    () => [
      tagCol.display({
        id: 'preview',
        header: t('tags.preview'),
        cell: (info) => <TagChip tag={info.row.original} text={nameIn(info.row.original, lang)} />,
      }),
      tagCol.accessor('name_uz', { header: t('catalogue.nameUz') }),
      tagCol.accessor('name_ru', { header: t('catalogue.nameRu') }),
      tagCol.accessor('color', {
        header: t('tags.color'),
        cell: (info) => <Swatch hex={info.getValue()} />,
      }),
      tagCol.accessor('product_count', {
        header: t('catalogue.products'),
        cell: (info) => <span className="tabular">{number(info.getValue())}</span>,
      }),
      tagCol.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('catalogue.actions')}</span>,
        cell: (info) => (
          <RowActions>
            <Button
              variant="ghost"
              onClick={() => setOpen({ kind: 'edit', row: info.row.original })}
            >
              {t('catalogue.edit')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => setOpen({ kind: 'delete', row: info.row.original })}
            >
              {t('catalogue.delete')}
            </Button>
          </RowActions>
        ),
      }),
    ],
    [t, lang],
  );
  return (
    <>
      <PageHeader
        title={t('tags.title')}
        subtitle={t('tags.subtitle')}
        actions={
          canWrite && (
            <Button variant="primary" onClick={() => setOpen({ kind: 'new' })}>
              {t('tags.new')}
            </Button>
          )
        }
      />
      {tags.isPending ? (
        <Loading />
      ) : tags.isError ? (
        <ErrorState error={tags.error} retry={() => tags.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          rows={tags.data}
          label={t('tags.title')}
          empty={t('tags.empty')}
        />
      )}
      <Dialog
        open={open?.kind === 'new' || open?.kind === 'edit'}
        title={
          open?.kind === 'edit'
            ? t('tags.editTitle', { name: nameIn(open.row, lang) })
            : t('tags.new')
        }
        onClose={() => setOpen(null)}
      >
        {(open?.kind === 'new' || open?.kind === 'edit') && (
          <TagForm row={open.kind === 'edit' ? open.row : undefined} onDone={() => setOpen(null)} />
        )}
      </Dialog>
      <DeleteDialog
        dictionary="tags"
        target={
          open?.kind === 'delete'
            ? { path: `/tags/${open.row.id}`, name: nameIn(open.row, lang) }
            : null
        }
        blocked={open?.kind === 'delete' ? used(open.row.product_count) : null}
        onClose={() => setOpen(null)}
      />
    </>
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

interface TagValues {
  name_uz: string;
  name_ru: string;
  color: string;
}

function TagForm({ row, onDone }: { row: AdminTag | undefined; onDone: () => void }) {
  const { t, lang } = useI18n();
  const form = useForm<TagValues>({
    defaultValues: {
      name_uz: row?.name_uz ?? '',
      name_ru: row?.name_ru ?? '',
      color: row?.color ?? '#22c55e',
    },
  });
  const save = useDictionaryWrite(
    'tags',
    (body: TagValues) => saveTo('tags', row?.id, body),
    onDone,
  );
  const server = fieldErrorsOf(save.error);
  const errors = form.formState.errors;
  const required = (v: string) => v.trim().length > 0 || t('catalogue.required');
  const values = form.watch();
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
    >
      <TextField
        label={t('catalogue.nameUz')}
        autoFocus
        maxLength={60}
        error={errors.name_uz?.message ?? server.name_uz?.[0]}
        {...form.register('name_uz', { validate: required })}
      />
      <TextField
        label={t('catalogue.nameRu')}
        maxLength={60}
        error={errors.name_ru?.message ?? server.name_ru?.[0]}
        {...form.register('name_ru', { validate: required })}
      />
      <ColorInput form={form} name="color" label={t('tags.color')} error={server.color?.[0]} />
      <p className="flex items-center gap-2 text-muted">
        {t('tags.preview')}:
        <TagChip
          tag={{ color: HEX.test(values.color) ? values.color : '#999999' }}
          text={(lang === 'ru' ? values.name_ru : values.name_uz) || '…'}
        />
      </p>
      <FormButtons
        error={formError(save.error)}
        busy={save.isPending}
        submit={row ? t('common.save') : t('catalogue.create')}
        onCancel={onDone}
      />
    </form>
  );
}

/** A colour typed as #rrggbb or picked from the browser's colour picker. */
function ColorInput({
  form,
  name,
  label,
  error,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form with a colour field
  form: ReturnType<typeof useForm<any>>;
  name: string;
  label: string;
  error?: string | undefined;
}) {
  const { t } = useI18n();
  const value = String(form.watch(name) ?? '');
  return (
    <div className="flex items-end gap-2">
      <TextField
        label={label}
        className="flex-1"
        maxLength={7}
        spellCheck={false}
        error={(form.formState.errors[name]?.message as string | undefined) ?? error}
        {...form.register(name, {
          validate: (v: string) => HEX.test(v.trim()) || t('catalogue.hexInvalid'),
        })}
      />
      <input
        type="color"
        aria-label={label}
        value={HEX.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) => form.setValue(name, event.target.value, { shouldValidate: true })}
        className="mb-0.5 h-9 w-12 cursor-pointer rounded-control border border-line bg-white p-1"
      />
    </div>
  );
}

// ---- colours ----

const colorCol = columnsFor<AdminColor>();

export function ColorsPage() {
  const { t, lang } = useI18n();
  const colors = useDictionary('colors');
  const [open, setOpen] = useState<Open<AdminColor>>(null);
  const used = useUsedText();
  const canWrite = useCanWrite();
  const columns = useMemo<GridColumns<AdminColor>>(
    () => [
      colorCol.accessor('hex', {
        header: t('colors.hex'),
        cell: (info) => <Swatch hex={info.getValue()} />,
      }),
      colorCol.accessor('name_uz', { header: t('catalogue.nameUz') }),
      colorCol.accessor('name_ru', { header: t('catalogue.nameRu') }),
      colorCol.accessor('slug', {
        header: t('catalogue.slug'),
        cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
      }),
      colorCol.accessor('product_count', {
        header: t('catalogue.products'),
        cell: (info) => <span className="tabular">{number(info.getValue())}</span>,
      }),
      colorCol.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('catalogue.actions')}</span>,
        cell: (info) => (
          <RowActions>
            <Button
              variant="ghost"
              onClick={() => setOpen({ kind: 'edit', row: info.row.original })}
            >
              {t('catalogue.edit')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => setOpen({ kind: 'delete', row: info.row.original })}
            >
              {t('catalogue.delete')}
            </Button>
          </RowActions>
        ),
      }),
    ],
    [t],
  );
  return (
    <>
      <PageHeader
        title={t('colors.title')}
        subtitle={t('colors.subtitle')}
        actions={
          canWrite && (
            <Button variant="primary" onClick={() => setOpen({ kind: 'new' })}>
              {t('colors.new')}
            </Button>
          )
        }
      />
      {colors.isPending ? (
        <Loading />
      ) : colors.isError ? (
        <ErrorState error={colors.error} retry={() => colors.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          rows={colors.data}
          label={t('colors.title')}
          empty={t('colors.empty')}
        />
      )}
      <Dialog
        open={open?.kind === 'new' || open?.kind === 'edit'}
        title={
          open?.kind === 'edit'
            ? t('colors.editTitle', { name: nameIn(open.row, lang) })
            : t('colors.new')
        }
        onClose={() => setOpen(null)}
      >
        {(open?.kind === 'new' || open?.kind === 'edit') && (
          <ColorForm
            row={open.kind === 'edit' ? open.row : undefined}
            onDone={() => setOpen(null)}
          />
        )}
      </Dialog>
      <DeleteDialog
        dictionary="colors"
        target={
          open?.kind === 'delete'
            ? { path: `/colors/${open.row.id}`, name: nameIn(open.row, lang) }
            : null
        }
        blocked={open?.kind === 'delete' ? used(open.row.product_count) : null}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

interface ColorValues {
  name_uz: string;
  name_ru: string;
  slug: string;
  hex: string;
}

function ColorForm({ row, onDone }: { row: AdminColor | undefined; onDone: () => void }) {
  const { t } = useI18n();
  const form = useForm<ColorValues>({
    defaultValues: {
      name_uz: row?.name_uz ?? '',
      name_ru: row?.name_ru ?? '',
      slug: row?.slug ?? '',
      hex: row?.hex ?? '#000000',
    },
  });
  const save = useDictionaryWrite(
    'colors',
    (body: ColorValues) => saveTo('colors', row?.id, body),
    onDone,
  );
  const server = fieldErrorsOf(save.error);
  const errors = form.formState.errors;
  const required = (v: string) => v.trim().length > 0 || t('catalogue.required');
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((v) => save.mutate({ ...v, slug: v.slug.trim() }))}
    >
      <TextField
        label={t('catalogue.nameUz')}
        autoFocus
        maxLength={60}
        error={errors.name_uz?.message ?? server.name_uz?.[0]}
        {...form.register('name_uz', {
          validate: required,
          onBlur: (event) => {
            if (!form.getValues('slug')) form.setValue('slug', slugOf(event.target.value));
          },
        })}
      />
      <TextField
        label={t('catalogue.nameRu')}
        maxLength={60}
        error={errors.name_ru?.message ?? server.name_ru?.[0]}
        {...form.register('name_ru', { validate: required })}
      />
      <SlugField form={form} error={server.slug?.[0]} />
      <ColorInput form={form} name="hex" label={t('colors.hex')} error={server.hex?.[0]} />
      <FormButtons
        error={formError(save.error)}
        busy={save.isPending}
        submit={row ? t('common.save') : t('catalogue.create')}
        onCancel={onDone}
      />
    </form>
  );
}

export { ColorInput, SlugField, TagChip };
