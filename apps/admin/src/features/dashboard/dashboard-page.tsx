import type { Dashboard } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
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
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
      <Tile
        label={t('dash.today')}
        value={money(data.today.revenue, lang)}
        note={t('dash.orders', { count: data.today.orders })}
      >
        <Sparkline
          labels={series.labels}
          values={series.orders}
          label={t('dash.ordersChart')}
          format={number}
        />
      </Tile>
      <Tile
        label={t('dash.month')}
        value={money(data.month.revenue, lang)}
        note={t('dash.orders', { count: data.month.orders })}
      >
        <Sparkline
          labels={series.labels}
          values={series.revenue}
          label={t('dash.revenueChart')}
          format={formatMoney}
        />
      </Tile>
      <Tile
        label={t('dash.installmentShare')}
        value={percent(data.installment_share)}
        note={t('dash.installmentShareHint')}
      >
        <Sparkline
          labels={series.labels}
          values={series.share}
          label={t('dash.shareChart')}
          format={percent}
          color="#15803d"
        />
      </Tile>
      <Tile
        label={t('dash.par30')}
        value={percent(data.par30)}
        note={t('dash.par30Hint')}
        tone={data.par30 > 0.05 ? 'danger' : undefined}
        to={can('credits.read') ? '/credits' : undefined}
      >
        <Sparkline
          labels={series.labels}
          values={series.par30}
          label={t('dash.par30Chart')}
          format={percent}
          color="#c81e3a"
        />
      </Tile>
      <Tile
        label={t('dash.overdue')}
        value={money(data.overdue, lang)}
        tone={data.overdue > 0 ? 'danger' : undefined}
        to={can('credits.read') ? '/collections' : undefined}
      >
        <Sparkline
          labels={series.labels}
          values={series.overdue}
          label={t('dash.overdueChart')}
          format={formatMoney}
          color="#c81e3a"
        />
      </Tile>
      <Tile
        label={t('dash.attention')}
        value={number(data.payments_attention)}
        note={t('dash.attentionHint')}
        tone={data.payments_attention > 0 ? 'warning' : undefined}
        to={can('money.read') ? '/payments' : undefined}
      />
      <Tile
        label={t('dash.mismatches')}
        value={number(data.mismatches_open)}
        note={t('dash.mismatchesHint')}
        tone={data.mismatches_open > 0 ? 'warning' : undefined}
        to={can('money.read') ? '/payments' : undefined}
      />
      <Tile
        label={t('dash.scoringQueue')}
        value={number(data.scoring_queue)}
        tone={data.scoring_queue > 0 ? 'warning' : undefined}
        to={can('scoring.review') ? '/scoring' : undefined}
      >
        <Sparkline
          labels={series.labels}
          values={series.queue}
          label={t('dash.queueChart')}
          format={number}
          color="#b45309"
        />
      </Tile>
    </div>
  );
}

function Tile({
  label,
  value,
  note,
  tone,
  to,
  children,
}: {
  label: string;
  value: string;
  note?: string;
  tone?: 'danger' | 'warning' | undefined;
  to?: string | undefined;
  children?: ReactNode;
}) {
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
      {children && <div className="mt-3">{children}</div>}
    </section>
  );
}
