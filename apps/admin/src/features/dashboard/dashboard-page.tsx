import type { Dashboard, Permission } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Loaded } from '../../components/kit/loaded.tsx';
import { Sparkline } from '../../components/sparkline.tsx';
import { cn, PageHeader } from '../../components/ui.tsx';
import { getData } from '../../lib/api.ts';
import { day, money, number, percent } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';

export function DashboardPage() {
  const { t, lang } = useI18n();
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => getData<Dashboard>('/dashboard', undefined, signal),
    refetchInterval: 60_000,
  });
  return (
    <>
      <PageHeader title={t('dash.title')} subtitle={t('dash.subtitle')} />
      <Loaded query={dashboard}>{(data) => <Tiles data={data} lang={lang} />}</Loaded>
    </>
  );
}

function Tiles({ data, lang }: { data: Dashboard; lang: 'ru' | 'uz' }) {
  const { t } = useI18n();
  const { can } = useStaff();
  const series = useMemo(
    () => ({
      labels: data.series.map((d) => day(d.day)),
      orders: data.series.map((d) => d.orders),
      revenue: data.series.map((d) => d.revenue),
      share: data.series.map((d) => (d.orders > 0 ? d.installments / d.orders : 0)),
      overdue: data.series.map((d) => d.overdue),
      par30: data.series.map((d) => d.par30),
      queue: data.series.map((d) => d.scoring_queue),
    }),
    [data.series],
  );
  const formatMoney = useMemo(() => (value: number) => money(value, lang), [lang]);
  const warnIf = (count: number) => (count > 0 ? 'warning' : undefined);
  const openIf = (permission: Permission, to: string) => (can(permission) ? to : undefined);
  const RED = '#c81e3a';
  const tiles: TileProps[] = [
    {
      label: t('dash.today'),
      value: money(data.today.revenue, lang),
      note: t('dash.orders', { count: data.today.orders }),
      chart: { values: series.orders, label: t('dash.ordersChart'), format: number },
    },
    {
      label: t('dash.month'),
      value: money(data.month.revenue, lang),
      note: t('dash.orders', { count: data.month.orders }),
      chart: { values: series.revenue, label: t('dash.revenueChart'), format: formatMoney },
    },
    {
      label: t('dash.installmentShare'),
      value: percent(data.installment_share),
      note: t('dash.installmentShareHint'),
      chart: {
        values: series.share,
        label: t('dash.shareChart'),
        format: percent,
        color: '#15803d',
      },
    },
    {
      label: t('dash.par30'),
      value: percent(data.par30),
      note: t('dash.par30Hint'),
      tone: data.par30 > 0.05 ? 'danger' : undefined,
      to: openIf('credits.read', '/credits'),
      chart: { values: series.par30, label: t('dash.par30Chart'), format: percent, color: RED },
    },
    {
      label: t('dash.overdue'),
      value: money(data.overdue, lang),
      tone: data.overdue > 0 ? 'danger' : undefined,
      to: openIf('credits.read', '/collections'),
      chart: {
        values: series.overdue,
        label: t('dash.overdueChart'),
        format: formatMoney,
        color: RED,
      },
    },
    {
      label: t('dash.attention'),
      value: number(data.payments_attention),
      note: t('dash.attentionHint'),
      tone: warnIf(data.payments_attention),
      to: openIf('money.read', '/payments'),
    },
    {
      label: t('dash.mismatches'),
      value: number(data.mismatches_open),
      note: t('dash.mismatchesHint'),
      tone: warnIf(data.mismatches_open),
      to: openIf('money.read', '/payments'),
    },
    {
      label: t('dash.fiscal'),
      value: number(data.fiscal_failed),
      note: t('dash.fiscalHint'),
      tone: data.fiscal_failed > 0 ? 'danger' : undefined,
      to: openIf('money.read', '/fiscal-receipts'),
    },
    {
      label: t('dash.scoringQueue'),
      value: number(data.scoring_queue),
      tone: warnIf(data.scoring_queue),
      to: openIf('scoring.review', '/scoring'),
      chart: {
        values: series.queue,
        label: t('dash.queueChart'),
        format: number,
        color: '#b45309',
      },
    },
  ];
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
      {tiles.map((tile) => (
        <Tile key={tile.label} {...tile} labels={series.labels} />
      ))}
    </div>
  );
}

/** A figure of the dashboard: what it is, its value, a note, a link to its page and its chart. */
interface TileProps {
  label: string;
  value: string;
  note?: string;
  tone?: 'danger' | 'warning' | undefined;
  to?: string | undefined;
  chart?: { values: number[]; label: string; format: (value: number) => string; color?: string };
}

function Tile({ label, value, note, tone, to, chart, labels }: TileProps & { labels: string[] }) {
  const { t } = useI18n();
  return (
    <section className="flex flex-col rounded-card border border-line bg-white p-4">
      <h2 className="flex flex-wrap items-baseline justify-between gap-x-2 text-muted">
        {label}
        {to && (
          <Link to={to} className="shrink-0 text-xs whitespace-nowrap text-primary hover:underline">
            {t('dash.open')} →
          </Link>
        )}
      </h2>
      <p
        className={cn(
          'tabular mt-1 text-2xl font-semibold',
          tone === 'danger' && 'text-danger',
          tone === 'warning' && 'text-warning',
        )}
      >
        {value}
      </p>
      {note && <p className="text-xs text-muted">{note}</p>}
      {chart && (
        <div className="mt-3">
          <Sparkline labels={labels} {...chart} />
        </div>
      )}
    </section>
  );
}
