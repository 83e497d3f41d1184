import type { Mismatch } from '@bozor/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode, RefObject } from 'react';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { type KeyOf, kitColumns, MoneyCell } from '../../components/kit/columns.tsx';
import { CardFact, GridOrCards } from '../../components/kit/grid-or-cards.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { Loaded } from '../../components/kit/loaded.tsx';
import { Badge, Notice, type Tone } from '../../components/ui.tsx';
import { number } from '../../lib/format.ts';
import { type Translate, useI18n } from '../../lib/i18n.tsx';

export function Num({ children }: { children: ReactNode }) {
  return <span className="tabular">{children}</span>;
}

/** A mismatch's columns in a grid: its kind, receipt, payment, both amounts and detail. */
export function mismatchColumns<Row extends Mismatch>(t: Translate): GridColumns<Row> {
  const col = columnsFor<Row>();
  const kit = kitColumns<Row>();
  const amount = (id: 'gateway_amount' | 'shop_amount', header: string) =>
    kit.money(id as KeyOf<Row, number | null>, header, { right: true });
  return [
    col.accessor((row) => row.kind, {
      id: 'kind',
      header: t('recon.kind'),
      cell: (info) => <MismatchKindText kind={info.getValue()} />,
    }),
    col.accessor((row) => row.receipt_id, {
      id: 'receipt_id',
      header: t('recon.receipt'),
      cell: (info) => (
        <span className="font-mono text-xs whitespace-nowrap">{info.getValue() ?? '—'}</span>
      ),
    }),
    col.accessor((row) => row.payment_id, {
      id: 'payment_id',
      header: t('recon.payment'),
      cell: (info) => <Num>{info.getValue() ? `#${info.getValue()}` : '—'}</Num>,
    }),
    amount('gateway_amount', t('recon.gatewayAmount')),
    amount('shop_amount', t('recon.shopAmount')),
    col.accessor((row) => row.detail, {
      id: 'detail',
      header: t('recon.detail'),
      cell: (info) => (
        <span className="block max-w-xs text-xs break-words text-muted">{info.getValue()}</span>
      ),
    }),
  ];
}

/** A mismatch's name, and in plain words what it means and what to check. */
export function MismatchKindText({ kind }: { kind: Mismatch['kind'] }) {
  const { t } = useI18n();
  return (
    <span className="flex max-w-lg flex-col gap-0.5">
      <span className="font-medium text-danger">{t(`mismatchName.${kind}`)}</span>
      <span>{t(`mismatch.${kind}`)}</span>
    </span>
  );
}

/** How many wait, in red for payments and amber for mismatches. */
const COUNT_TONES: Record<'attention' | 'open', Tone> = { attention: 'danger', open: 'warning' };
const rowId = (row: { id: number }) => row.id;

/**
 * A section of the payments page listing cases that wait for a person: its title (focused when
 * the case a dialog was about has left the list), how many wait, a hint, the outcome of the last
 * write, then the cases as a grid or, on a phone, cards. Its words are `<namespace>.title`,
 * `.hint`, `.grid`, `.empty` and `.emptyHint`.
 */
export function PaymentsSection<Row extends { id: number }>({
  namespace,
  headingRef,
  done,
  query,
  columns,
  card,
  children,
}: {
  namespace: 'attention' | 'open';
  headingRef: RefObject<HTMLHeadingElement | null>;
  done: string | undefined;
  query: UseQueryResult<Row[]>;
  columns: GridColumns<Row>;
  card: (row: Row) => ReactNode;
  /** The section's dialogs. */
  children: ReactNode;
}) {
  const { t } = useI18n();
  const { title, ...grid } = listTexts(t, namespace);
  const id = `${namespace}-title`;
  const waiting = query.data?.length ?? 0;
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-card border border-line bg-white">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-line px-4 py-3">
        <h2 id={id} ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
          {title}
        </h2>
        {waiting > 0 && (
          <Badge tone={COUNT_TONES[namespace]}>
            {t('attention.count', { count: number(waiting) })}
          </Badge>
        )}
        <span className="text-xs text-muted">{t(`${namespace}.hint`)}</span>
      </header>
      <div className="flex min-w-0 flex-col gap-3 p-4">
        {done && <Notice tone="success">{done}</Notice>}
        <Loaded query={query}>
          {(rows) => (
            <GridOrCards {...grid} rows={rows} rowKey={rowId} columns={columns} card={card} />
          )}
        </Loaded>
      </div>
      {children}
    </section>
  );
}

/** A mismatch's receipt, payment, both amounts and detail, as lines of a card. */
export function MismatchFacts({ mismatch }: { mismatch: Mismatch }) {
  const { t } = useI18n();
  return (
    <>
      <CardFact label={t('recon.receipt')}>
        <span className="font-mono text-xs break-all">{mismatch.receipt_id ?? '—'}</span>
      </CardFact>
      <CardFact label={t('recon.payment')}>
        <Num>{mismatch.payment_id ? `#${mismatch.payment_id}` : '—'}</Num>
      </CardFact>
      <CardFact label={t('recon.gatewayAmount')}>
        <MoneyCell value={mismatch.gateway_amount} />
      </CardFact>
      <CardFact label={t('recon.shopAmount')}>
        <MoneyCell value={mismatch.shop_amount} />
      </CardFact>
      <p className="text-xs break-words text-muted">{mismatch.detail}</p>
    </>
  );
}
