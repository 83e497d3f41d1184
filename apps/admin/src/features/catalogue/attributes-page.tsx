import type { AdminAttribute, AdminAttributeValue } from '@bozor/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Button,
  Card,
  Dialog,
  EmptyState,
  ErrorState,
  Loading,
  PageHeader,
  TextField,
} from '../../components/ui.tsx';
import { patch, post } from '../../lib/api.ts';
import { number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  fieldErrorsOf,
  formError,
  nameIn,
  saveTo,
  slugOf,
  useDictionary,
  useDictionaryWrite,
} from './api.ts';
import { DeleteDialog, FormButtons, RowActions, useCanWrite } from './parts.tsx';
import { SlugField } from './simple-pages.tsx';

type Open =
  | { kind: 'new' }
  | { kind: 'edit'; row: AdminAttribute }
  | { kind: 'delete'; row: AdminAttribute }
  | { kind: 'newValue'; attribute: AdminAttribute }
  | { kind: 'editValue'; attribute: AdminAttribute; value: AdminAttributeValue }
  | { kind: 'deleteValue'; attribute: AdminAttribute; value: AdminAttributeValue }
  | null;

const valueName = (v: AdminAttributeValue, lang: 'ru' | 'uz') =>
  lang === 'ru' ? v.value_ru : v.value_uz;

/** Attributes, each with its values in order and how many products use them. */
export function AttributesPage() {
  const { t, lang } = useI18n();
  const attributes = useDictionary('attributes');
  const [open, setOpen] = useState<Open>(null);
  const canWrite = useCanWrite();
  const close = () => setOpen(null);
  const used = (count: number) => (count > 0 ? t('catalogue.deleteUsed', { count }) : null);
  return (
    <>
      <PageHeader
        title={t('attributes.title')}
        subtitle={t('attributes.subtitle')}
        actions={
          canWrite && (
            <Button variant="primary" onClick={() => setOpen({ kind: 'new' })}>
              {t('attributes.new')}
            </Button>
          )
        }
      />
      {attributes.isPending ? (
        <Loading />
      ) : attributes.isError ? (
        <ErrorState error={attributes.error} retry={() => attributes.refetch()} />
      ) : attributes.data.length === 0 ? (
        <div className="rounded-card border border-line bg-white">
          <EmptyState title={t('attributes.empty')} />
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {attributes.data.map((attribute) => (
            <Card
              key={attribute.id}
              title={
                <span>
                  {nameIn(attribute, lang)}{' '}
                  <span className="font-mono text-xs font-normal text-muted">{attribute.slug}</span>
                </span>
              }
              actions={
                <RowActions>
                  <Button variant="ghost" onClick={() => setOpen({ kind: 'edit', row: attribute })}>
                    {t('catalogue.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => setOpen({ kind: 'delete', row: attribute })}
                  >
                    {t('catalogue.delete')}
                  </Button>
                </RowActions>
              }
            >
              <p className="mb-2 text-xs text-muted">
                {t('catalogue.products')}: {number(attribute.product_count)}
              </p>
              {attribute.values.length === 0 ? (
                <p className="text-muted">{t('attributes.noValues')}</p>
              ) : (
                <table className="w-full" aria-label={t('attributes.values')}>
                  <tbody>
                    {attribute.values.map((value) => (
                      <tr key={value.id} className="border-b border-line last:border-0">
                        <td className="py-1.5 pr-2 font-medium">{valueName(value, lang)}</td>
                        <td className="py-1.5 pr-2 text-muted">
                          {valueName(value, lang === 'ru' ? 'uz' : 'ru')}
                        </td>
                        <td className="py-1.5 pr-2 text-right text-xs text-muted tabular">
                          {number(value.product_count)}
                        </td>
                        <td className="py-1.5">
                          <RowActions>
                            <Button
                              variant="ghost"
                              className="h-7 px-2"
                              onClick={() => setOpen({ kind: 'editValue', attribute, value })}
                            >
                              {t('catalogue.edit')}
                            </Button>
                            <Button
                              variant="ghost"
                              className="h-7 px-2"
                              onClick={() => setOpen({ kind: 'deleteValue', attribute, value })}
                            >
                              {t('catalogue.delete')}
                            </Button>
                          </RowActions>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {canWrite && (
                <Button className="mt-3" onClick={() => setOpen({ kind: 'newValue', attribute })}>
                  + {t('attributes.addValue')}
                </Button>
              )}
            </Card>
          ))}
        </div>
      )}
      <Dialog
        open={open?.kind === 'new' || open?.kind === 'edit'}
        title={
          open?.kind === 'edit'
            ? t('attributes.editTitle', { name: nameIn(open.row, lang) })
            : t('attributes.new')
        }
        onClose={close}
      >
        {(open?.kind === 'new' || open?.kind === 'edit') && (
          <AttributeForm row={open.kind === 'edit' ? open.row : undefined} onDone={close} />
        )}
      </Dialog>
      <Dialog
        open={open?.kind === 'newValue' || open?.kind === 'editValue'}
        title={
          open?.kind === 'editValue'
            ? t('attributes.editValue', { name: valueName(open.value, lang) })
            : t('attributes.addValue')
        }
        onClose={close}
      >
        {(open?.kind === 'newValue' || open?.kind === 'editValue') && (
          <ValueForm
            attribute={open.attribute}
            value={open.kind === 'editValue' ? open.value : undefined}
            onDone={close}
          />
        )}
      </Dialog>
      <DeleteDialog
        dictionary="attributes"
        target={
          open?.kind === 'delete'
            ? { path: `/attributes/${open.row.id}`, name: nameIn(open.row, lang) }
            : open?.kind === 'deleteValue'
              ? {
                  path: `/attributes/${open.attribute.id}/values/${open.value.id}`,
                  name: valueName(open.value, lang),
                }
              : null
        }
        blocked={
          open?.kind === 'delete'
            ? used(open.row.product_count)
            : open?.kind === 'deleteValue'
              ? used(open.value.product_count)
              : null
        }
        onClose={close}
      />
    </>
  );
}

interface AttributeValues {
  name_uz: string;
  name_ru: string;
  slug: string;
}

function AttributeForm({ row, onDone }: { row: AdminAttribute | undefined; onDone: () => void }) {
  const { t } = useI18n();
  const form = useForm<AttributeValues>({
    defaultValues: {
      name_uz: row?.name_uz ?? '',
      name_ru: row?.name_ru ?? '',
      slug: row?.slug ?? '',
    },
  });
  const save = useDictionaryWrite(
    'attributes',
    (body: AttributeValues) => saveTo('attributes', row?.id, body),
    onDone,
  );
  const server = fieldErrorsOf(save.error);
  const errors = form.formState.errors;
  const required = (v: string) => v.trim().length > 0 || t('catalogue.required');
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((v) =>
        save.mutate({ name_uz: v.name_uz.trim(), name_ru: v.name_ru.trim(), slug: v.slug.trim() }),
      )}
    >
      <TextField
        label={t('catalogue.nameUz')}
        autoFocus
        maxLength={120}
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
        maxLength={120}
        error={errors.name_ru?.message ?? server.name_ru?.[0]}
        {...form.register('name_ru', { validate: required })}
      />
      <SlugField form={form} error={server.slug?.[0]} />
      <FormButtons
        error={formError(save.error)}
        busy={save.isPending}
        submit={row ? t('common.save') : t('catalogue.create')}
        onCancel={onDone}
      />
    </form>
  );
}

interface ValueValues {
  value_uz: string;
  value_ru: string;
  position: string;
}

function ValueForm({
  attribute,
  value,
  onDone,
}: {
  attribute: AdminAttribute;
  value: AdminAttributeValue | undefined;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const form = useForm<ValueValues>({
    defaultValues: {
      value_uz: value?.value_uz ?? '',
      value_ru: value?.value_ru ?? '',
      position: value ? String(value.position) : '',
    },
  });
  const path = `/attributes/${attribute.id}/values`;
  const save = useDictionaryWrite(
    'attributes',
    (body: object) => (value ? patch(`${path}/${value.id}`, body) : post(path, body)),
    onDone,
  );
  const server = fieldErrorsOf(save.error);
  const errors = form.formState.errors;
  const required = (v: string) => v.trim().length > 0 || t('catalogue.required');
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((v) =>
        save.mutate({
          value_uz: v.value_uz.trim(),
          value_ru: v.value_ru.trim(),
          // left empty: a new value goes last, a changed one keeps its place
          ...(v.position.trim() === '' ? {} : { position: Number(v.position) }),
        }),
      )}
    >
      <TextField
        label={t('attributes.valueUz')}
        autoFocus
        maxLength={120}
        error={errors.value_uz?.message ?? server.value_uz?.[0]}
        {...form.register('value_uz', { validate: required })}
      />
      <TextField
        label={t('attributes.valueRu')}
        maxLength={120}
        error={errors.value_ru?.message ?? server.value_ru?.[0]}
        {...form.register('value_ru', { validate: required })}
      />
      <TextField
        label={t('attributes.position')}
        hint={t('attributes.positionHint')}
        type="number"
        min={0}
        error={server.position?.[0]}
        {...form.register('position')}
      />
      <FormButtons
        error={formError(save.error)}
        busy={save.isPending}
        submit={value ? t('common.save') : t('catalogue.add')}
        onCancel={onDone}
      />
    </form>
  );
}
