import {
  type AdminBanner,
  type BannerBody,
  type BannerState,
  HEX_COLOR,
  isShopLink,
  PICTURE_PATH,
} from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { columnsFor, DataTable, type GridColumns } from '../../components/data-table.tsx';
import { SinglePicture } from '../../components/pictures.tsx';
import {
  Badge,
  Button,
  Dialog,
  ErrorState,
  Loading,
  Notice,
  PageHeader,
  TextField,
  type Tone,
} from '../../components/ui.tsx';
import { getData, patch, post } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  CheckField,
  DeleteDialog,
  FormRefusal,
  fieldErrorsOf,
  fromTashkentInput,
  MoveButtons,
  ReadOnlyNote,
  toTashkentInput,
  useCanWrite,
  useMove,
} from './shared.tsx';

const KEY = ['content', 'banners'] as const;
const col = columnsFor<AdminBanner>();
const STATE_TONE: Record<BannerState, Tone> = {
  shown: 'success',
  scheduled: 'info',
  ended: 'neutral',
  hidden: 'neutral',
};

type Open = { kind: 'add' } | { kind: 'edit'; banner: AdminBanner } | null;

export function BannersPage() {
  const { t, lang } = useI18n();
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => getData<AdminBanner[]>('/banners', undefined, signal),
  });
  const [open, setOpen] = useState<Open>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const move = useMove('/banners', KEY);
  const toggle = useMutation({
    mutationFn: (banner: AdminBanner) =>
      patch<AdminBanner>(`/banners/${banner.id}`, { is_active: !banner.is_active }),
    onSuccess: (answer) => setNotice(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const rows = list.data ?? [];
  const ids = rows.map((row) => row.id);
  const nameOf = (banner: AdminBanner) => (lang === 'ru' ? banner.title_ru : banner.title_uz);

  const columns: GridColumns<AdminBanner> = [
    ...(canWrite
      ? [
          col.display({
            id: 'order',
            header: () => <span className="sr-only">{t('content.up')}</span>,
            cell: (info) => (
              <MoveButtons
                index={info.row.index}
                count={ids.length}
                name={nameOf(info.row.original)}
                busy={move.isPending}
                onMove={(to) => move.mutate({ ids, from: info.row.index, to })}
              />
            ),
          }),
        ]
      : []),
    col.accessor('image', {
      header: t('banners.picture'),
      cell: (info) => (
        <span
          className="block h-12 w-36 overflow-hidden rounded-control"
          style={{ backgroundColor: info.row.original.color }}
        >
          <img src={info.getValue()} alt="" className="size-full object-cover object-right" />
        </span>
      ),
    }),
    col.display({
      id: 'title',
      header: t('banners.name'),
      cell: (info) => (
        <span className="flex flex-col">
          <span className="font-medium">{info.row.original.title_ru}</span>
          <span className="text-xs text-muted">{info.row.original.title_uz}</span>
        </span>
      ),
    }),
    col.accessor('link', {
      header: t('banners.link'),
      cell: (info) => <code className="text-xs">{info.getValue()}</code>,
    }),
    col.display({
      id: 'dates',
      header: t('banners.dates'),
      cell: (info) => {
        const { starts_at: from, ends_at: until } = info.row.original;
        if (!from && !until) return <span className="text-muted">{t('banners.always')}</span>;
        return (
          <span className="flex flex-col text-xs tabular whitespace-nowrap">
            {from && <span>{t('banners.from', { date: dateTime(from) })}</span>}
            {until && <span>{t('banners.until', { date: dateTime(until) })}</span>}
          </span>
        );
      },
    }),
    col.accessor('state', {
      header: t('banners.state'),
      cell: (info) => {
        const state = info.row.original.state;
        return <Badge tone={STATE_TONE[state]}>{t(`banners.state.${state}`)}</Badge>;
      },
    }),
    ...(canWrite
      ? [
          col.display({
            id: 'actions',
            header: () => <span className="sr-only">{t('content.actions')}</span>,
            cell: (info) => {
              const banner = info.row.original;
              return (
                <span className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    className="h-7 px-2"
                    busy={toggle.isPending && toggle.variables?.id === banner.id}
                    onClick={() => {
                      setNotice(null);
                      toggle.mutate(banner);
                    }}
                  >
                    {banner.is_active ? t('content.unpublish') : t('content.publish')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="h-7 px-2"
                    aria-label={`${t('content.edit')}: ${nameOf(banner)}`}
                    onClick={() => {
                      setNotice(null);
                      setOpen({ kind: 'edit', banner });
                    }}
                  >
                    {t('content.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="h-7 px-2 text-danger"
                    aria-label={`${t('content.delete')}: ${nameOf(banner)}`}
                    onClick={() => {
                      setNotice(null);
                      setRemoving({ id: banner.id, name: nameOf(banner) });
                    }}
                  >
                    {t('content.delete')}
                  </Button>
                </span>
              );
            },
          }),
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('banners.title')}
        subtitle={t('banners.subtitle')}
        actions={
          canWrite && (
            <Button
              variant="primary"
              onClick={() => {
                setNotice(null);
                setOpen({ kind: 'add' });
              }}
            >
              {t('content.add')}
            </Button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      {(notice || move.error || toggle.error) && (
        <div className="mb-3">
          {notice && <Notice tone="success">{notice}</Notice>}
          {(move.error || toggle.error) && (
            <Notice tone="danger">{(move.error ?? toggle.error)?.message}</Notice>
          )}
        </div>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => list.refetch()} />
      ) : (
        <DataTable
          label={t('banners.grid')}
          columns={columns}
          rows={rows}
          empty={t('banners.empty')}
          rowClassName={(row) => (row.state === 'shown' ? undefined : 'text-muted')}
        />
      )}
      <Dialog
        wide
        open={open !== null}
        title={
          open?.kind === 'edit'
            ? t('banners.editTitle', { name: nameOf(open.banner) })
            : t('banners.addTitle')
        }
        onClose={() => setOpen(null)}
      >
        {open && (
          <BannerForm
            banner={open.kind === 'edit' ? open.banner : null}
            onCancel={() => setOpen(null)}
            onSaved={(message) => {
              setOpen(null);
              setNotice(message);
              queryClient.invalidateQueries({ queryKey: KEY });
            }}
          />
        )}
      </Dialog>
      <DeleteDialog
        target={removing}
        path="/banners"
        queryKey={KEY}
        onClose={() => setRemoving(null)}
        onDone={(message) => {
          setRemoving(null);
          setNotice(message);
        }}
      />
    </>
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

function valuesOf(banner: AdminBanner | null): BannerValues {
  return {
    title_uz: banner?.title_uz ?? '',
    title_ru: banner?.title_ru ?? '',
    subtitle_uz: banner?.subtitle_uz ?? '',
    subtitle_ru: banner?.subtitle_ru ?? '',
    image: banner?.image ?? '',
    image_mobile: banner?.image_mobile ?? '',
    link: banner?.link ?? '/',
    color: banner?.color ?? '#1F6FEB',
    starts_at: toTashkentInput(banner?.starts_at ?? null),
    ends_at: toTashkentInput(banner?.ends_at ?? null),
    is_active: banner?.is_active ?? true,
  };
}

function BannerForm({
  banner,
  onCancel,
  onSaved,
}: {
  banner: AdminBanner | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const { t, lang } = useI18n();
  const form = useForm<BannerValues>({ defaultValues: valuesOf(banner) });
  const save = useMutation({
    mutationFn: (body: BannerBody) =>
      banner
        ? patch<AdminBanner>(`/banners/${banner.id}`, body)
        : post<AdminBanner>('/banners', body),
    onSuccess: (answer) => onSaved(answer.message || t('content.saved')),
  });
  const server = fieldErrorsOf(save.error);
  const errors = form.formState.errors;
  const error = (field: keyof BannerValues) => errors[field]?.message ?? server[field]?.[0];
  const required = (value: string) => value.trim().length > 0 || t('content.required');
  const watched = form.watch();
  const colorValid = HEX_COLOR.test(watched.color.trim());

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) => {
        const startsAt = fromTashkentInput(values.starts_at);
        const endsAt = fromTashkentInput(values.ends_at);
        if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) {
          form.setError('ends_at', { message: t('banners.rangeOrder') });
          return;
        }
        save.mutate({
          title_uz: values.title_uz.trim(),
          title_ru: values.title_ru.trim(),
          subtitle_uz: values.subtitle_uz.trim(),
          subtitle_ru: values.subtitle_ru.trim(),
          image: values.image.trim(),
          image_mobile: values.image_mobile.trim() || null,
          link: values.link.trim(),
          color: values.color.trim(),
          starts_at: startsAt,
          ends_at: endsAt,
          is_active: values.is_active,
        });
      })}
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('banners.titleRu')}
          maxLength={120}
          error={error('title_ru')}
          {...form.register('title_ru', { validate: required })}
        />
        <TextField
          label={t('banners.titleUz')}
          maxLength={120}
          error={error('title_uz')}
          {...form.register('title_uz', { validate: required })}
        />
        <TextField
          label={t('banners.subtitleRu')}
          maxLength={200}
          error={error('subtitle_ru')}
          {...form.register('subtitle_ru')}
        />
        <TextField
          label={t('banners.subtitleUz')}
          maxLength={200}
          error={error('subtitle_uz')}
          {...form.register('subtitle_uz')}
        />
        <PictureField
          label={t('banners.image')}
          hint={t('banners.imageHint')}
          error={error('image')}
        >
          <Controller
            control={form.control}
            name="image"
            rules={{
              validate: (value) => PICTURE_PATH.test(value.trim()) || t('banners.imageRequired'),
            }}
            render={({ field }) => (
              <SinglePicture
                kind="banner"
                value={field.value || null}
                onChange={(path) => field.onChange(path ?? '')}
              />
            )}
          />
        </PictureField>
        <PictureField
          label={t('banners.imageMobile')}
          hint={t('banners.imageMobileHint')}
          error={error('image_mobile')}
        >
          <Controller
            control={form.control}
            name="image_mobile"
            render={({ field }) => (
              <SinglePicture
                kind="banner_mobile"
                value={field.value || null}
                onChange={(path) => field.onChange(path ?? '')}
              />
            )}
          />
        </PictureField>
        <TextField
          label={t('banners.linkField')}
          hint={t('banners.linkHint')}
          maxLength={300}
          error={error('link')}
          {...form.register('link', {
            validate: (value) => isShopLink(value.trim()) || t('banners.linkHint'),
          })}
        />
        <div className="flex items-end gap-2">
          <TextField
            label={t('banners.color')}
            className="flex-1"
            maxLength={7}
            error={error('color')}
            {...form.register('color', {
              validate: (value) => HEX_COLOR.test(value.trim()) || '#RRGGBB',
            })}
          />
          <input
            type="color"
            aria-label={t('banners.color')}
            className="h-9 w-12 cursor-pointer rounded-control border border-line bg-white"
            value={
              colorValid && watched.color.trim().length === 7 ? watched.color.trim() : '#000000'
            }
            onChange={(event) => form.setValue('color', event.target.value.toUpperCase())}
          />
        </div>
        <TextField
          type="datetime-local"
          label={t('banners.startsAt')}
          hint={t('banners.datesHint')}
          error={error('starts_at')}
          {...form.register('starts_at')}
        />
        <TextField
          type="datetime-local"
          label={t('banners.endsAt')}
          hint={t('banners.datesHint')}
          error={error('ends_at')}
          {...form.register('ends_at')}
        />
      </div>
      <CheckField label={t('banners.active')} {...form.register('is_active')} />
      <BannerPreview
        title={lang === 'ru' ? watched.title_ru : watched.title_uz}
        subtitle={lang === 'ru' ? watched.subtitle_ru : watched.subtitle_uz}
        image={watched.image.trim()}
        color={colorValid ? watched.color.trim() : '#999999'}
      />
      <FormRefusal error={save.error} />
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant="primary" busy={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
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
  children: React.ReactNode;
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
