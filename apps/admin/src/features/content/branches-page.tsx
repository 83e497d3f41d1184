import { type AdminBranch, BranchBody } from '@bozor/shared';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { type FormField, ResourceForm } from '../../components/kit/form.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { OrderedContentPage, PublishedBadge, type RowFormProps } from './shared.tsx';

const col = columnsFor<AdminBranch>();

export function BranchesPage() {
  const { t, lang } = useI18n();
  const nameOf = (b: AdminBranch) => (lang === 'ru' ? b.name_ru : b.name_uz);
  const columns: GridColumns<AdminBranch> = [
    col.display({
      id: 'name',
      header: t('branches.name'),
      cell: (info) => (
        <span className="flex flex-col">
          <span className="font-medium">{nameOf(info.row.original)}</span>
          <span className="text-xs text-muted">
            {lang === 'ru' ? info.row.original.address_ru : info.row.original.address_uz}
          </span>
        </span>
      ),
    }),
    col.accessor('phone', {
      header: t('branches.phone'),
      cell: (info) => <span className="tabular whitespace-nowrap">{info.getValue()}</span>,
    }),
    col.accessor('working_hours', { header: t('branches.hours') }),
    col.accessor('map_url', {
      header: t('branches.map'),
      cell: (info) => {
        const url = info.getValue();
        return url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary hover:underline"
          >
            {t('common.open')}
          </a>
        ) : (
          <span className="text-muted">—</span>
        );
      },
    }),
    col.accessor('is_published', {
      header: t('pages.state'),
      cell: (info) => <PublishedBadge published={info.getValue()} />,
    }),
  ];
  return (
    <OrderedContentPage<AdminBranch>
      list="branches"
      title={t('branches.title')}
      subtitle={t('branches.subtitle')}
      label={t('branches.grid')}
      empty={t('branches.empty')}
      nameOf={nameOf}
      columns={columns}
      shown={(b) => b.is_published}
      onSwitch={(b) => ({ is_published: !b.is_published })}
      rowClassName={(b) => (b.is_published ? undefined : 'text-muted')}
      formTitle={(b) => (b ? t('branches.editTitle', { name: nameOf(b) }) : t('branches.addTitle'))}
      form={BranchForm}
    />
  );
}

interface BranchValues {
  name_uz: string;
  name_ru: string;
  address_uz: string;
  address_ru: string;
  phone: string;
  working_hours: string;
  map_url: string;
  latitude: string;
  longitude: string;
  is_published: boolean;
}

const coordinate = { coordinate_invalid: 'branches.coordsHint' } as const;

const FIELDS: FormField<BranchValues>[] = [
  { name: 'name_ru', label: 'branches.nameRu', maxLength: 120, autoFocus: true },
  { name: 'name_uz', label: 'branches.nameUz', maxLength: 120 },
  { name: 'address_ru', label: 'branches.addressRu', maxLength: 300 },
  { name: 'address_uz', label: 'branches.addressUz', maxLength: 300 },
  {
    name: 'phone',
    label: 'branches.phone',
    hint: 'branches.phoneHint',
    type: 'tel',
    maxLength: 40,
    rules: { field_required: 'branches.phoneHint', phone_invalid: 'branches.phoneHint' },
  },
  { name: 'working_hours', label: 'branches.hours', hint: 'branches.hoursHint', maxLength: 120 },
  {
    name: 'map_url',
    label: 'branches.mapUrl',
    hint: 'branches.mapUrlHint',
    wide: true,
    maxLength: 500,
    rules: { url_https: 'branches.mapUrlHint' },
  },
  {
    name: 'latitude',
    label: 'branches.latitude',
    hint: 'branches.coordsHint',
    inputMode: 'decimal',
    rules: coordinate,
  },
  {
    name: 'longitude',
    label: 'branches.longitude',
    hint: 'branches.coordsHint',
    inputMode: 'decimal',
    rules: coordinate,
  },
  { name: 'is_published', label: 'content.publishedField', kind: 'check' },
];

function BranchForm({ row, save, onSaved, onCancel }: RowFormProps<AdminBranch>) {
  return (
    <ResourceForm
      fields={FIELDS}
      columns={2}
      defaults={{
        name_uz: row?.name_uz ?? '',
        name_ru: row?.name_ru ?? '',
        address_uz: row?.address_uz ?? '',
        address_ru: row?.address_ru ?? '',
        phone: row?.phone ?? '',
        working_hours: row?.working_hours ?? '',
        map_url: row?.map_url ?? '',
        latitude: row?.latitude ?? '',
        longitude: row?.longitude ?? '',
        is_published: row?.is_published ?? true,
      }}
      schema={BranchBody}
      toBody={(values: BranchValues): BranchBody => ({
        name_uz: values.name_uz.trim(),
        name_ru: values.name_ru.trim(),
        address_uz: values.address_uz.trim(),
        address_ru: values.address_ru.trim(),
        phone: values.phone.trim(),
        working_hours: values.working_hours.trim(),
        map_url: values.map_url.trim() || null,
        latitude: values.latitude.trim() || null,
        longitude: values.longitude.trim() || null,
        is_published: values.is_published,
      })}
      save={save}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
