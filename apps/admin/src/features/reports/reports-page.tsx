import {
  addDays,
  REPORT_COLUMNS,
  REPORT_KINDS,
  type Report,
  type ReportColumn,
  type ReportKind,
  type ReportRow,
  tashkentDay,
} from '@bozor/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { columnsFor, DataTable, type GridColumns } from '../../components/data-table.tsx';
import { Tabs } from '../../components/kit/tabs.tsx';
import {
  Button,
  Card,
  cn,
  ErrorState,
  Loading,
  Notice,
  PageHeader,
  TextField,
} from '../../components/ui.tsx';
import { ApiError, errorText, getData, getFile } from '../../lib/api.ts';
import { day, number, percent } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { type ChartSeries, ReportChart } from './report-chart.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const BY_DAY: readonly ReportKind[] = ['sales_by_day', 'average_basket', 'returns'];
/** What each report's chart draws. */
const CHARTED: Record<ReportKind, readonly ReportColumn[]> = {
  sales_by_day: ['revenue'],
  sales_by_category: ['revenue'],
  sales_by_brand: ['revenue'],
  tariffs: ['orders'],
  average_basket: ['average'],
  returns: ['requested', 'accepted'],
};
const ROW_NAME = {
  sales_by_day: 'reports.row.day',
  sales_by_category: 'reports.row.category',
  sales_by_brand: 'reports.row.brand',
  tariffs: 'reports.row.tariff',
  average_basket: 'reports.row.day',
  returns: 'reports.row.day',
} as const;

/** A row's name: a day as the back office writes days, anything else as the server named it. */
const labelOf = (kind: ReportKind, row: ReportRow) =>
  BY_DAY.includes(kind) ? day(row.key) : row.label;

const isKind = (value: string): value is ReportKind =>
  (REPORT_KINDS as readonly string[]).includes(value);

/** A figure as the table shows it: a share in per cent, the rest grouped by thousands. */
const shown = (column: string, value: number | undefined) =>
  column === 'share' ? percent(value ?? 0) : number(value ?? 0);

/** Saves a file the page was given under `name`, as the browser saves a download. */
function save(name: string, file: Blob) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** /reports: one report at a time, its days in the address; a chart, the table, a CSV. */
export function ReportsPage() {
  const { t, lang } = useI18n();
  const list = useListParams(['kind', 'from', 'to'] as const);
  const today = tashkentDay(new Date());
  const kind: ReportKind = isKind(list.values.kind) ? list.values.kind : 'sales_by_day';
  const from = DAY.test(list.values.from) ? list.values.from : addDays(today, -29);
  const to = DAY.test(list.values.to) ? list.values.to : today;
  const [draft, setDraft] = useState({ from, to });

  const report = useQuery({
    queryKey: ['report', kind, from, to, lang],
    queryFn: ({ signal }) => getData<Report>('/reports', { kind, from, to }, signal),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status === 400) && count < 2,
  });
  const fieldErrors = report.error instanceof ApiError ? report.error.fieldErrors : {};

  const show = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters({ from: draft.from, to: draft.to });
  };

  return (
    <>
      <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
      <Tabs
        label={t('reports.kinds')}
        look="pills"
        layout="flex flex-wrap gap-2"
        values={REPORT_KINDS}
        chosen={kind}
        text={(k) => t(`reports.kind.${k}`)}
        onChoose={(k) => list.setFilters({ kind: k === 'sales_by_day' ? '' : k })}
      />
      <form onSubmit={show} className="mb-4 flex flex-wrap items-end gap-2" noValidate>
        {(['from', 'to'] as const).map((end) => (
          <TextField
            key={end}
            label={t(`reports.${end}`)}
            type="date"
            className="w-44"
            value={draft[end]}
            max={today}
            onChange={(e) => setDraft((d) => ({ ...d, [end]: e.target.value }))}
            error={fieldErrors[end]?.[0]}
          />
        ))}
        <Button type="submit" variant="primary">
          {t('reports.show')}
        </Button>
      </form>
      {report.isPending ? (
        <Loading />
      ) : report.isError && !report.data ? (
        Object.keys(fieldErrors).length > 0 ? null : (
          <ErrorState error={report.error} retry={() => report.refetch()} />
        )
      ) : report.data ? (
        <ReportView report={report.data} stale={report.isPlaceholderData} />
      ) : null}
    </>
  );
}

const rowCol = columnsFor<ReportRow>();

function ReportView({ report, stale }: { report: Report; stale: boolean }) {
  const { t } = useI18n();
  const columns = REPORT_COLUMNS[report.kind] as readonly ReportColumn[];
  const byDay = BY_DAY.includes(report.kind);
  const title = t(`reports.kind.${report.kind}`);

  const grid = useMemo<GridColumns<ReportRow>>(
    () => [
      rowCol.accessor((row) => row.label, {
        id: 'label',
        header: t(ROW_NAME[report.kind]),
        cell: (info) => (
          <span className="whitespace-nowrap">{labelOf(report.kind, info.row.original)}</span>
        ),
      }),
      ...columns.map((column) =>
        rowCol.accessor((row) => row.values[column] ?? 0, {
          id: column,
          header: () => <span className="block text-right">{t(`reports.col.${column}`)}</span>,
          cell: (info) => (
            <span className="block text-right tabular">{shown(column, info.getValue())}</span>
          ),
        }),
      ),
    ],
    [t, report.kind, columns],
  );
  const chart = useMemo(() => {
    const charted = CHARTED[report.kind];
    const series: ChartSeries[] = charted.map((column) => ({
      label: t(`reports.col.${column}`),
      values: report.rows.map((row) => row.values[column] ?? 0),
    }));
    return { labels: report.rows.map((row) => labelOf(report.kind, row)), series };
  }, [report, t]);

  // the server writes the file, guarding every name a spreadsheet program could run
  const csv = useMutation({
    mutationFn: () =>
      getFile('/reports.csv', { kind: report.kind, from: report.from, to: report.to }),
    onSuccess: (file) => save(`bozor-${report.kind}-${report.from}-${report.to}.csv`, file),
  });

  const empty = report.rows.every((row) => Object.values(row.values).every((v) => v === 0));
  return (
    <div className={cn('flex flex-col gap-4', stale && 'opacity-60')}>
      <Card
        title={t('reports.chart', { report: title, from: day(report.from), to: day(report.to) })}
        actions={
          <Button onClick={() => csv.mutate()} busy={csv.isPending}>
            {t('reports.csv')}
          </Button>
        }
      >
        {csv.isError && <Notice tone="danger">{errorText(csv.error)}</Notice>}
        {empty ? (
          <p className="py-10 text-center text-muted">{t('reports.empty')}</p>
        ) : (
          <ReportChart
            type={byDay ? 'line' : 'bar'}
            labels={chart.labels}
            series={chart.series}
            label={t('reports.chart', {
              report: title,
              from: day(report.from),
              to: day(report.to),
            })}
            format={(value) => shown(CHARTED[report.kind][0] ?? 'orders', value)}
          />
        )}
      </Card>
      <DataTable
        columns={grid}
        rows={report.rows}
        label={title}
        empty={t('reports.empty')}
        footer={
          <div className="flex flex-wrap justify-end gap-x-6 gap-y-1 border-t border-line bg-page/60 px-3 py-2 text-sm font-semibold">
            <span>{t('reports.total')}</span>
            {columns.map((column) => (
              <span key={column} className="tabular">
                {t(`reports.col.${column}`)}: {shown(column, report.totals[column])}
              </span>
            ))}
          </div>
        }
      />
    </div>
  );
}
