import {
  type AttentionPayment,
  addDays,
  type ReconciliationReport,
  tashkentDay,
} from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { RequirePermission } from '../../app/layout.tsx';
import { columnsFor, DataTable, type GridColumns } from '../../components/data-table.tsx';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Facts,
  Loading,
  Notice,
  PageHeader,
  TextField,
} from '../../components/ui.tsx';
import { ApiError, getData, post } from '../../lib/api.ts';
import { dateTime, day, money, number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useStaff } from '../../lib/session.tsx';

export function PaymentsPage() {
  const { t } = useI18n();
  return (
    <RequirePermission permission="money.read">
      <PageHeader title={t('payments.title')} subtitle={t('payments.subtitle')} />
      <div className="flex flex-col gap-6">
        <Attention />
        <Reconciliation />
      </div>
    </RequirePermission>
  );
}

// ---- payments that need a person ----------------------------------------------------------

const attentionCol = columnsFor<AttentionPayment>();

function Attention() {
  const { t, lang } = useI18n();
  const attention = useQuery({
    queryKey: ['payments', 'attention'],
    queryFn: ({ signal }) => getData<AttentionPayment[]>('/payments/attention', undefined, signal),
    refetchInterval: 60_000,
  });
  const columns = useMemo<GridColumns<AttentionPayment>>(
    () => [
      attentionCol.accessor('id', {
        header: t('attention.payment'),
        cell: (info) => (
          <span className="flex flex-col">
            <span className="tabular font-medium">#{info.getValue()}</span>
            <span className="text-xs text-muted">
              {t(`payment.purpose.${info.row.original.purpose}`)}
            </span>
          </span>
        ),
      }),
      attentionCol.accessor('amount', {
        header: () => <span className="block text-right">{t('attention.amount')}</span>,
        cell: (info) => (
          <span className="tabular block text-right font-medium whitespace-nowrap">
            {money(info.getValue(), lang)}
          </span>
        ),
      }),
      attentionCol.accessor('updated_at', {
        header: t('attention.since'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">{dateTime(info.getValue())}</span>
        ),
      }),
      attentionCol.accessor('order_id', {
        header: t('attention.links'),
        cell: (info) => {
          const p = info.row.original;
          return (
            <span className="flex flex-col whitespace-nowrap">
              <Link to={`/orders/${p.order_id}`} className="text-primary hover:underline">
                {t('attention.order', { id: p.order_id })}
              </Link>
              {p.credit_id && (
                <Link to={`/credits/${p.credit_id}`} className="text-primary hover:underline">
                  {t('attention.credit', { id: p.credit_id })}
                </Link>
              )}
              <Link
                to={`/customers/${p.customer_id}`}
                className="text-xs text-muted hover:underline"
              >
                {t('attention.openCustomer', { id: p.customer_id })}
              </Link>
            </span>
          );
        },
      }),
      attentionCol.accessor('attention_kind', {
        header: t('attention.todo'),
        cell: (info) => {
          const kind = info.row.original.attention_kind;
          const reason = info.row.original.reason;
          return (
            <span className="flex max-w-xl flex-col gap-0.5">
              <span className="font-medium">{t(`situation.${kind}.what`)}</span>
              <span>{t(`situation.${kind}.todo`)}</span>
              {reason && (
                <span className="text-xs break-words text-muted">
                  {t('attention.reason')}: {reason}
                </span>
              )}
            </span>
          );
        },
      }),
    ],
    [t, lang],
  );
  return (
    <section aria-labelledby="attention-title">
      <div className="mb-2 flex items-baseline gap-3">
        <h2 id="attention-title" className="text-base font-semibold">
          {t('attention.title')}
        </h2>
        {attention.data && attention.data.length > 0 && (
          <Badge tone="danger">
            {t('attention.count', { count: number(attention.data.length) })}
          </Badge>
        )}
        <span className="text-xs text-muted">{t('attention.hint')}</span>
      </div>
      {attention.isPending ? (
        <Loading />
      ) : attention.isError ? (
        <ErrorState error={attention.error} retry={() => attention.refetch()} />
      ) : (
        <DataTable
          label={t('attention.grid')}
          columns={columns}
          rows={attention.data}
          empty={t('attention.empty')}
          emptyHint={t('attention.emptyHint')}
        />
      )}
    </section>
  );
}

// ---- the daily reconciliation -------------------------------------------------------------

const DAY = /^\d{4}-\d{2}-\d{2}$/;
type Mismatch = ReconciliationReport['mismatches'][number];
const mismatchCol = columnsFor<Mismatch>();

function Reconciliation() {
  const { t, lang } = useI18n();
  const { can } = useStaff();
  const queryClient = useQueryClient();
  const list = useListParams(['day'] as const);
  const today = tashkentDay(new Date());
  const yesterday = addDays(today, -1);
  const chosen =
    DAY.test(list.values.day) && list.values.day <= today ? list.values.day : yesterday;
  const reportKey = ['reconciliation', chosen] as const;
  const report = useQuery({
    queryKey: reportKey,
    queryFn: async ({ signal }) => {
      try {
        return await getData<ReconciliationReport>(`/reconciliation/${chosen}`, undefined, signal);
      } catch (error) {
        // no report yet: the day was never compared
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
  const run = useMutation({
    mutationFn: (forDay: string) => post<ReconciliationReport>(`/reconciliation/${forDay}`),
    onSuccess: (answer, forDay) => {
      queryClient.setQueryData(['reconciliation', forDay], answer.data);
    },
  });
  const setDay = (next: string) => {
    run.reset();
    list.setFilters({ day: next === yesterday ? '' : next });
  };
  const columns = useMemo<GridColumns<Mismatch>>(
    () => [
      mismatchCol.accessor('kind', {
        header: t('recon.kind'),
        cell: (info) => (
          <span className="flex max-w-lg flex-col gap-0.5">
            <span className="font-medium text-danger">
              {t(`mismatchName.${info.row.original.kind}`)}
            </span>
            <span>{t(`mismatch.${info.row.original.kind}`)}</span>
          </span>
        ),
      }),
      mismatchCol.accessor('receipt_id', {
        header: t('recon.receipt'),
        cell: (info) => (
          <span className="font-mono text-xs whitespace-nowrap">{info.getValue() ?? '—'}</span>
        ),
      }),
      mismatchCol.accessor('payment_id', {
        header: t('recon.payment'),
        cell: (info) => (
          <span className="tabular">{info.getValue() ? `#${info.getValue()}` : '—'}</span>
        ),
      }),
      mismatchCol.accessor('gateway_amount', {
        header: () => <span className="block text-right">{t('recon.gatewayAmount')}</span>,
        cell: (info) => <Amount value={info.getValue()} lang={lang} />,
      }),
      mismatchCol.accessor('shop_amount', {
        header: () => <span className="block text-right">{t('recon.shopAmount')}</span>,
        cell: (info) => <Amount value={info.getValue()} lang={lang} />,
      }),
      mismatchCol.accessor('detail', {
        header: t('recon.detail'),
        cell: (info) => (
          <span className="block max-w-xs text-xs break-words text-muted">{info.getValue()}</span>
        ),
      }),
    ],
    [t, lang],
  );
  const runButton = can('money.write') && (
    <Button variant="primary" busy={run.isPending} onClick={() => run.mutate(chosen)}>
      {t('recon.run')}
    </Button>
  );
  return (
    <Card
      title={
        <>
          {t('recon.title')}
          <span className="ml-2 text-xs font-normal text-muted">{t('recon.hint')}</span>
        </>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <Button aria-label={t('recon.prevDay')} onClick={() => setDay(addDays(chosen, -1))}>
          ←
        </Button>
        <TextField
          label={t('recon.day')}
          type="date"
          className="w-44"
          value={chosen}
          max={today}
          required
          onChange={(event) => {
            if (DAY.test(event.target.value)) setDay(event.target.value);
          }}
        />
        <Button
          aria-label={t('recon.nextDay')}
          disabled={chosen >= today}
          onClick={() => setDay(addDays(chosen, 1))}
        >
          →
        </Button>
        <span className="ml-auto">{runButton}</span>
      </div>
      {run.isSuccess && run.variables === chosen && (
        <div className="mb-4">
          <Notice tone="success">
            {t('recon.done', {
              day: day(chosen),
              count: number(run.data.data.mismatches.length),
            })}
          </Notice>
        </div>
      )}
      {run.isError && (
        <div className="mb-4">
          <Notice tone="danger">{run.error.message}</Notice>
        </div>
      )}
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <ErrorState error={report.error} retry={() => report.refetch()} />
      ) : report.data === null ? (
        <EmptyState
          title={t('recon.none')}
          hint={can('money.write') ? t('recon.noneHintRun') : t('recon.noneHint')}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <Facts
              items={[
                [t('recon.gateway'), report.data.gateway],
                [t('recon.receipts'), <Num key="r">{number(report.data.receipts)}</Num>],
                [t('recon.payments'), <Num key="p">{number(report.data.payments)}</Num>],
                [t('recon.checkedAt'), <Num key="c">{dateTime(report.data.checked_at)}</Num>],
              ]}
            />
            {report.data.mismatches.length === 0 ? (
              <Badge tone="success">{t('recon.clean')}</Badge>
            ) : (
              <Badge tone="danger">
                {t('recon.found', { count: number(report.data.mismatches.length) })}
              </Badge>
            )}
          </div>
          {report.data.mismatches.length > 0 && (
            <DataTable
              label={t('recon.grid')}
              columns={columns}
              rows={report.data.mismatches}
              empty={t('recon.clean')}
            />
          )}
        </div>
      )}
    </Card>
  );
}

function Num({ children }: { children: React.ReactNode }) {
  return <span className="tabular">{children}</span>;
}

function Amount({ value, lang }: { value: number | null; lang: 'ru' | 'uz' }) {
  return (
    <span className="tabular block text-right whitespace-nowrap">
      {value === null ? '—' : money(value, lang)}
    </span>
  );
}
