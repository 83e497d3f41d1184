import { type AdminBranch, BranchBody } from '@bozor/shared';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { type FormField, orNull, trimmed } from '../../components/kit/form.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { OrderedContentPage, publishedColumn, TwoLines } from './shared.tsx';

const col = columnsFor<AdminBranch>();
const kit = kitColumns<AdminBranch>();

export function BranchesPage() {
  const { t, lang } = useI18n();
  const nameOf = (b: AdminBranch) => (lang === 'ru' ? b.name_ru : b.name_uz);
  const columns: GridColumns<AdminBranch> = [
    kit.view('name', t('branches.name'), (b) => (
      <TwoLines main={nameOf(b)} under={lang === 'ru' ? b.address_ru : b.address_uz} />
    )),
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
    publishedColumn(t('pages.state')),
  ];
  return (
    <OrderedContentPage
      list="branches"
      texts={listTexts(t, 'branches')}
      nameOf={nameOf}
      columns={columns}
      switchedBy="is_published"
      formTitle={(b) => (b ? t('branches.editTitle', { name: nameOf(b) }) : t('branches.addTitle'))}
      form={{ fields: FIELDS, defaults: BLANK, schema: BranchBody, toBody }}
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

const BLANK: BranchValues = {
  name_uz: '',
  name_ru: '',
  address_uz: '',
  address_ru: '',
  phone: '',
  working_hours: '',
  map_url: '',
  latitude: '',
  longitude: '',
  is_published: true,
};

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

const toBody = (values: BranchValues): BranchBody => ({
  ...trimmed(values),
  map_url: orNull(values.map_url),
  latitude: orNull(values.latitude),
  longitude: orNull(values.longitude),
});
