import { type AdminBranch, type BranchBody, HTTPS_URL, isShopPhone } from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { columnsFor, DataTable, type GridColumns } from '../../components/data-table.tsx';
import {
  Button,
  Dialog,
  ErrorState,
  Loading,
  Notice,
  PageHeader,
  TextField,
} from '../../components/ui.tsx';
import { getData, patch, post } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  CheckField,
  DeleteDialog,
  FormRefusal,
  fieldErrorsOf,
  MoveButtons,
  PublishedBadge,
  ReadOnlyNote,
  useCanWrite,
  useMove,
} from './shared.tsx';

const KEY = ['content', 'branches'] as const;
const col = columnsFor<AdminBranch>();
const COORDINATE = /^-?\d{1,3}(?:\.\d{1,8})?$/;

type Open = { kind: 'add' } | { kind: 'edit'; branch: AdminBranch } | null;

export function BranchesPage() {
  const { t, lang } = useI18n();
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => getData<AdminBranch[]>('/branches', undefined, signal),
  });
  const [open, setOpen] = useState<Open>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const move = useMove('/branches', KEY);
  const toggle = useMutation({
    mutationFn: (branch: AdminBranch) =>
      patch<AdminBranch>(`/branches/${branch.id}`, { is_published: !branch.is_published }),
    onSuccess: (answer) => setNotice(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const rows = list.data ?? [];
  const ids = rows.map((row) => row.id);
  const nameOf = (b: AdminBranch) => (lang === 'ru' ? b.name_ru : b.name_uz);

  const columns: GridColumns<AdminBranch> = [
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
    ...(canWrite
      ? [
          col.display({
            id: 'actions',
            header: () => <span className="sr-only">{t('content.actions')}</span>,
            cell: (info) => {
              const branch = info.row.original;
              return (
                <span className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    className="h-7 px-2"
                    busy={toggle.isPending && toggle.variables?.id === branch.id}
                    onClick={() => {
                      setNotice(null);
                      toggle.mutate(branch);
                    }}
                  >
                    {branch.is_published ? t('content.unpublish') : t('content.publish')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="h-7 px-2"
                    aria-label={`${t('content.edit')}: ${nameOf(branch)}`}
                    onClick={() => {
                      setNotice(null);
                      setOpen({ kind: 'edit', branch });
                    }}
                  >
                    {t('content.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="h-7 px-2 text-danger"
                    aria-label={`${t('content.delete')}: ${nameOf(branch)}`}
                    onClick={() => {
                      setNotice(null);
                      setRemoving({ id: branch.id, name: nameOf(branch) });
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
        title={t('branches.title')}
        subtitle={t('branches.subtitle')}
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
          label={t('branches.grid')}
          columns={columns}
          rows={rows}
          empty={t('branches.empty')}
          rowClassName={(row) => (row.is_published ? undefined : 'text-muted')}
        />
      )}
      <Dialog
        wide
        open={open !== null}
        title={
          open?.kind === 'edit'
            ? t('branches.editTitle', { name: nameOf(open.branch) })
            : t('branches.addTitle')
        }
        onClose={() => setOpen(null)}
      >
        {open && (
          <BranchForm
            branch={open.kind === 'edit' ? open.branch : null}
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
        path="/branches"
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

function BranchForm({
  branch,
  onCancel,
  onSaved,
}: {
  branch: AdminBranch | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useI18n();
  const form = useForm<BranchValues>({
    defaultValues: {
      name_uz: branch?.name_uz ?? '',
      name_ru: branch?.name_ru ?? '',
      address_uz: branch?.address_uz ?? '',
      address_ru: branch?.address_ru ?? '',
      phone: branch?.phone ?? '',
      working_hours: branch?.working_hours ?? '',
      map_url: branch?.map_url ?? '',
      latitude: branch?.latitude ?? '',
      longitude: branch?.longitude ?? '',
      is_published: branch?.is_published ?? true,
    },
  });
  const save = useMutation({
    mutationFn: (body: BranchBody) =>
      branch
        ? patch<AdminBranch>(`/branches/${branch.id}`, body)
        : post<AdminBranch>('/branches', body),
    onSuccess: (answer) => onSaved(answer.message || t('content.saved')),
  });
  const server = fieldErrorsOf(save.error);
  const errors = form.formState.errors;
  const error = (field: keyof BranchValues) => errors[field]?.message ?? server[field]?.[0];
  const required = (value: string) => value.trim().length > 0 || t('content.required');
  const coordinate = (limit: number) => (value: string) =>
    value.trim() === '' ||
    (COORDINATE.test(value.trim()) && Math.abs(Number(value)) <= limit) ||
    t('branches.coordsHint');
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) =>
        save.mutate({
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
        }),
      )}
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('branches.nameRu')}
          maxLength={120}
          autoFocus
          error={error('name_ru')}
          {...form.register('name_ru', { validate: required })}
        />
        <TextField
          label={t('branches.nameUz')}
          maxLength={120}
          error={error('name_uz')}
          {...form.register('name_uz', { validate: required })}
        />
        <TextField
          label={t('branches.addressRu')}
          maxLength={300}
          error={error('address_ru')}
          {...form.register('address_ru', { validate: required })}
        />
        <TextField
          label={t('branches.addressUz')}
          maxLength={300}
          error={error('address_uz')}
          {...form.register('address_uz', { validate: required })}
        />
        <TextField
          label={t('branches.phone')}
          hint={t('branches.phoneHint')}
          type="tel"
          maxLength={40}
          error={error('phone')}
          {...form.register('phone', {
            validate: (value) => isShopPhone(value.trim()) || t('branches.phoneHint'),
          })}
        />
        <TextField
          label={t('branches.hours')}
          hint={t('branches.hoursHint')}
          maxLength={120}
          error={error('working_hours')}
          {...form.register('working_hours', { validate: required })}
        />
        <TextField
          label={t('branches.mapUrl')}
          hint={t('branches.mapUrlHint')}
          className="col-span-2"
          maxLength={500}
          error={error('map_url')}
          {...form.register('map_url', {
            validate: (value) =>
              value.trim() === '' || HTTPS_URL.test(value.trim()) || t('branches.mapUrlHint'),
          })}
        />
        <TextField
          label={t('branches.latitude')}
          hint={t('branches.coordsHint')}
          inputMode="decimal"
          error={error('latitude')}
          {...form.register('latitude', { validate: coordinate(90) })}
        />
        <TextField
          label={t('branches.longitude')}
          hint={t('branches.coordsHint')}
          inputMode="decimal"
          error={error('longitude')}
          {...form.register('longitude', { validate: coordinate(180) })}
        />
      </div>
      <CheckField label={t('content.publishedField')} {...form.register('is_published')} />
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
