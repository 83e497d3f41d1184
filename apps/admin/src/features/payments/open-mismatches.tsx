import type { OpenMismatch } from '@bozor/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { columnsFor, DataTable, type GridColumns } from '../../components/data-table.tsx';
import { Loaded } from '../../components/kit/loaded.tsx';
import { Badge, Button, Notice } from '../../components/ui.tsx';
import { getData, post } from '../../lib/api.ts';
import { day, number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';
import { NoteDialog, useReturnFocus } from './note-dialog.tsx';
import { Amount, CardFact, CardList, MismatchFacts, MismatchKindText, Num } from './parts.tsx';
import { useNarrow } from './use-narrow.ts';

export const OPEN_MISMATCHES_KEY = ['reconciliation', 'open'] as const;
const col = columnsFor<OpenMismatch>();

/** Reconciliation mismatches of any day that nobody has closed, with (money.write) "Close". */
export function OpenMismatches() {
  const { t, lang } = useI18n();
  const { can } = useStaff();
  const writer = can('money.write');
  const queryClient = useQueryClient();
  const [box, narrow] = useNarrow<HTMLElement>();
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useReturnFocus(heading);
  const [closing, setClosing] = useState<OpenMismatch>();
  const [done, setDone] = useState<string>();
  const open = useQuery({
    queryKey: OPEN_MISMATCHES_KEY,
    queryFn: ({ signal }) => getData<OpenMismatch[]>('/reconciliation/open', undefined, signal),
    refetchInterval: 60_000,
  });
  const pick = useCallback(
    (mismatch: OpenMismatch) => {
      setDone(undefined);
      focus.remember(closeKey(mismatch));
      setClosing(mismatch);
    },
    [focus],
  );

  const columns = useMemo<GridColumns<OpenMismatch>>(
    () => [
      col.accessor('day', {
        header: t('open.day'),
        cell: (info) => <span className="tabular whitespace-nowrap">{day(info.getValue())}</span>,
      }),
      col.accessor('kind', {
        header: t('recon.kind'),
        cell: (info) => <MismatchKindText kind={info.getValue()} />,
      }),
      col.accessor('receipt_id', {
        header: t('recon.receipt'),
        cell: (info) => (
          <span className="font-mono text-xs whitespace-nowrap">{info.getValue() ?? '—'}</span>
        ),
      }),
      col.accessor('payment_id', {
        header: t('recon.payment'),
        cell: (info) => <Num>{info.getValue() ? `#${info.getValue()}` : '—'}</Num>,
      }),
      col.accessor('gateway_amount', {
        header: () => <span className="block text-right">{t('recon.gatewayAmount')}</span>,
        cell: (info) => <Amount value={info.getValue()} lang={lang} />,
      }),
      col.accessor('shop_amount', {
        header: () => <span className="block text-right">{t('recon.shopAmount')}</span>,
        cell: (info) => <Amount value={info.getValue()} lang={lang} />,
      }),
      col.accessor('detail', {
        header: t('recon.detail'),
        cell: (info) => (
          <span className="block max-w-xs text-xs break-words text-muted">{info.getValue()}</span>
        ),
      }),
      ...(writer
        ? [
            col.display({
              id: 'close',
              header: '',
              cell: (info) => <CloseButton mismatch={info.row.original} onPick={pick} />,
            }),
          ]
        : []),
    ],
    [t, lang, writer, pick],
  );

  return (
    <section
      ref={box}
      aria-labelledby="open-mismatches-title"
      className="min-w-0 rounded-card border border-line bg-white"
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-line px-4 py-3">
        <h2
          id="open-mismatches-title"
          ref={heading}
          tabIndex={-1}
          className="font-semibold focus:outline-none"
        >
          {t('open.title')}
        </h2>
        {open.data && open.data.length > 0 && (
          <Badge tone="warning">{t('attention.count', { count: number(open.data.length) })}</Badge>
        )}
        <span className="text-xs text-muted">{t('open.hint')}</span>
      </header>
      <div className="flex flex-col gap-3 p-4">
        {done && <Notice tone="success">{done}</Notice>}
        <Loaded query={open}>
          {(data) =>
            narrow ? (
              <CardList
                label={t('open.grid')}
                rows={data}
                rowKey={(m) => m.id}
                empty={t('open.empty')}
                emptyHint={t('open.emptyHint')}
              >
                {(m) => (
                  <>
                    <MismatchKindText kind={m.kind} />
                    <CardFact label={t('open.day')}>
                      <Num>{day(m.day)}</Num>
                    </CardFact>
                    <MismatchFacts mismatch={m} />
                    {writer && <CloseButton mismatch={m} onPick={pick} />}
                  </>
                )}
              </CardList>
            ) : (
              <DataTable
                label={t('open.grid')}
                columns={columns}
                rows={data}
                empty={t('open.empty')}
                emptyHint={t('open.emptyHint')}
              />
            )
          }
        </Loaded>
      </div>
      <NoteDialog
        open={closing !== undefined}
        title={closing ? t('open.closeTitle', { id: closing.id }) : ''}
        does={t('open.closeDoes')}
        context={
          closing && (
            <div className="rounded-control bg-page px-3 py-2">
              <p className="font-medium">{t(`mismatchName.${closing.kind}`)}</p>
              <p className="text-muted">
                {t('open.summary', { day: day(closing.day), detail: closing.detail })}
              </p>
            </div>
          )
        }
        submit={t('open.close')}
        send={(note) => post(`/reconciliation/mismatches/${closing?.id}/resolve`, { note })}
        onDone={async (message) => {
          // the day's report shows it closed, and the dashboard counts one fewer
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: ['reconciliation'] }),
            queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
          ]);
          setDone(message);
          setClosing(undefined);
        }}
        onStale={() => queryClient.invalidateQueries({ queryKey: ['reconciliation'] })}
        onClose={() => {
          setClosing(undefined);
          focus.restore();
        }}
      />
    </section>
  );
}

const closeKey = (mismatch: OpenMismatch) => `mismatch:${mismatch.id}`;

function CloseButton({
  mismatch,
  onPick,
}: {
  mismatch: OpenMismatch;
  onPick: (mismatch: OpenMismatch) => void;
}) {
  const { t } = useI18n();
  return (
    <Button
      aria-label={t('open.closeAria', { id: mismatch.id })}
      data-focus-key={closeKey(mismatch)}
      onClick={() => onPick(mismatch)}
    >
      {t('open.close')}
    </Button>
  );
}
