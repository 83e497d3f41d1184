import type { AdminAttribute, AdminAttributeValue } from '@bozor/shared';
import { AttributeBody, AttributeValueBody } from '@bozor/shared';
import { useState } from 'react';
import type { FormField } from '../../components/kit/form.tsx';
import { Loaded } from '../../components/kit/loaded.tsx';
import { Button, Card, Dialog, EmptyState } from '../../components/ui.tsx';
import { number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { nameIn, saveValue, useDictionary } from './api.ts';
import {
  CatalogueHeader,
  DeleteDialog,
  DictionaryForm,
  type DictionaryFormSpec,
  NAMED_BLANK,
  namedBody,
  namedFields,
  RowActions,
  RowDialog,
  type RowOpen,
  useCanWriteCatalogue,
} from './parts.tsx';

type Open = RowOpen<
  AdminAttribute,
  | { kind: 'newValue'; attribute: AdminAttribute }
  | { kind: 'editValue'; attribute: AdminAttribute; value: AdminAttributeValue }
  | { kind: 'deleteValue'; attribute: AdminAttribute; value: AdminAttributeValue }
>;

const valueName = (v: AdminAttributeValue, lang: 'ru' | 'uz') =>
  lang === 'ru' ? v.value_ru : v.value_uz;

/** Attributes, each with its values in order and how many products use them. */
export function AttributesPage() {
  const { t, lang } = useI18n();
  const attributes = useDictionary('attributes');
  const [open, setOpen] = useState<Open>(null);
  const canWrite = useCanWriteCatalogue();
  const close = () => setOpen(null);
  const used = (count: number) => (count > 0 ? t('catalogue.deleteUsed', { count }) : null);
  return (
    <>
      <CatalogueHeader section="attributes" onAdd={() => setOpen({ kind: 'new' })} />
      <Loaded query={attributes}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState boxed title={t('attributes.empty')} />
          ) : (
            <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
              {data.map((attribute) => (
                <Card
                  key={attribute.id}
                  title={
                    <span>
                      {nameIn(attribute, lang)}{' '}
                      <span className="font-mono text-xs font-normal text-muted">
                        {attribute.slug}
                      </span>
                    </span>
                  }
                  actions={
                    <RowActions
                      onEdit={() => setOpen({ kind: 'edit', row: attribute })}
                      onDelete={() => setOpen({ kind: 'delete', row: attribute })}
                    />
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
                              <RowActions
                                onEdit={() => setOpen({ kind: 'editValue', attribute, value })}
                                onDelete={() => setOpen({ kind: 'deleteValue', attribute, value })}
                              />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                  {canWrite && (
                    <Button
                      className="mt-3"
                      onClick={() => setOpen({ kind: 'newValue', attribute })}
                    >
                      + {t('attributes.addValue')}
                    </Button>
                  )}
                </Card>
              ))}
            </div>
          )
        }
      </Loaded>
      <RowDialog section="attributes" open={open} onClose={close}>
        {(shown) => (
          <DictionaryForm
            {...ATTRIBUTE_FORM}
            dictionary="attributes"
            row={shown.kind === 'edit' ? shown.row : undefined}
            onDone={close}
          />
        )}
      </RowDialog>
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

const ATTRIBUTE_FORM: DictionaryFormSpec<AttributeBody> = {
  fields: namedFields<AttributeBody>(120),
  defaults: NAMED_BLANK,
  schema: AttributeBody,
  toBody: namedBody,
};

interface ValueValues {
  value_uz: string;
  value_ru: string;
  position: string;
}

const VALUE_FIELDS: FormField<ValueValues>[] = [
  { name: 'value_uz', label: 'attributes.valueUz', autoFocus: true, maxLength: 120 },
  { name: 'value_ru', label: 'attributes.valueRu', maxLength: 120 },
  {
    name: 'position',
    label: 'attributes.position',
    hint: 'attributes.positionHint',
    type: 'number',
  },
];

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
  // the form holds the position as typed text
  const typed = value && { ...value, position: String(value.position) };
  return (
    <DictionaryForm<ValueValues>
      dictionary="attributes"
      row={typed}
      onDone={onDone}
      fields={VALUE_FIELDS}
      defaults={{ value_uz: '', value_ru: '', position: '' }}
      schema={AttributeValueBody}
      toBody={(v) => v}
      write={(v) => saveValue(attribute.id, value?.id, v)}
      submit={value ? t('common.save') : t('catalogue.add')}
    />
  );
}
