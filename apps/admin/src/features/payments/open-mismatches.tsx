import type { OpenMismatch } from '@bozor/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { CardFact } from '../../components/kit/grid-or-cards.tsx';
import { Button } from '../../components/ui.tsx';
import { getData, post } from '../../lib/api.ts';
import { day } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';
import { NoteDialog, useReturnFocus } from './note-dialog.tsx';
import {
  MismatchFacts,
  MismatchKindText,
  mismatchColumns,
  Num,
  PaymentsSection,
} from './parts.tsx';

export const OPEN_MISMATCHES_KEY = ['reconciliation', 'open'] as const;
const kit = kitColumns<OpenMismatch>();

/** Reconciliation mismatches of any day that nobody has closed, with (money.write) "Close". */
export function OpenMismatches() {
  const { t } = useI18n();
  const { can } = useStaff();
  const writer = can('money.write');
  const queryClient = useQueryClient();
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
      kit.date('day', t('open.day'), { dayOnly: true }),
      ...mismatchColumns<OpenMismatch>(t),
      ...(writer
        ? [kit.view('close', '', (mismatch) => <CloseButton mismatch={mismatch} onPick={pick} />)]
        : []),
    ],
    [t, writer, pick],
  );

  return (
    <PaymentsSection
      namespace="open"
      headingRef={heading}
      done={done}
      query={open}
      columns={columns}
      card={(m) => (
        <>
          <MismatchKindText kind={m.kind} />
          <CardFact label={t('open.day')}>
            <Num>{day(m.day)}</Num>
          </CardFact>
          <MismatchFacts mismatch={m} />
          {writer && <CloseButton mismatch={m} onPick={pick} />}
        </>
      )}
    >
      <NoteDialog
        subject={closing}
        title={(m) => t('open.closeTitle', { id: m.id })}
        does={() => t('open.closeDoes')}
        context={(m) => (
          <div className="rounded-control bg-page px-3 py-2">
            <p className="font-medium">{t(`mismatchName.${m.kind}`)}</p>
            <p className="text-muted">{t('open.summary', { day: day(m.day), detail: m.detail })}</p>
          </div>
        )}
        submit={t('open.close')}
        send={(note, m) => post(`/reconciliation/mismatches/${m.id}/resolve`, { note })}
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
    </PaymentsSection>
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
