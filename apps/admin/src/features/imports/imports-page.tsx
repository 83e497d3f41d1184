import type {
  ImportChange,
  ImportJobDetail,
  ImportJobRow,
  ImportRowError,
  ImportStatus,
} from '@bozor/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { StateBadge } from '../../components/badges.tsx';
import {
  columnsFor,
  DataTable,
  type GridColumns,
  PagedGrid,
} from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import {
  Badge,
  Button,
  Card,
  cn,
  ErrorState,
  Facts,
  Loading,
  Notice,
  PageHeader,
  type Tone,
} from '../../components/ui.tsx';
import { adminUrl, errorText, getData, getPage, post, upload } from '../../lib/api.ts';
import { dateTime, number, percent } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';

const STATUS_TONES: Record<ImportStatus, Tone> = {
  checking: 'info',
  checked: 'primary',
  running: 'info',
  done: 'success',
  failed: 'danger',
};

const StatusBadge = ({ state }: { state: ImportStatus }) => (
  <StateBadge tone={STATUS_TONES[state]} text={`imports.status.${state}`} />
);
/** A dry run or an import still going: its page asks again every second. */
const moving = (status: ImportStatus | undefined) => status === 'checking' || status === 'running';

export function ImportsPage() {
  const { t } = useI18n();
  const { id } = useParams();
  const jobId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const exportLink = (format: 'xlsx' | 'csv') => adminUrl('/products/export', { format });
  const linkClass =
    'inline-flex h-9 items-center justify-center rounded-control border border-line bg-white px-3.5 font-medium whitespace-nowrap text-ink hover:bg-page';
  return (
    <>
      <PageHeader
        title={t('imports.title')}
        subtitle={t('imports.subtitle')}
        actions={
          <>
            <a className={linkClass} href={exportLink('xlsx')} download>
              {t('imports.exportXlsx')}
            </a>
            <a className={linkClass} href={exportLink('csv')} download>
              {t('imports.exportCsv')}
            </a>
          </>
        }
      />
      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_28rem]">
        <UploadCard />
        <FormatCard />
      </div>
      <div className="mt-5 space-y-5">
        {jobId !== undefined && <ImportJob id={jobId} />}
        <History />
      </div>
    </>
  );
}

function UploadCard() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const send = useMutation({
    mutationFn: (file: File) =>
      upload<ImportJobDetail>('/imports', file, { onProgress: (share) => setSent(share) }),
    onSettled: () => setSent(null),
    onSuccess: (answer) => {
      client.setQueryData(['import', answer.data.id, lang], answer.data);
      void client.invalidateQueries({ queryKey: ['imports'] });
      navigate(`/imports/${answer.data.id}`);
    },
  });
  const take = (file: File | undefined) => {
    if (file) send.mutate(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };
  return (
    <Card title={t('imports.upload')}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a mouse's shortcut; the button inside is the way for everyone */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-card border-2 border-dashed px-4 py-8 text-center',
          over ? 'border-primary bg-primary-soft' : 'border-line',
        )}
      >
        <p className="font-medium">{t('imports.drop')}</p>
        <input
          ref={input}
          type="file"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          className="sr-only"
          aria-describedby={hintId}
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="primary" busy={send.isPending} onClick={() => input.current?.click()}>
          {t('imports.pick')}
        </Button>
        <p id={hintId} className="text-muted">
          {sent === null
            ? t('imports.dropHint')
            : t('imports.uploading', { percent: percent(sent) })}
        </p>
        {send.isError && <Notice tone="danger">{errorText(send.error)}</Notice>}
      </div>
    </Card>
  );
}

function FormatCard() {
  const { t } = useI18n();
  return (
    <Card title={t('imports.format')} className="self-start">
      <p>{t('imports.formatText')}</p>
      <p className="mt-2 text-muted">{t('imports.formatCells')}</p>
    </Card>
  );
}

function Progress({ job }: { job: ImportJobDetail }) {
  const { t } = useI18n();
  if (job.status === 'checking') {
    return (
      <p className="text-muted">{t('imports.checkingRows', { count: number(job.done_rows) })}</p>
    );
  }
  if (job.status !== 'running' && job.status !== 'done') return null;
  const share = job.total_rows > 0 ? job.done_rows / job.total_rows : 0;
  return (
    <div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={job.total_rows}
        aria-valuenow={job.done_rows}
        aria-label={t('imports.progress', { done: job.done_rows, total: job.total_rows })}
        className="h-2.5 overflow-hidden rounded-full bg-page"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      <p className="mt-1 text-muted tabular">
        {t('imports.progress', { done: number(job.done_rows), total: number(job.total_rows) })} ·{' '}
        {percent(share)}
      </p>
    </div>
  );
}

const errorCol = columnsFor<ImportRowError>();
const errorKit = kitColumns<ImportRowError>();
const changeCol = columnsFor<ImportChange>();
const changeKit = kitColumns<ImportChange>();

function ImportJob({ id }: { id: number }) {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  // the errors come worded in the staff member's language
  const job = useQuery({
    queryKey: ['import', id, lang],
    queryFn: ({ signal }) => getData<ImportJobDetail>(`/imports/${id}`, undefined, signal),
    refetchInterval: (query) => (moving(query.state.data?.status) ? 1_000 : false),
  });
  const run = useMutation({
    mutationFn: () => post<ImportJobDetail>(`/imports/${id}/run`),
    onSuccess: (answer) => {
      client.setQueryData(['import', id, lang], answer.data);
      void client.invalidateQueries({ queryKey: ['imports'] });
    },
  });
  // the history shows the new status too
  const status = job.data?.status;
  useEffect(() => {
    if (status) void client.invalidateQueries({ queryKey: ['imports'] });
  }, [status, client]);
  const errorColumns = useMemo<GridColumns<ImportRowError>>(
    () => [
      errorKit.figure('row', t('imports.row')),
      errorCol.accessor('column', {
        header: t('imports.column'),
        cell: (info) => <code className="text-xs">{info.getValue()}</code>,
      }),
      errorCol.accessor('value', {
        header: t('imports.value'),
        cell: (info) => {
          const value = info.getValue();
          return value === null ? (
            <span className="text-muted">{t('imports.valueEmpty')}</span>
          ) : (
            <code className="text-xs break-all whitespace-pre-wrap">{value}</code>
          );
        },
      }),
      errorCol.accessor('message', { header: t('imports.message') }),
    ],
    [t],
  );
  const changeColumns = useMemo<GridColumns<ImportChange>>(
    () => [
      changeKit.figure('row', t('imports.row')),
      changeCol.accessor('sku', { header: t('imports.sku') }),
      changeCol.accessor('action', {
        header: t('imports.action'),
        cell: (info) => (
          <Badge tone={info.getValue() === 'create' ? 'success' : 'info'}>
            {t(info.getValue() === 'create' ? 'imports.action.create' : 'imports.action.update')}
          </Badge>
        ),
      }),
      changeCol.accessor('columns', {
        header: t('imports.columns'),
        cell: (info) => <code className="text-xs">{info.getValue().join(', ') || '—'}</code>,
      }),
    ],
    [t],
  );

  if (job.isPending) return <Loading />;
  if (job.isError) return <ErrorState error={job.error} retry={() => job.refetch()} />;
  const data = job.data;
  const { planned } = data;
  const nothing = planned.create + planned.update === 0;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          {t('imports.job', { id: data.id })} <StatusBadge state={data.status} />
        </span>
      }
      actions={
        data.status === 'checked' && (
          <Button variant="primary" busy={run.isPending} onClick={() => run.mutate()}>
            {t('imports.run')}
          </Button>
        )
      }
    >
      <div className="space-y-5">
        <Facts
          items={[
            [t('imports.file'), data.file_name],
            [t('imports.by'), data.staff_name],
            [t('imports.created'), dateTime(data.created_at)],
            [t('imports.finished'), data.finished_at ? dateTime(data.finished_at) : null],
          ]}
        />
        <Progress job={data} />
        {data.failure && <Notice tone="danger">{data.failure}</Notice>}
        {run.isError && <Notice tone="danger">{errorText(run.error)}</Notice>}
        {data.status !== 'checking' && data.status !== 'failed' && (
          <section>
            <h3 className="mb-2 font-semibold">{t('imports.planned')}</h3>
            <Counts
              items={[
                [t('imports.plannedCreate'), planned.create, 'success'],
                [t('imports.plannedUpdate'), planned.update, 'info'],
                [t('imports.plannedUnchanged'), planned.unchanged, 'neutral'],
                [
                  t('imports.plannedError'),
                  planned.error,
                  planned.error > 0 ? 'danger' : 'neutral',
                ],
              ]}
            />
            {data.status === 'checked' && (
              <p className="mt-2 text-muted">
                {nothing ? t('imports.nothingToDo') : planned.error > 0 && t('imports.runHint')}
              </p>
            )}
          </section>
        )}
        {(data.status === 'running' || data.status === 'done') && (
          <section>
            <h3 className="mb-2 font-semibold">{t('imports.result')}</h3>
            <Counts
              items={[
                [t('imports.resultCreated'), data.created, 'success'],
                [t('imports.resultUpdated'), data.updated, 'info'],
                [t('imports.resultUnchanged'), data.unchanged, 'neutral'],
              ]}
            />
          </section>
        )}
        {data.status !== 'checking' && (
          <section>
            <h3 className="mb-2 font-semibold">{t('imports.errors')}</h3>
            {data.errors_total > data.errors.length && (
              <p className="mb-2 text-muted">
                {t('imports.errorsMore', {
                  shown: number(data.errors.length),
                  total: number(data.errors_total),
                })}
              </p>
            )}
            {/* up to a thousand rows: they scroll within the card */}
            <div className="max-h-[28rem] overflow-auto">
              <DataTable
                label={t('imports.errors')}
                columns={errorColumns}
                rows={data.errors}
                empty={t('imports.noErrors')}
              />
            </div>
          </section>
        )}
        {data.changes.length > 0 && (
          <section>
            <h3 className="mb-2 font-semibold">{t('imports.changes')}</h3>
            {/* up to a thousand rows: they scroll within the card */}
            <div className="max-h-[28rem] overflow-auto">
              <DataTable
                label={t('imports.changes')}
                columns={changeColumns}
                rows={data.changes}
                empty={t('imports.noChanges')}
              />
            </div>
          </section>
        )}
      </div>
    </Card>
  );
}

function Counts({ items }: { items: [string, number, Tone][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value, tone]) => (
        <div key={label} className="rounded-control border border-line px-3 py-2">
          <dt className="text-muted">{label}</dt>
          <dd
            className={cn(
              'text-lg font-semibold tabular',
              tone === 'danger' && 'text-danger',
              tone === 'success' && 'text-success',
            )}
          >
            {number(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const historyCol = columnsFor<ImportJobRow>();
const historyKit = kitColumns<ImportJobRow>();

function History() {
  const { t } = useI18n();
  const list = useListParams([] as const);
  const history = useQuery({
    queryKey: ['imports', list.page],
    queryFn: ({ signal }) => getPage<ImportJobRow>('/imports', { page: list.page }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => moving(row.status)) ? 2_000 : false,
  });
  const columns = useMemo<GridColumns<ImportJobRow>>(
    () => [
      historyKit.idLink('id', '№', { to: (row) => `/imports/${row.id}` }),
      historyKit.link('file_name', t('imports.file'), {
        to: (row) => `/imports/${row.id}`,
        className: 'hover:underline',
      }),
      historyCol.accessor('status', {
        header: t('imports.status'),
        cell: (info) => <StatusBadge state={info.getValue()} />,
      }),
      historyCol.accessor('total_rows', {
        header: t('imports.rows'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">{number(info.getValue())}</span>
        ),
      }),
      historyCol.accessor('created', {
        header: t('imports.resultCreated'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">{number(info.getValue())}</span>
        ),
      }),
      historyCol.accessor('updated', {
        header: t('imports.resultUpdated'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">{number(info.getValue())}</span>
        ),
      }),
      historyCol.accessor('planned', {
        header: t('imports.plannedError'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">{number(info.getValue().error)}</span>
        ),
      }),
      historyCol.accessor('staff_name', { header: t('imports.by') }),
      historyKit.date('created_at', t('imports.created')),
    ],
    [t],
  );
  return (
    <Card title={t('imports.history')}>
      <PagedGrid
        query={history}
        onPage={list.setPage}
        label={t('imports.history')}
        columns={columns}
        empty={t('imports.historyEmpty')}
      />
    </Card>
  );
}
