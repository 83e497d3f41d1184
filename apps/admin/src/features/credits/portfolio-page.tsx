import type { Portfolio } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Loaded } from '../../components/kit/loaded.tsx';
import { Card, cn, PageHeader } from '../../components/ui.tsx';
import { getData } from '../../lib/api.ts';
import { money, number, percent } from '../../lib/format.ts';
import { type Language, useI18n } from '../../lib/i18n.tsx';
import { BUCKET_BAR } from './badges.tsx';
import { HeadRow } from './head-row.tsx';

/** PAR30 above this share is a portfolio to worry about. */
const PAR30_ALARM = 0.05;

export function PortfolioPage() {
  const { t, lang } = useI18n();
  const portfolio = useQuery({
    queryKey: ['credits', 'portfolio'],
    queryFn: ({ signal }) => getData<Portfolio>('/credits/portfolio', undefined, signal),
    refetchInterval: 60_000,
  });
  return (
    <>
      <PageHeader
        title={t('portfolio.title')}
        subtitle={t('portfolio.subtitle')}
        actions={
          <Link
            to="/collections"
            className="inline-flex h-9 items-center rounded-control border border-line bg-white px-3.5 font-medium hover:bg-page"
          >
            {t('portfolio.toCollections')}
          </Link>
        }
      />
      <Loaded query={portfolio}>{(data) => <PortfolioView data={data} lang={lang} />}</Loaded>
    </>
  );
}

function PortfolioView({ data, lang }: { data: Portfolio; lang: Language }) {
  const { t } = useI18n();
  const count = (status: string) => data.counts[status] ?? 0;
  const others = [
    count('not_signed') > 0 && t('portfolio.notSigned', { count: number(count('not_signed')) }),
    count('cancelled') > 0 && t('portfolio.cancelled', { count: number(count('cancelled')) }),
  ].filter(Boolean);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-3 gap-4">
        <Tile label={t('portfolio.active')} value={number(count('active'))} />
        <Tile
          label={t('portfolio.overdueCount')}
          value={number(count('overdue'))}
          tone={count('overdue') > 0 ? 'danger' : undefined}
        />
        <Tile
          label={t('portfolio.closed')}
          value={number(count('closed'))}
          note={others.join(' · ') || undefined}
        />
        <Tile
          label={t('portfolio.outstanding')}
          value={money(data.outstanding, lang)}
          note={t('portfolio.outstandingHint')}
        />
        <Tile
          label={t('portfolio.overdue')}
          value={money(data.overdue, lang)}
          note={t('portfolio.overdueHint')}
          tone={data.overdue > 0 ? 'danger' : undefined}
        />
        <Tile
          label={t('portfolio.par30')}
          value={percent(data.par30)}
          note={t('portfolio.par30Hint')}
          tone={data.par30 > PAR30_ALARM ? 'danger' : undefined}
        />
      </div>
      <Aging data={data} lang={lang} />
    </div>
  );
}

/** The aging buckets, each a bar of its overdue sum and a way to the people to call. */
function Aging({ data, lang }: { data: Portfolio; lang: Language }) {
  const { t } = useI18n();
  const widest = Math.max(1, ...data.buckets.map((b) => b.overdue));
  const late = data.buckets.some((b) => b.credits > 0);
  return (
    <Card
      title={
        <>
          {t('portfolio.aging')}
          <span className="ml-2 text-xs font-normal text-muted">{t('portfolio.agingHint')}</span>
        </>
      }
    >
      {!late && <p className="mb-3 text-muted">{t('portfolio.noLate')}</p>}
      <table className="w-full text-left">
        <HeadRow
          className="text-xs text-muted"
          headings={[
            [null, 'w-32 pb-2 font-medium'],
            [
              <span key="overdue" className="sr-only">
                {t('portfolio.bucketOverdue')}
              </span>,
              'pb-2 font-medium',
            ],
            [t('portfolio.bucketCredits'), 'w-24 pb-2 text-right font-medium'],
            [t('portfolio.bucketOverdue'), 'w-44 pb-2 text-right font-medium'],
            [t('portfolio.bucketOutstanding'), 'w-44 pb-2 text-right font-medium'],
            [null, 'w-32 pb-2'],
          ]}
        />
        <tbody>
          {data.buckets.map((b) => (
            <tr key={b.bucket} className="border-t border-line">
              <th scope="row" className="py-2.5 pr-3 font-medium whitespace-nowrap">
                {t(`bucket.${b.bucket}`)}
              </th>
              <td className="py-2.5 pr-4">
                <div className="h-3 rounded-full bg-page" aria-hidden>
                  <div
                    className={cn('h-3 rounded-full', BUCKET_BAR[b.bucket])}
                    style={{
                      width: `${b.overdue > 0 ? Math.max(2, (b.overdue / widest) * 100) : 0}%`,
                    }}
                  />
                </div>
              </td>
              <td className="tabular py-2.5 text-right">{number(b.credits)}</td>
              <td
                className={cn(
                  'tabular py-2.5 text-right whitespace-nowrap',
                  b.overdue > 0 && 'font-medium text-danger',
                )}
              >
                {money(b.overdue, lang)}
              </td>
              <td className="tabular py-2.5 text-right whitespace-nowrap">
                {money(b.outstanding, lang)}
              </td>
              <td className="py-2.5 text-right">
                {b.credits > 0 ? (
                  <Link
                    to={`/collections?bucket=${encodeURIComponent(b.bucket)}`}
                    className="text-primary hover:underline"
                    aria-label={`${t('portfolio.bucketOpen')} ${t(`bucket.${b.bucket}`)}`}
                  >
                    {t('portfolio.bucketOpen')}
                  </Link>
                ) : (
                  <span className="text-muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Tile({
  label,
  value,
  note,
  tone,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  tone?: 'danger' | undefined;
}) {
  return (
    <section className="flex flex-col rounded-card border border-line bg-white p-4">
      <h2 className="text-muted">{label}</h2>
      <p
        className={cn(
          'tabular mt-1 text-xl font-semibold whitespace-nowrap',
          tone === 'danger' && 'text-danger',
        )}
      >
        {value}
      </p>
      {note && <p className="mt-0.5 text-xs text-muted">{note}</p>}
    </section>
  );
}
