import type { Mismatch } from '@bozor/shared';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/ui.tsx';
import { money } from '../../lib/format.ts';
import { type Language, useI18n } from '../../lib/i18n.tsx';

export function Num({ children }: { children: ReactNode }) {
  return <span className="tabular">{children}</span>;
}

export function Amount({ value, lang }: { value: number | null; lang: Language }) {
  return (
    <span className="tabular block text-right whitespace-nowrap">
      {value === null ? '—' : money(value, lang)}
    </span>
  );
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

/** A list's rows as stacked cards, for a narrow screen where a table would not fit. */
export function CardList<Row>({
  label,
  rows,
  rowKey,
  empty,
  emptyHint,
  children,
}: {
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  empty: string;
  emptyHint?: string | undefined;
  children: (row: Row) => ReactNode;
}) {
  if (rows.length === 0) {
    return (
      <div className="rounded-card border border-line bg-white">
        <EmptyState title={empty} hint={emptyHint} />
      </div>
    );
  }
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          className="flex min-w-0 flex-col gap-2 rounded-card border border-line bg-white p-3"
        >
          {children(row)}
        </li>
      ))}
    </ul>
  );
}

/** A label and its value on one line of a card. */
export function CardFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
      <span className="text-xs text-muted">{label}</span>
      <span className="min-w-0 break-words text-right">{children}</span>
    </div>
  );
}

/** A mismatch's receipt, payment, both amounts and detail, as lines of a card. */
export function MismatchFacts({ mismatch }: { mismatch: Mismatch }) {
  const { t, lang } = useI18n();
  return (
    <>
      <CardFact label={t('recon.receipt')}>
        <span className="font-mono text-xs break-all">{mismatch.receipt_id ?? '—'}</span>
      </CardFact>
      <CardFact label={t('recon.payment')}>
        <Num>{mismatch.payment_id ? `#${mismatch.payment_id}` : '—'}</Num>
      </CardFact>
      <CardFact label={t('recon.gatewayAmount')}>
        <Amount value={mismatch.gateway_amount} lang={lang} />
      </CardFact>
      <CardFact label={t('recon.shopAmount')}>
        <Amount value={mismatch.shop_amount} lang={lang} />
      </CardFact>
      <p className="text-xs break-words text-muted">{mismatch.detail}</p>
    </>
  );
}
