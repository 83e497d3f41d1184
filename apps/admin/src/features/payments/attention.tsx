import { type AttentionAction, type AttentionPayment, formatPhone } from '@bozor/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { CardFact } from '../../components/kit/grid-or-cards.tsx';
import { Button, cn } from '../../components/ui.tsx';
import { getData, post } from '../../lib/api.ts';
import { dateTime, money, waited } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';
import { NoteDialog, useReturnFocus } from './note-dialog.tsx';
import { PaymentsSection } from './parts.tsx';

export const ATTENTION_KEY = ['payments', 'attention'] as const;
const DAY_MS = 86_400_000;
const kit = kitColumns<AttentionPayment>();

/** Payments that need a person: what happened, what to do, and (money.write) the actions. */
export function Attention() {
  const { t, lang } = useI18n();
  const { can } = useStaff();
  const writer = can('money.write');
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useReturnFocus(heading);
  const [resolving, setResolving] = useState<{
    payment: AttentionPayment;
    action: AttentionAction;
  }>();
  const [done, setDone] = useState<string>();
  const attention = useQuery({
    queryKey: ATTENTION_KEY,
    queryFn: ({ signal }) => getData<AttentionPayment[]>('/payments/attention', undefined, signal),
    refetchInterval: 60_000,
  });
  const now = attention.dataUpdatedAt || Date.now();
  const pick = useCallback(
    (payment: AttentionPayment, action: AttentionAction) => {
      setDone(undefined);
      focus.remember(actionKey(payment, action));
      setResolving({ payment, action });
    },
    [focus],
  );

  const columns = useMemo<GridColumns<AttentionPayment>>(
    () => [
      kit.view('id', t('attention.payment'), (payment) => (
        <PaymentCell payment={payment} className="min-w-28" />
      )),
      kit.view('created_at', t('attention.age'), (payment) => <Age payment={payment} now={now} />),
      kit.view('customer_phone', t('attention.customer'), (payment) => (
        <CustomerLink payment={payment} />
      )),
      kit.view('order_id', t('attention.links'), (payment) => <OrderLinks payment={payment} />),
      kit.money('amount', t('attention.amount'), { right: true, className: 'font-medium' }),
      kit.view('attention_kind', t('attention.todo'), (payment) => (
        <Situation payment={payment} className="min-w-56" />
      )),
      ...(writer
        ? [
            kit.view('actions', t('attention.actions'), (payment) => (
              <ActionButtons payment={payment} onPick={pick} stacked />
            )),
          ]
        : []),
    ],
    [t, now, writer, pick],
  );

  return (
    <PaymentsSection
      namespace="attention"
      headingRef={heading}
      done={done}
      query={attention}
      columns={columns}
      card={(p) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <PaymentCell payment={p} />
            <span className="tabular text-base font-semibold whitespace-nowrap">
              {money(p.amount, lang)}
            </span>
          </div>
          <Situation payment={p} />
          <CardFact label={t('attention.age')}>
            <Age payment={p} now={now} />
          </CardFact>
          <CardFact label={t('attention.customer')}>
            <CustomerLink payment={p} />
          </CardFact>
          <CardFact label={t('attention.links')}>
            <OrderLinks payment={p} />
          </CardFact>
          {writer && <ActionButtons payment={p} onPick={pick} />}
        </>
      )}
    >
      <NoteDialog
        subject={resolving}
        title={(r) => t('resolve.title', { action: t(`resolve.${r.action}`), id: r.payment.id })}
        does={(r) => t(`resolve.${r.action}.does`)}
        context={(r) => <PaymentSummary payment={r.payment} />}
        submit={t('common.confirm')}
        send={(note, r) => post(`/payments/${r.payment.id}/resolve`, { action: r.action, note })}
        onDone={async (message) => {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: ATTENTION_KEY }),
            queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
          ]);
          setDone(message);
          setResolving(undefined);
        }}
        onStale={() => queryClient.invalidateQueries({ queryKey: ATTENTION_KEY })}
        onClose={() => {
          setResolving(undefined);
          focus.restore();
        }}
      />
    </PaymentsSection>
  );
}

const actionKey = (payment: AttentionPayment, action: AttentionAction) =>
  `attention:${payment.id}:${action}`;

function ActionButtons({
  payment,
  onPick,
  stacked = false,
}: {
  payment: AttentionPayment;
  onPick: (payment: AttentionPayment, action: AttentionAction) => void;
  stacked?: boolean;
}) {
  const { t } = useI18n();
  return (
    <span className={cn('flex flex-wrap gap-2', stacked && 'min-w-40 flex-col items-stretch')}>
      {payment.actions.map((action, index) => (
        <Button
          key={action}
          variant={index === 0 ? 'primary' : 'secondary'}
          className={stacked ? undefined : 'grow'}
          aria-label={t('resolve.aria', { action: t(`resolve.${action}`), id: payment.id })}
          data-focus-key={actionKey(payment, action)}
          onClick={() => onPick(payment, action)}
        >
          {t(`resolve.${action}`)}
        </Button>
      ))}
    </span>
  );
}

function PaymentCell({ payment, className }: { payment: AttentionPayment; className?: string }) {
  const { t } = useI18n();
  return (
    <span className={cn('flex min-w-0 flex-col', className)}>
      <span className="tabular font-medium">#{payment.id}</span>
      <span className="text-xs text-muted">{t(`payment.purpose.${payment.purpose}`)}</span>
      {payment.receipt_id && (
        <span className="font-mono text-xs break-all text-muted">
          {t('attention.receipt', { id: payment.receipt_id })}
        </span>
      )}
    </span>
  );
}

function Age({ payment, now }: { payment: AttentionPayment; now: number }) {
  const { t, lang } = useI18n();
  const old = now - Date.parse(payment.created_at) >= DAY_MS;
  return (
    <span className="flex flex-col whitespace-nowrap">
      <span className={cn('tabular font-medium', old && 'text-danger')}>
        {waited(payment.created_at, now, lang)}
      </span>
      <span className="tabular text-xs text-muted">
        {t('attention.created', { time: dateTime(payment.created_at) })}
      </span>
    </span>
  );
}

function CustomerLink({ payment }: { payment: AttentionPayment }) {
  return (
    <Link
      to={`/customers/${payment.customer_id}`}
      className="tabular whitespace-nowrap text-primary hover:underline"
    >
      {formatPhone(payment.customer_phone) || `+${payment.customer_phone}`}
    </Link>
  );
}

function OrderLinks({ payment }: { payment: AttentionPayment }) {
  const { t } = useI18n();
  return (
    <span className="inline-flex flex-col whitespace-nowrap">
      <Link to={`/orders/${payment.order_id}`} className="text-primary hover:underline">
        {t('attention.order', { id: payment.order_id })}
      </Link>
      {payment.credit_id && (
        <Link to={`/credits/${payment.credit_id}`} className="text-primary hover:underline">
          {t('attention.credit', { id: payment.credit_id })}
        </Link>
      )}
    </span>
  );
}

function Situation({ payment, className }: { payment: AttentionPayment; className?: string }) {
  const { t } = useI18n();
  const kind = payment.attention_kind;
  return (
    <span className={cn('flex max-w-xl flex-col gap-0.5', className)}>
      <span className="font-medium">{t(`situation.${kind}.what`)}</span>
      <span>{t(`situation.${kind}.todo`)}</span>
      {payment.reason && (
        <span className="text-xs break-words text-muted">
          {t('attention.reason')}: {payment.reason}
        </span>
      )}
    </span>
  );
}

/** The payment a dialog acts on, so the note is written with it in view. */
function PaymentSummary({ payment }: { payment: AttentionPayment }) {
  const { t, lang } = useI18n();
  return (
    <div className="rounded-control bg-page px-3 py-2">
      <p className="font-medium">{t(`situation.${payment.attention_kind}.what`)}</p>
      <p className="tabular text-muted">
        {t('attention.summary', {
          amount: money(payment.amount, lang),
          order: payment.order_id,
          phone: formatPhone(payment.customer_phone) || `+${payment.customer_phone}`,
        })}
      </p>
    </div>
  );
}
