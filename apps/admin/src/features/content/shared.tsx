import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { DeleteDialog } from '../../components/kit/delete-dialog.tsx';
import { ResourceForm, type ResourceFormProps } from '../../components/kit/form.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import type { ListTexts } from '../../components/kit/list-texts.ts';
import { useCanWrite } from '../../components/kit/permission.ts';
import { Badge, Button, cn, Dialog } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import {
  type ContentList,
  contentKey,
  deleteContent,
  saveContent,
  useContentList,
  useMove,
} from './api.ts';

/** Whether the signed-in role may change the shop's content (the others read it). */
export const useCanWriteContent = () => useCanWrite('content.write');

export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useI18n();
  return published ? (
    <Badge tone="success">{t('content.published')}</Badge>
  ) : (
    <Badge>{t('content.draft')}</Badge>
  );
}

/** Tashkent is UTC+5 all year: a `datetime-local` value is read and written as its clock. */
const TASHKENT_MS = 5 * 60 * 60 * 1000;
export function toTashkentInput(iso: string | null): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + TASHKENT_MS).toISOString().slice(0, 16);
}
export function fromTashkentInput(value: string): string | null {
  return value ? `${value}:00+05:00` : null;
}

function MoveButtons({
  index,
  count,
  name,
  busy,
  onMove,
}: {
  index: number;
  count: number;
  name: string;
  busy: boolean;
  onMove: (to: number) => void;
}) {
  const { t } = useI18n();
  return (
    <span className="flex gap-0.5">
      <Button
        variant="ghost"
        className="h-7 w-7 px-0"
        aria-label={t('content.moveUp', { name })}
        title={t('content.up')}
        disabled={busy || index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </Button>
      <Button
        variant="ghost"
        className="h-7 w-7 px-0"
        aria-label={t('content.moveDown', { name })}
        title={t('content.down')}
        disabled={busy || index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </Button>
    </span>
  );
}

/** The fields of `Row` that are on or off. */
type BooleanField<Row> = {
  [Field in keyof Row]: Row[Field] extends boolean ? Field : never;
}[keyof Row];

/**
 * A content row's form, built by the kit in two columns: its fields, a new row's values, the
 * shared schema and the body sent, and what it shows under the fields.
 */
export type ContentForm<Row, Values extends FieldValues> = Pick<
  ResourceFormProps<Values, unknown, unknown>,
  'fields' | 'defaults' | 'schema' | 'toBody' | 'children'
> & {
  /** A row as its form holds it, where that differs from the row (a time in Tashkent). */
  valuesOf?: (row: Row) => object;
};

/** A column of whether the shop shows the row. */
export function publishedColumn<Row extends { is_published: boolean }>(header: string) {
  return columnsFor<Row>().accessor((row) => row.is_published, {
    id: 'is_published',
    header,
    cell: (info) => <PublishedBadge published={info.getValue()} />,
  });
}

/** A row's name in bold over a second line (the other language, an address). */
export function TwoLines({
  main,
  under,
  className,
}: {
  main: ReactNode;
  under: ReactNode;
  className?: string;
}) {
  return (
    <span className={cn('flex flex-col', className)}>
      <span className="font-medium">{main}</span>
      <span className="text-xs text-muted">{under}</span>
    </span>
  );
}

/**
 * An ordered list of the shop's content (banners, questions, branches): moved up and down,
 * shown or hidden with one switch, added, changed and deleted in dialogs by a role that may
 * write the content, read by the others.
 */
export function OrderedContentPage<Row extends { id: number }, Values extends FieldValues>({
  list,
  texts,
  nameOf,
  columns,
  switchedBy,
  rowClassName,
  formTitle,
  form,
}: {
  list: ContentList;
  /** The list's words (`listTexts`). */
  texts: ListTexts;
  nameOf: (row: Row) => string;
  /** The page's own columns, between the arrows and the actions. */
  columns: GridColumns<Row>;
  /** The row's switch: the field saying whether the shop shows it. */
  switchedBy: BooleanField<Row>;
  /** How a row stands out; by default one the shop does not show is grey. */
  rowClassName?: (row: Row) => string | undefined;
  formTitle: (row: Row | null) => string;
  form: ContentForm<Row, Values>;
}) {
  const { t } = useI18n();
  const canWrite = useCanWriteContent();
  const queryClient = useQueryClient();
  const rows = useContentList<Row>(list);
  const [open, setOpen] = useState<{ row: Row | null } | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: contentKey(list) });
  const move = useMove(list);
  const toggle = useMutation({
    mutationFn: (row: Row) => saveContent<Row>(list, row.id, { [switchedBy]: !row[switchedBy] }),
    onSuccess: (answer) => setNotice(answer.message),
    onSettled: reload,
  });
  const remove = useMutation({
    mutationFn: (row: Row) => deleteContent(list, row.id),
    onSuccess: (answer) => {
      setRemoving(null);
      setNotice(answer.message || t('content.deleted'));
      reload();
    },
  });
  const ids = (rows.data ?? []).map((row) => row.id);
  const act = (then: () => void) => () => {
    setNotice(null);
    then();
  };
  const order = columnsFor<Row>().display({
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
  });
  const closeRemoving = () => {
    remove.reset();
    setRemoving(null);
  };

  return (
    <ListPage
      {...texts}
      writes={{
        permission: 'content.write',
        readOnly: t('content.readOnly'),
        add: { label: t('content.add'), onClick: act(() => setOpen({ row: null })) },
        actions: (row) => [
          {
            label: row[switchedBy] ? t('content.unpublish') : t('content.publish'),
            busy: toggle.isPending && toggle.variables?.id === row.id,
            onClick: act(() => toggle.mutate(row)),
          },
          {
            label: t('content.edit'),
            name: `${t('content.edit')}: ${nameOf(row)}`,
            onClick: act(() => setOpen({ row })),
          },
          {
            label: t('content.delete'),
            name: `${t('content.delete')}: ${nameOf(row)}`,
            danger: true,
            onClick: act(() => setRemoving(row)),
          },
        ],
      }}
      notices={[
        { tone: 'success', text: notice },
        { tone: 'danger', text: (move.error ?? toggle.error)?.message },
      ]}
      query={rows}
      columns={canWrite ? [order, ...columns] : columns}
      rowClassName={rowClassName ?? ((row) => (row[switchedBy] ? undefined : 'text-muted'))}
    >
      <Dialog
        wide
        open={open !== null}
        title={open ? formTitle(open.row) : ''}
        onClose={() => setOpen(null)}
      >
        {open && (
          <ResourceForm
            {...form}
            columns={2}
            row={open.row && (form.valuesOf?.(open.row) ?? open.row)}
            save={(body) => saveContent<Row>(list, open.row?.id, body)}
            onCancel={() => setOpen(null)}
            onSaved={(answer) => {
              setOpen(null);
              setNotice(answer.message || t('content.saved'));
              reload();
            }}
          />
        )}
      </Dialog>
      <DeleteDialog
        open={removing !== null}
        title={removing ? t('content.deleteTitle', { name: nameOf(removing) }) : ''}
        hint={t('content.deleteHint')}
        submit={t('content.delete')}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={closeRemoving}
      />
    </ListPage>
  );
}
