import { addDays, type Mismatch, type ReconciliationReport, tashkentDay } from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { GridOrCards } from '../../components/kit/grid-or-cards.tsx';
import { Loaded } from '../../components/kit/loaded.tsx';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Facts,
  Notice,
  PageHeader,
  TextField,
} from '../../components/ui.tsx';
import { ApiError, getData, post } from '../../lib/api.ts';
import { dateTime, day, number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useStaff } from '../../lib/session.tsx';
import { Attention } from './attention.tsx';
import { OPEN_MISMATCHES_KEY, OpenMismatches } from './open-mismatches.tsx';
import { MismatchFacts, MismatchKindText, mismatchColumns, Num } from './parts.tsx';

export function PaymentsPage() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('payments.title')} subtitle={t('payments.subtitle')} />
      <div className="flex flex-col gap-6">
        <Attention />
        <OpenMismatches />
        <Reconciliation />
      </div>
    </>
  );
}

// ---- the daily reconciliation -------------------------------------------------------------

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const mismatchKit = kitColumns<Mismatch>();

function Reconciliation() {
  const { t } = useI18n();
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
      // a comparison run again finds mismatches anew (new ids): the open ones are read again
      queryClient.invalidateQueries({ queryKey: OPEN_MISMATCHES_KEY });
      queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
  const setDay = (next: string) => {
    run.reset();
    list.setFilters({ day: next === yesterday ? '' : next });
  };
  const columns = useMemo<GridColumns<Mismatch>>(
    () => [
      ...mismatchColumns(t),
      mismatchKit.view('resolved_at', t('recon.status'), (mismatch) => (
        <Resolution mismatch={mismatch} />
      )),
    ],
    [t],
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
      <div className="min-w-0">
        <Loaded query={report}>
          {(data) =>
            data === null ? (
              <EmptyState
                title={t('recon.none')}
                hint={can('money.write') ? t('recon.noneHintRun') : t('recon.noneHint')}
              />
            ) : (
              <div className="flex flex-col gap-4">
                <div className="flex flex-wrap items-start justify-between gap-4">
                  <Facts
                    items={[
                      [t('recon.gateway'), data.gateway],
                      [t('recon.receipts'), <Num key="r">{number(data.receipts)}</Num>],
                      [t('recon.payments'), <Num key="p">{number(data.payments)}</Num>],
                      [t('recon.checkedAt'), <Num key="c">{dateTime(data.checked_at)}</Num>],
                    ]}
                  />
                  {data.mismatches.length === 0 ? (
                    <Badge tone="success">{t('recon.clean')}</Badge>
                  ) : (
                    <Badge tone="danger">
                      {t('recon.found', { count: number(data.mismatches.length) })}
                    </Badge>
                  )}
                </div>
                {data.mismatches.length > 0 && (
                  <GridOrCards
                    label={t('recon.grid')}
                    rows={data.mismatches}
                    rowKey={(m) => m.id}
                    columns={columns}
                    empty={t('recon.clean')}
                    card={(m) => (
                      <>
                        <MismatchKindText kind={m.kind} />
                        <MismatchFacts mismatch={m} />
                        <Resolution mismatch={m} />
                      </>
                    )}
                  />
                )}
              </div>
            )
          }
        </Loaded>
      </div>
    </Card>
  );
}

/** Whether a person closed a mismatch, when, and what they noted. */
function Resolution({ mismatch }: { mismatch: Mismatch }) {
  const { t } = useI18n();
  if (mismatch.resolved_at === null) return <Badge tone="danger">{t('recon.open')}</Badge>;
  return (
    <span className="flex max-w-xs flex-col items-start gap-0.5">
      <Badge tone="success">{t('recon.closed')}</Badge>
      <span className="tabular text-xs text-muted">{dateTime(mismatch.resolved_at)}</span>
      {mismatch.resolution_note && (
        <span className="text-xs break-words">{mismatch.resolution_note}</span>
      )}
    </span>
  );
}
