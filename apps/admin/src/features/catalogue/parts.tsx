import type { PictureKind } from '@bozor/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  Controller,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { NavLink, Outlet } from 'react-router';
import type { GridColumns } from '../../components/data-table.tsx';
import { DeleteDialog as KitDeleteDialog } from '../../components/kit/delete-dialog.tsx';
import {
  FormButtons,
  type FormField,
  ResourceForm,
  type ResourceFormProps,
  valuesFrom,
} from '../../components/kit/form.tsx';
import { ListHeader, ListPage } from '../../components/kit/list-page.tsx';
import { useCanWrite } from '../../components/kit/permission.ts';
import { RowActions as KitRowActions } from '../../components/kit/row-actions.tsx';
import { SubjectDialog } from '../../components/kit/subject-dialog.tsx';
import { SinglePicture } from '../../components/pictures.tsx';
import { cn, TextField } from '../../components/ui.tsx';
import type { TextKey } from '../../i18n/texts.ts';
import type { FieldErrors } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  DICTIONARIES,
  type Dictionary,
  type DictionaryRow,
  del,
  fieldErrorsOf,
  nameIn,
  SLUG,
  saveTo,
  slugOf,
  useDictionary,
  useDictionaryWrite,
} from './api.ts';

const TABS: { to: string; text: TextKey }[] = [
  { to: 'categories', text: 'catalogue.categories' },
  { to: 'brands', text: 'catalogue.brands' },
  { to: 'tags', text: 'catalogue.tags' },
  { to: 'colors', text: 'catalogue.colors' },
  { to: 'attributes', text: 'catalogue.attributes' },
  { to: 'collections', text: 'catalogue.collections' },
];

/** The catalogue's section: its dictionaries as tabs over the page of the one open. */
export function CatalogueLayout() {
  const { t } = useI18n();
  return (
    <>
      <nav aria-label={t('catalogue.sections')} className="mb-5 border-b border-line">
        <ul className="-mb-px flex flex-wrap gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  cn(
                    'block border-b-2 px-3 py-2 font-medium',
                    isActive
                      ? 'border-primary text-primary'
                      : 'border-transparent text-muted hover:text-ink',
                  )
                }
              >
                {t(tab.text)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}

/** Whether the signed-in member of staff may change the catalogue (a viewer only reads it). */
export const useCanWriteCatalogue = () => useCanWrite('catalogue.write');

/** A catalogue page's title and line under it, and (catalogue.write) its button adding a row. */
export function CatalogueHeader({
  section,
  onAdd,
}: {
  section: 'categories' | 'attributes' | 'collections';
  onAdd: () => void;
}) {
  const { t } = useI18n();
  const add = { label: t(`${section}.new`), onClick: onAdd };
  return (
    <ListHeader
      title={t(`${section}.title`)}
      subtitle={t(`${section}.subtitle`)}
      writes={{ permission: 'catalogue.write', add }}
    />
  );
}

/**
 * A picture of a dictionary's row, the form's field `name` (its path, or null): uploaded,
 * replaced or removed in place.
 */
export function PictureField<Values extends FieldValues>({
  form,
  name,
  label,
  kind,
  error,
}: {
  form: UseFormReturn<Values>;
  name: Path<Values>;
  label: string;
  kind: PictureKind;
  error?: string | undefined;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-medium text-muted">{label}</legend>
          <SinglePicture
            kind={kind}
            value={field.value as string | null}
            onChange={field.onChange}
            error={error}
          />
        </fieldset>
      )}
    />
  );
}

/** The question before deleting a row, and the API's refusal (what still uses it) when it comes. */
export function DeleteDialog({
  dictionary,
  target,
  onClose,
  blocked,
}: {
  dictionary: Dictionary;
  target: { path: string; name: string } | null;
  onClose: () => void;
  /** Why it cannot go, known before asking (products use it). */
  blocked?: string | null | undefined;
}) {
  const { t } = useI18n();
  const remove = useDictionaryWrite(dictionary, (path: string) => del(path), onClose);
  return (
    <KitDeleteDialog
      open={target !== null}
      title={t('catalogue.deleteTitle', { name: target?.name ?? '' })}
      hint={t('catalogue.deleteHint')}
      submit={t('catalogue.delete')}
      blocked={blocked}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => target && remove.mutate(target.path)}
      onClose={() => {
        remove.reset();
        onClose();
      }}
    />
  );
}

/** Change and delete at the end of a row: shown only to those who may change the catalogue. */
export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useI18n();
  if (!useCanWriteCatalogue()) return null;
  return (
    <KitRowActions
      actions={[
        { label: t('catalogue.edit'), onClick: onEdit },
        { label: t('catalogue.delete'), onClick: onDelete },
      ]}
    />
  );
}

/**
 * A row's names in both languages (the Uzbek one filling an empty slug) and its slug, as forms
 * built by the kit ask for them; names up to `maxLength`.
 */
export function namedFields<Values extends FieldValues>(maxLength: number): FormField<Values>[] {
  return [
    {
      name: 'name_uz' as Path<Values>,
      label: 'catalogue.nameUz',
      autoFocus: true,
      maxLength,
      fills: { name: 'slug' as Path<Values>, with: slugOf },
    },
    { name: 'name_ru' as Path<Values>, label: 'catalogue.nameRu', maxLength },
    slugField(),
  ];
}

/** A slug of a form built by the kit: checked here as the API checks it. */
export function slugField<Values extends FieldValues>(): FormField<Values> {
  return {
    name: 'slug' as Path<Values>,
    label: 'catalogue.slug',
    hint: 'catalogue.slugHint',
    maxLength: 100,
    code: true,
    rules: { slug_invalid: 'catalogue.slugInvalid' },
  };
}

/**
 * A dictionary row's form built by the kit: the row created or changed (or `write` sent), and
 * the dictionary read again after it.
 */
export function DictionaryForm<Values extends FieldValues>({
  dictionary,
  row,
  onDone,
  write,
  submit,
  ...form
}: DictionaryFormProps<{ id: number }> &
  Omit<ResourceFormProps<Values, Values, unknown>, 'save' | 'onSaved' | 'onCancel'> & {
    dictionary: Dictionary;
    write?: (body: Values) => Promise<unknown>;
  }) {
  const { t } = useI18n();
  const save = useDictionaryWrite(
    dictionary,
    write ?? ((body: Values) => saveTo(dictionary, row?.id, body)),
  );
  return (
    <ResourceForm
      {...form}
      row={row}
      save={(body: Values) => save.mutateAsync(body)}
      onSaved={onDone}
      onCancel={onDone}
      submit={submit ?? (row ? t('common.save') : t('catalogue.create'))}
    />
  );
}

/** A row's names in both languages and its slug, as a form holds them. */
export interface NamedValues {
  name_uz: string;
  name_ru: string;
  slug: string;
}

/** A new row's names and slug: none yet. */
export const NAMED_BLANK: NamedValues = { name_uz: '', name_ru: '', slug: '' };

/** A form's names and slug from `row`, or empty for a new one. */
export const namedDefaults = (row: NamedValues | undefined): NamedValues =>
  valuesFrom(row, NAMED_BLANK);

/** The names and slug as the API takes them: trimmed. */
export const namedBody = (values: NamedValues): NamedValues => ({
  name_uz: values.name_uz.trim(),
  name_ru: values.name_ru.trim(),
  slug: values.slug.trim(),
});

/**
 * A form of its own's names in both languages (up to 120 characters, the Uzbek one filling an
 * empty slug) and its slug, with their own and the server's refusals.
 */
function NameFields<Values extends NamedValues>({
  form,
  server,
}: {
  form: UseFormReturn<Values>;
  server: FieldErrors;
}) {
  const { t } = useI18n();
  const named = form as unknown as UseFormReturn<NamedValues>;
  const errors = named.formState.errors;
  const required = (v: string) => v.trim().length > 0 || t('catalogue.required');
  return (
    <>
      <TextField
        label={t('catalogue.nameUz')}
        autoFocus
        maxLength={120}
        error={errors.name_uz?.message ?? server.name_uz?.[0]}
        {...named.register('name_uz', {
          validate: required,
          onBlur: (event) => {
            if (!named.getValues('slug')) named.setValue('slug', slugOf(event.target.value));
          },
        })}
      />
      <TextField
        label={t('catalogue.nameRu')}
        maxLength={120}
        error={errors.name_ru?.message ?? server.name_ru?.[0]}
        {...named.register('name_ru', { validate: required })}
      />
      <SlugField form={named} error={server.slug?.[0]} />
    </>
  );
}

/**
 * A catalogue row's form of its own, in two columns: the names and slug, the row's own fields
 * (`children`, given the server's refusals), then its picture and the buttons. Sends the names,
 * slug and picture with what `toBody` makes of the rest, creating the row or changing `row`.
 */
export function OwnRowForm<Values extends NamedValues & { image: string | null }>({
  dictionary,
  row,
  form,
  picture,
  toBody,
  onDone,
  children,
}: {
  dictionary: 'categories' | 'collections';
  row: { id: number } | undefined;
  form: UseFormReturn<Values>;
  picture: PictureKind;
  toBody: (values: Values) => object;
  onDone: () => void;
  children: (server: FieldErrors) => ReactNode;
}) {
  const { t } = useI18n();
  const save = useDictionaryWrite(
    dictionary,
    (body: object) => saveTo(dictionary, row?.id, body),
    onDone,
  );
  const server = fieldErrorsOf(save.error);
  return (
    <form
      noValidate
      className="grid grid-cols-2 gap-3"
      onSubmit={form.handleSubmit((values) =>
        save.mutate({ ...namedBody(values), image: values.image, ...toBody(values) }),
      )}
    >
      <NameFields form={form} server={server} />
      {children(server)}
      <div className="col-span-2">
        <PictureField
          form={form}
          name={'image' as Path<Values>}
          label={t('catalogue.image')}
          kind={picture}
          error={server.image?.[0]}
        />
      </div>
      <div className="col-span-2 flex flex-col gap-3">
        <FormButtons
          error={save.error}
          busy={save.isPending}
          submit={row ? t('common.save') : t('catalogue.create')}
          onCancel={onDone}
        />
      </div>
    </form>
  );
}

/** The slug of a form of its own (not built by the kit): checked here as the API checks it. */
export function SlugField<Values extends { slug: string }>({
  form,
  error,
}: {
  form: UseFormReturn<Values>;
  error?: string | undefined;
}) {
  const { t } = useI18n();
  const slug = 'slug' as Path<Values>;
  const own = form.formState.errors.slug as FieldError | undefined;
  return (
    <TextField
      label={t('catalogue.slug')}
      hint={t('catalogue.slugHint')}
      maxLength={100}
      autoComplete="off"
      spellCheck={false}
      error={own?.message ?? error}
      {...form.register(slug, {
        validate: (v: string) =>
          v.trim() === ''
            ? t('catalogue.required')
            : SLUG.test(v.trim()) || t('catalogue.slugInvalid'),
      })}
    />
  );
}

/**
 * The dialog adding a row of a catalogue page of its own (`<section>.new`) or changing one
 * (`<section>.editTitle` with its name); open while `open` is either.
 */
export function RowDialog<
  Open extends { kind: string; row?: { name_uz: string; name_ru: string } },
>({
  section,
  open,
  wide = false,
  onClose,
  children,
}: {
  section: 'categories' | 'attributes' | 'collections';
  open: Open | null;
  wide?: boolean;
  onClose: () => void;
  children: (open: Open) => ReactNode;
}) {
  const { t, lang } = useI18n();
  return (
    <SubjectDialog
      subject={open?.kind === 'new' || open?.kind === 'edit' ? open : null}
      title={(shown) =>
        shown.row
          ? t(`${section}.editTitle`, { name: nameIn(shown.row, lang) })
          : t(`${section}.new`)
      }
      wide={() => wide}
      onClose={onClose}
    >
      {children}
    </SubjectDialog>
  );
}

/** What a dictionary's page opens: a new row, a row to change or delete, or `More` of its own. */
export type RowOpen<Row, More = never> =
  | { kind: 'new' }
  | { kind: 'edit'; row: Row }
  | { kind: 'delete'; row: Row }
  | More
  | null;

/** What a dictionary row's form is given. */
export interface DictionaryFormProps<Row> {
  row: Row | undefined;
  onDone: () => void;
}

/** A dictionary row's form as the kit builds it: its fields, a new row's values, the schema. */
export type DictionaryFormSpec<Values extends FieldValues> = Pick<
  ResourceFormProps<Values, Values, unknown>,
  'fields' | 'defaults' | 'schema' | 'toBody' | 'children'
>;

/**
 * A dictionary of the catalogue as a list: added, changed and deleted in dialogs by those who may
 * change the catalogue; a row still used by products says so instead of going.
 */
export function DictionaryPage<D extends Dictionary, Values extends FieldValues>({
  dictionary,
  title,
  subtitle,
  add,
  empty,
  columns,
  nameOf,
  editTitle,
  form,
}: {
  dictionary: D;
  title: string;
  subtitle?: string;
  /** The add button's label, and the new row's dialog title. */
  add: string;
  empty: string;
  columns: GridColumns<DictionaryRow<D>>;
  nameOf: (row: DictionaryRow<D>) => string;
  editTitle: (row: DictionaryRow<D>) => string;
  form: DictionaryFormSpec<Values>;
}) {
  const { t } = useI18n();
  const rows: UseQueryResult<DictionaryRow<D>[]> = useDictionary(dictionary);
  const [open, setOpen] = useState<RowOpen<DictionaryRow<D>>>(null);
  const close = () => setOpen(null);
  const editing = open?.kind === 'new' || open?.kind === 'edit' ? open : null;
  const removing = open?.kind === 'delete' ? open.row : null;
  const used = removing && 'product_count' in removing ? removing.product_count : 0;
  return (
    <ListPage
      title={title}
      subtitle={subtitle}
      writes={{
        permission: 'catalogue.write',
        add: { label: add, onClick: () => setOpen({ kind: 'new' }) },
        actions: (row) => [
          { label: t('catalogue.edit'), onClick: () => setOpen({ kind: 'edit', row }) },
          { label: t('catalogue.delete'), onClick: () => setOpen({ kind: 'delete', row }) },
        ],
      }}
      query={rows}
      columns={columns}
      label={title}
      empty={empty}
    >
      <SubjectDialog
        subject={editing}
        title={(shown) => (shown.kind === 'edit' ? editTitle(shown.row) : add)}
        onClose={close}
      >
        {(shown) => (
          <DictionaryForm
            {...form}
            dictionary={dictionary}
            row={shown.kind === 'edit' ? shown.row : undefined}
            onDone={close}
          />
        )}
      </SubjectDialog>
      <DeleteDialog
        dictionary={dictionary}
        target={
          removing
            ? { path: `${DICTIONARIES[dictionary]}/${removing.id}`, name: nameOf(removing) }
            : null
        }
        blocked={used > 0 ? t('catalogue.deleteUsed', { count: used }) : null}
        onClose={close}
      />
    </ListPage>
  );
}

/** A colour as a swatch beside its code. */
export function Swatch({ hex }: { hex: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden
        className="inline-block size-4 rounded-sm border border-line"
        style={{ backgroundColor: hex }}
      />
      <span className="font-mono text-xs">{hex}</span>
    </span>
  );
}
