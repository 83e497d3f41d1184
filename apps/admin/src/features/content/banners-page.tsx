import {
  type AdminBanner,
  BannerBody,
  type BannerState,
  HEX_COLOR,
  PICTURE_PATH,
} from '@bozor/shared';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { type FormField, orNull, trimmed } from '../../components/kit/form.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { SinglePicture } from '../../components/pictures.tsx';
import { Badge, TextField, type Tone } from '../../components/ui.tsx';
import { dateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  type ContentForm,
  fromTashkentInput,
  OrderedContentPage,
  TwoLines,
  toTashkentInput,
} from './shared.tsx';

const kit = kitColumns<AdminBanner>();
const STATE_TONE: Record<BannerState, Tone> = {
  shown: 'success',
  scheduled: 'info',
  ended: 'neutral',
  hidden: 'neutral',
};

export function BannersPage() {
  const { t, lang } = useI18n();
  const nameOf = (banner: AdminBanner) => (lang === 'ru' ? banner.title_ru : banner.title_uz);
  const columns: GridColumns<AdminBanner> = [
    kit.view('image', t('banners.picture'), (banner) => (
      <span
        className="block h-12 w-36 overflow-hidden rounded-control"
        style={{ backgroundColor: banner.color }}
      >
        <img src={banner.image} alt="" className="size-full object-cover object-right" />
      </span>
    )),
    kit.view('title', t('banners.name'), (banner) => (
      <TwoLines main={banner.title_ru} under={banner.title_uz} />
    )),
    kit.view('link', t('banners.link'), (banner) => <code className="text-xs">{banner.link}</code>),
    kit.view('dates', t('banners.dates'), ({ starts_at: from, ends_at: until }) =>
      !from && !until ? (
        <span className="text-muted">{t('banners.always')}</span>
      ) : (
        <span className="flex flex-col text-xs tabular whitespace-nowrap">
          {from && <span>{t('banners.from', { date: dateTime(from) })}</span>}
          {until && <span>{t('banners.until', { date: dateTime(until) })}</span>}
        </span>
      ),
    ),
    kit.badge('state', t('banners.state'), (state) => (
      <Badge tone={STATE_TONE[state]}>{t(`banners.state.${state}`)}</Badge>
    )),
  ];
  return (
    <OrderedContentPage
      list="banners"
      texts={listTexts(t, 'banners')}
      nameOf={nameOf}
      columns={columns}
      switchedBy="is_active"
      rowClassName={(banner) => (banner.state === 'shown' ? undefined : 'text-muted')}
      formTitle={(banner) =>
        banner ? t('banners.editTitle', { name: nameOf(banner) }) : t('banners.addTitle')
      }
      form={FORM}
    />
  );
}

interface BannerValues {
  title_uz: string;
  title_ru: string;
  subtitle_uz: string;
  subtitle_ru: string;
  image: string;
  image_mobile: string;
  link: string;
  color: string;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
}

type BannerForm = UseFormReturn<BannerValues>;

const BLANK: BannerValues = {
  title_uz: '',
  title_ru: '',
  subtitle_uz: '',
  subtitle_ru: '',
  image: '',
  image_mobile: '',
  link: '/',
  color: '#1F6FEB',
  starts_at: '',
  ends_at: '',
  is_active: true,
};

const dates = { hint: 'banners.datesHint', type: 'datetime-local' } as const;

const FIELDS: FormField<BannerValues>[] = [
  { name: 'title_ru', label: 'banners.titleRu', maxLength: 120 },
  { name: 'title_uz', label: 'banners.titleUz', maxLength: 120 },
  { name: 'subtitle_ru', label: 'banners.subtitleRu', maxLength: 200 },
  { name: 'subtitle_uz', label: 'banners.subtitleUz', maxLength: 200 },
  {
    name: 'image',
    label: 'banners.image',
    kind: 'custom',
    rules: {
      field_required: 'banners.imageRequired',
      picture_path_invalid: 'banners.imageRequired',
    },
    render: (form, error) => <BannerPicture form={form} name="image" kind="banner" error={error} />,
  },
  {
    name: 'image_mobile',
    label: 'banners.imageMobile',
    kind: 'custom',
    render: (form, error) => (
      <BannerPicture form={form} name="image_mobile" kind="banner_mobile" error={error} />
    ),
  },
  {
    name: 'link',
    label: 'banners.linkField',
    hint: 'banners.linkHint',
    maxLength: 300,
    rules: { field_required: 'banners.linkHint', link_internal: 'banners.linkHint' },
  },
  {
    name: 'color',
    label: 'banners.color',
    kind: 'custom',
    rules: { color_hex_invalid: 'banners.colorFormat' },
    render: (form, error) => <ColorField form={form} error={error} />,
  },
  { name: 'starts_at', label: 'banners.startsAt', ...dates },
  {
    name: 'ends_at',
    label: 'banners.endsAt',
    ...dates,
    rules: { show_range_order: 'banners.rangeOrder' },
  },
  { name: 'is_active', label: 'banners.active', kind: 'check' },
];

const FORM: ContentForm<AdminBanner, BannerValues> = {
  fields: FIELDS,
  defaults: BLANK,
  valuesOf: (row) => ({
    ...row,
    starts_at: toTashkentInput(row.starts_at),
    ends_at: toTashkentInput(row.ends_at),
  }),
  schema: BannerBody,
  toBody: (values: BannerValues): BannerBody => ({
    ...trimmed(values),
    image_mobile: orNull(values.image_mobile),
    starts_at: fromTashkentInput(values.starts_at),
    ends_at: fromTashkentInput(values.ends_at),
  }),
  children: (form) => <LivePreview form={form} />,
};

/** The banner as its form stands. */
function LivePreview({ form }: { form: BannerForm }) {
  const { lang } = useI18n();
  const watched = form.watch();
  const color = watched.color.trim();
  return (
    <BannerPreview
      title={lang === 'ru' ? watched.title_ru : watched.title_uz}
      subtitle={lang === 'ru' ? watched.subtitle_ru : watched.subtitle_uz}
      image={watched.image.trim()}
      color={HEX_COLOR.test(color) ? color : '#999999'}
    />
  );
}

/** A banner's picture, uploaded or replaced in place. */
function BannerPicture({
  form,
  name,
  kind,
  error,
}: {
  form: BannerForm;
  name: 'image' | 'image_mobile';
  kind: 'banner' | 'banner_mobile';
  error: string | undefined;
}) {
  const { t } = useI18n();
  const mobile = name === 'image_mobile';
  return (
    <PictureField
      label={t(mobile ? 'banners.imageMobile' : 'banners.image')}
      hint={t(mobile ? 'banners.imageMobileHint' : 'banners.imageHint')}
      error={error}
    >
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <SinglePicture
            kind={kind}
            value={field.value || null}
            onChange={(path) => field.onChange(path ?? '')}
          />
        )}
      />
    </PictureField>
  );
}

/** The background's code beside the browser's colour picker. */
function ColorField({ form, error }: { form: BannerForm; error: string | undefined }) {
  const { t } = useI18n();
  const color = form.watch('color').trim();
  return (
    <div className="flex items-end gap-2">
      <TextField
        label={t('banners.color')}
        className="flex-1"
        maxLength={7}
        error={error}
        {...form.register('color')}
      />
      <input
        type="color"
        aria-label={t('banners.color')}
        className="h-9 w-12 cursor-pointer rounded-control border border-line bg-white"
        value={HEX_COLOR.test(color) && color.length === 7 ? color : '#000000'}
        onChange={(event) => form.setValue('color', event.target.value.toUpperCase())}
      />
    </div>
  );
}

/** A picture picker under its name, with its hint or the refusal. */
function PictureField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-muted">{label}</legend>
      {children}
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted">{hint}</p>
      )}
    </fieldset>
  );
}

/** The card as the storefront's carousel draws it on a wide screen. */
function BannerPreview({
  title,
  subtitle,
  image,
  color,
}: {
  title: string;
  subtitle: string;
  image: string;
  color: string;
}) {
  const { t } = useI18n();
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-xs text-muted">{t('banners.preview')}</figcaption>
      <div
        className="relative aspect-[3/1] overflow-hidden rounded-card"
        style={{ backgroundColor: color }}
      >
        {PICTURE_PATH.test(image) && (
          <img
            src={image}
            alt=""
            className="absolute inset-0 size-full object-cover object-right"
          />
        )}
        <div
          className="absolute inset-0"
          style={{
            background: `linear-gradient(90deg, ${color} 0%, color-mix(in srgb, ${color} 80%, transparent) 35%, transparent 70%)`,
          }}
        />
        <div className="relative flex h-full max-w-[55%] flex-col justify-center gap-1 p-5 text-white">
          <p className="text-xl leading-tight font-extrabold">{title}</p>
          <p className="text-sm text-white/90">{subtitle}</p>
        </div>
      </div>
    </figure>
  );
}
