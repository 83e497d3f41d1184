import type { AdminCustomerDetail, CreditStatus } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { CREDIT_TONES, StateBadge } from '../../components/badges.tsx';
import { Confirm } from '../../components/confirm.tsx';
import { DetailHeader, useRecord } from '../../components/kit/detail.tsx';
import { FormButtons } from '../../components/kit/form.tsx';
import { type WriteFormProps, writeForm } from '../../components/kit/write-form.ts';
import { ReasonForm } from '../../components/reason-form.tsx';
import {
  Badge,
  Button,
  Card,
  Dialog,
  Facts,
  Notice,
  TextArea,
  TextField,
} from '../../components/ui.tsx';
import type { TextKey } from '../../i18n/texts.ts';
import { ApiError, post } from '../../lib/api.ts';
import { dateTime, day, groupedSum, money, number, parseSum } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';

export const customerKey = (id: number) => ['customer', id] as const;

type Scoring = NonNullable<AdminCustomerDetail['scoring']>;
interface Revealed {
  passport: string | null;
  pinfl: string | null;
}

const REASONS = new Set([
  'AGE',
  'OVERDUE',
  'LOW_INCOME',
  'DEBT_BURDEN',
  'DEBT_SERVICE',
  'TOTAL_CREDIT',
  'FIRST_LIMIT_CAP',
  'REVIEW',
]);

export function CustomerPage() {
  const { t } = useI18n();
  const { found } = useRecord<AdminCustomerDetail>(customerKey, (id) => `/customers/${id}`);
  if ('view' in found) return found.view;
  const c = found.data;
  return (
    <>
      <DetailHeader
        back={{ to: '/customers', label: t('common.back') }}
        title={t('customer.title', { id: c.id })}
        badges={
          <>
            <span className="tabular font-normal text-muted">+{c.phone}</span>
            {c.full_name && <span className="font-normal">{c.full_name}</span>}
            {c.blocked && <Badge tone="danger">{t('customers.blocked')}</Badge>}
            {c.scored && <Badge tone="success">{t('customers.scoring')}</Badge>}
          </>
        }
        subtitle={`${t('customer.registered')} ${dateTime(c.created_at)}`}
      />
      <div className="grid gap-4 xl:grid-cols-[1fr_24rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <ProfileCard customer={c} />
          <OrdersCard customer={c} />
          <CreditsCard customer={c} />
          <AddressesCard customer={c} />
        </div>
        <div className="flex flex-col gap-4">
          <CustomerActions customer={c} />
          <LimitCard customer={c} />
          <AccountCard customer={c} />
          <Card title={t('customer.cards')}>
            {c.cards.length === 0 ? (
              <p className="text-muted">{t('customer.noCards')}</p>
            ) : (
              <ul className="flex flex-col gap-1.5">
                {c.cards.map((card) => (
                  <li key={card.id} className="flex items-center justify-between gap-3">
                    <span className="tabular">{card.number}</span>
                    <Badge>{card.type}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

function DecisionBadge({ approved }: { approved: boolean | null }) {
  const { t } = useI18n();
  if (approved === true) return <Badge tone="success">{t('customer.approved')}</Badge>;
  if (approved === false) return <Badge tone="danger">{t('customer.rejected')}</Badge>;
  return <Badge tone="warning">{t('customer.pending')}</Badge>;
}

/** A date or a sum among facts, in digits of one width. */
function Figure({ children }: { children: ReactNode }) {
  return <span className="tabular">{children}</span>;
}

function ProfileCard({ customer }: { customer: AdminCustomerDetail }) {
  const { t, lang } = useI18n();
  const scoring = customer.scoring;
  if (!scoring) {
    return (
      <Card title={t('customer.profile')}>
        <p className="text-muted">{t('customer.noScoring')}</p>
      </Card>
    );
  }
  const sum = (value: number | null | undefined) =>
    value == null ? null : <Figure>{money(value, lang)}</Figure>;
  const items: [ReactNode, ReactNode][] = [[t('customer.fullName'), customer.full_name]];
  items.push([t('customer.birthDate'), <Figure key="birth">{day(scoring.birth_date)}</Figure>]);
  items.push([t('customer.declaredIncome'), sum(customer.declared_income)]);
  items.push([t('customer.income'), sum(scoring.income)]);
  items.push([
    t('customer.decision'),
    <span key="decision" className="flex flex-wrap items-center gap-2">
      <DecisionBadge approved={scoring.approved} />
      <span className="tabular text-muted">{dateTime(scoring.decided_at)}</span>
    </span>,
  ]);
  if (scoring.reasons.length > 0) {
    items.push([
      t('customer.reasons'),
      <span key="reasons" className="flex flex-wrap gap-1.5">
        {scoring.reasons.map((reason) => (
          <Badge key={reason} tone={scoring.approved === false ? 'danger' : 'neutral'}>
            {REASONS.has(reason) ? t(`customer.reason.${reason}` as TextKey) : reason}
          </Badge>
        ))}
      </span>,
    ]);
  }
  if (scoring.retry_at) {
    items.push([t('customer.retryAt'), <Figure key="retry">{day(scoring.retry_at)}</Figure>]);
  }
  return (
    <Card title={t('customer.profile')}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Facts items={items} />
        <Identity customer={customer} scoring={scoring} />
      </div>
    </Card>
  );
}

/** The masked passport and PINFL; the whole ones for those who may, each look recorded. */
function Identity({ customer, scoring }: { customer: AdminCustomerDetail; scoring: Scoring }) {
  const { t } = useI18n();
  const { can } = useStaff();
  const [open, setOpen] = useState(false);
  const reveal = useMutation({
    mutationFn: () => post<Revealed>(`/customers/${customer.id}/reveal-identity`),
    onSuccess: () => setOpen(false),
  });
  const shown = reveal.data?.data;
  const hasIdentity = scoring.passport !== null || scoring.pinfl !== null;
  return (
    <div className="flex flex-col gap-3">
      <Facts
        items={[
          [
            t('customer.passport'),
            <Mono key="passport">{shown?.passport ?? scoring.passport}</Mono>,
          ],
          [t('customer.pinfl'), <Mono key="pinfl">{shown?.pinfl ?? scoring.pinfl}</Mono>],
        ]}
      />
      {shown ? (
        <div className="flex items-center gap-3">
          <p role="status" className="text-xs text-warning">
            {t('customer.revealed')}
          </p>
          <Button variant="ghost" className="h-7 px-2" onClick={() => reveal.reset()}>
            {t('customer.hide')}
          </Button>
        </div>
      ) : (
        can('identity.reveal') &&
        hasIdentity && (
          <div>
            <Button onClick={() => setOpen(true)}>{t('customer.reveal')}</Button>
          </div>
        )
      )}
      <Dialog open={open} title={t('customer.revealTitle')} onClose={() => setOpen(false)}>
        <div className="flex flex-col gap-3">
          <p className="text-muted">{t('customer.revealHint')}</p>
          {reveal.isError && <Notice tone="danger">{reveal.error.message}</Notice>}
          <div className="flex justify-end gap-2">
            <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
            <Button
              variant="primary"
              autoFocus
              busy={reveal.isPending}
              onClick={() => reveal.mutate()}
            >
              {t('customer.revealDo')}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}

function Mono({ children }: { children: ReactNode }) {
  return children ? <span className="tabular tracking-wide">{children}</span> : null;
}

/** A title followed by how many there are. */
function Counted({ title, count }: { title: string; count: number }) {
  return (
    <>
      {title} <span className="font-normal text-muted tabular">{number(count)}</span>
    </>
  );
}

/**
 * A card of the customer's `rows` under its title and their count: each a table row led by a
 * link to its page and when it was made, then its own `cells`.
 */
function RowsCard<Row extends { id: number; created_at: string }>({
  title,
  none,
  rows,
  link,
  cells,
}: {
  title: string;
  /** Said when there are none. */
  none: string;
  rows: readonly Row[];
  link: (row: Row) => { to: string; text: ReactNode };
  cells: (row: Row) => ReactNode;
}) {
  return (
    <Card title={<Counted title={title} count={rows.length} />}>
      {rows.length === 0 ? (
        <p className="text-muted">{none}</p>
      ) : (
        <table className="w-full text-left">
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-line last:border-0">
                <td className="py-1.5 pr-3">
                  <Link to={link(row).to} className="font-medium text-primary hover:underline">
                    {link(row).text}
                  </Link>
                </td>
                <td className="py-1.5 pr-3 tabular whitespace-nowrap">
                  {dateTime(row.created_at)}
                </td>
                {cells(row)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function OrdersCard({ customer }: { customer: AdminCustomerDetail }) {
  const { t, lang } = useI18n();
  return (
    <RowsCard
      title={t('customer.orders')}
      none={t('customer.noOrders')}
      rows={customer.orders}
      link={(order) => ({ to: `/orders/${order.id}`, text: `№${order.id}` })}
      cells={(order) => (
        <>
          <td className="py-1.5 pr-3">{t(`status.${order.status}` as 'status.1')}</td>
          <td className="py-1.5 pr-3 text-muted">
            {order.payment_type === 'installment' || order.payment_type === 'full'
              ? t(`pay.${order.payment_type}`)
              : order.payment_type}
          </td>
          <td className="py-1.5 text-right tabular whitespace-nowrap">
            {money(order.total, lang)}
          </td>
        </>
      )}
    />
  );
}

function CreditsCard({ customer }: { customer: AdminCustomerDetail }) {
  const { t, lang } = useI18n();
  return (
    <RowsCard
      title={t('customer.credits')}
      none={t('customer.noCredits')}
      rows={customer.credits}
      link={(credit) => ({
        to: `/credits/${credit.id}`,
        text: t('customer.creditNo', { id: credit.id }),
      })}
      cells={(credit) => (
        <>
          <td className="py-1.5 pr-3">
            <CreditBadge status={credit.status} />
          </td>
          <td className="py-1.5 pr-3">
            {credit.order_id !== null && (
              <Link to={`/orders/${credit.order_id}`} className="text-muted hover:underline">
                {t('customer.forOrder', { id: credit.order_id })}
              </Link>
            )}
          </td>
          <td
            className="py-1.5 text-right tabular whitespace-nowrap"
            title={t('customer.financed')}
          >
            {money(credit.financed, lang)}
          </td>
        </>
      )}
    />
  );
}

function AddressesCard({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useI18n();
  // the API lists the current address last; staff read it first
  const addresses = [...customer.addresses].reverse();
  return (
    <Card title={<Counted title={t('customer.addresses')} count={addresses.length} />}>
      {addresses.length === 0 ? (
        <p className="text-muted">{t('customer.noAddresses')}</p>
      ) : (
        <ul className="flex flex-col">
          {addresses.map((address) => (
            <li
              key={address.id}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-line py-2 first:pt-0 last:border-0 last:pb-0"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {address.region.name}, {address.district.name}
                </p>
                <p>
                  {address.address}
                  {address.apartment && (
                    <span className="text-muted">
                      , {t('customer.apartment', { number: address.apartment })}
                    </span>
                  )}
                </p>
                {address.landmark && (
                  <p className="text-muted">
                    {t('customer.landmark')}: {address.landmark}
                  </p>
                )}
              </div>
              <div className="flex items-center gap-3">
                <span className="tabular whitespace-nowrap">+{address.phone}</span>
                {address.current && <Badge tone="primary">{t('customer.currentAddress')}</Badge>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function CreditBadge({ status }: { status: string }) {
  if (!(status in CREDIT_TONES)) return <Badge>{status}</Badge>;
  const known = status as CreditStatus;
  return <StateBadge tone={CREDIT_TONES[known]} text={`customer.credit.${known}`} />;
}

function LimitCard({ customer }: { customer: AdminCustomerDetail }) {
  const { t, lang } = useI18n();
  const caps = customer.limit_caps;
  return (
    <Card title={t('customer.limitCard')}>
      <p className="text-2xl font-semibold tabular">
        {customer.scored ? money(customer.credit_limit, lang) : '—'}
      </p>
      <p className="mb-3 text-xs text-muted">{t('customer.limitNow')}</p>
      {caps ? (
        <Facts
          items={[
            [
              t('customer.limitMax'),
              <span key="max" className="font-medium tabular">
                {money(caps.max, lang)}
              </span>,
            ],
            [t('customer.limitWhy'), caps.text],
          ]}
        />
      ) : (
        <p className="text-muted">{t('customer.limitNoCaps')}</p>
      )}
    </Card>
  );
}

function AccountCard({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useI18n();
  const language =
    customer.lang === 'uz' || customer.lang === 'ru'
      ? t(`customers.langName.${customer.lang}`)
      : customer.lang;
  return (
    <Card title={t('customer.account')}>
      <Facts
        items={[
          [
            t('customer.registered'),
            <span key="registered" className="tabular">
              {dateTime(customer.created_at)}
            </span>,
          ],
          [
            t('customer.lastSignIn'),
            <span key="signed-in" className="tabular">
              {dateTime(customer.last_sign_in_at)}
            </span>,
          ],
          [t('customer.language'), language],
          ...(customer.blocked
            ? ([
                [
                  t('customer.blockedAt'),
                  <span key="blocked" className="tabular text-danger">
                    {dateTime(customer.blocked_at)}
                  </span>,
                ],
                [t('customer.blockedReason'), customer.blocked_reason],
              ] as [ReactNode, ReactNode][])
            : []),
        ]}
      />
      <h3 className="mt-4 mb-2 font-medium">
        <Counted title={t('customer.sessions')} count={customer.sessions.length} />
      </h3>
      {customer.sessions.length === 0 ? (
        <p className="text-muted">{t('customer.noSessions')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {customer.sessions.map((session) => (
            <li key={session.id} className="rounded-md bg-page px-2.5 py-1.5">
              <p className="truncate" title={session.user_agent ?? undefined}>
                {session.user_agent ?? t('customer.unknownDevice')}
              </p>
              <p className="text-xs text-muted tabular">
                {t('customer.sessionSince', { at: dateTime(session.created_at) })} ·{' '}
                {t('customer.sessionUntil', { at: dateTime(session.expires_at) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

type ActionDialog = 'limit' | 'block' | 'unblock' | 'revoke' | null;

function CustomerActions({ customer }: { customer: AdminCustomerDetail }) {
  const { t, lang } = useI18n();
  const { can } = useStaff();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<ActionDialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const id = customer.id;
  const refetch = () => {
    queryClient.invalidateQueries({ queryKey: customerKey(id) });
    queryClient.invalidateQueries({ queryKey: ['customers'] });
  };
  const finish = (message: string | undefined, fallback: string) => {
    setDialog(null);
    setNotice(message || fallback);
    refetch();
  };
  const limit = useMutation({
    mutationFn: (body: { limit: number; reason: string }) =>
      post<AdminCustomerDetail>(`/customers/${id}/limit`, body),
    onSuccess: (answer, body) =>
      finish(answer.message, t('customer.limitSaved', { limit: money(body.limit, lang) })),
    // a refusal names the cap as it is now: read the customer again for its figures
    onError: refetch,
  });
  const block = useMutation({
    mutationFn: (reason: string) => post<AdminCustomerDetail>(`/customers/${id}/block`, { reason }),
    onSuccess: (answer) => finish(answer.message, t('customer.blockedDone')),
  });
  const unblock = useMutation({
    mutationFn: () => post<AdminCustomerDetail>(`/customers/${id}/unblock`),
    onSuccess: (answer) => finish(answer.message, t('customer.unblockedDone')),
  });
  const revoke = useMutation({
    mutationFn: () => post<{ sessions_ended: number }>(`/customers/${id}/revoke-sessions`),
    onSuccess: (answer) =>
      finish(answer.message, t('customer.revokedDone', { count: answer.data.sessions_ended })),
  });
  if (!can('customers.write')) return null;
  const open = (next: ActionDialog) => {
    setNotice(null);
    limit.reset();
    block.reset();
    unblock.reset();
    revoke.reset();
    setDialog(next);
  };
  const close = () => setDialog(null);
  return (
    <Card title={t('customer.actions')}>
      <div className="flex flex-col gap-2">
        {customer.limit_caps && (
          <Button variant="primary" onClick={() => open('limit')}>
            {t('customer.changeLimit')}
          </Button>
        )}
        {customer.blocked ? (
          <Button onClick={() => open('unblock')}>{t('customer.unblock')}</Button>
        ) : (
          <Button className="text-danger" onClick={() => open('block')}>
            {t('customer.block')}
          </Button>
        )}
        <Button onClick={() => open('revoke')}>
          {t('customer.revoke')}
          <span className="text-muted tabular">{number(customer.live_sessions)}</span>
        </Button>
        {notice && <Notice tone="success">{notice}</Notice>}
      </div>
      <Dialog open={dialog === 'limit'} title={t('customer.limitTitle', { id })} onClose={close}>
        {customer.limit_caps && (
          <LimitForm
            current={customer.credit_limit}
            max={customer.limit_caps.max}
            capText={customer.limit_caps.text}
            {...writeForm(limit, close)}
          />
        )}
      </Dialog>
      <Dialog open={dialog === 'block'} title={t('customer.blockTitle', { id })} onClose={close}>
        <ReasonForm
          hint={t('customer.blockHint')}
          submit={t('customer.block')}
          {...writeForm(block, close)}
        />
      </Dialog>
      <Dialog
        open={dialog === 'unblock'}
        title={t('customer.unblockTitle', { id })}
        onClose={close}
      >
        <Confirm
          hint={t('customer.unblockHint')}
          submit={t('customer.unblock')}
          {...writeForm(unblock, close)}
        />
      </Dialog>
      <Dialog open={dialog === 'revoke'} title={t('customer.revokeTitle', { id })} onClose={close}>
        <Confirm
          hint={t('customer.revokeHint')}
          submit={t('customer.revoke')}
          danger
          {...writeForm(revoke, close)}
        />
      </Dialog>
    </Card>
  );
}

/** The limit a credit officer sets by hand, up to what scoring allows; exported for its test. */
export function LimitForm({
  current,
  max,
  capText,
  busy,
  error,
  onCancel,
  onSubmit,
}: WriteFormProps<{ limit: number; reason: string }> & {
  current: number;
  max: number;
  capText: string;
}) {
  const { t, lang } = useI18n();
  const form = useForm({
    // sums are read in groups of three (10 000 000), typed with or without the spaces
    defaultValues: { limit: number(Math.min(current, max)), reason: '' },
  });
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const errors = form.formState.errors;
  const refused = error instanceof ApiError && error.status === 422;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) =>
        onSubmit({ limit: parseSum(values.limit), reason: values.reason.trim() }),
      )}
    >
      <p className="text-muted">{capText}</p>
      <TextField
        label={t('customer.newLimit')}
        autoFocus
        inputMode="numeric"
        className="tabular"
        hint={t('customer.limitHint', { max: money(max, lang) })}
        error={errors.limit?.message ?? fieldErrors.limit?.[0]}
        {...form.register('limit', {
          onBlur: (event: React.FocusEvent<HTMLInputElement>) =>
            form.setValue('limit', groupedSum(event.target.value)),
          validate: (value) => {
            const amount = parseSum(value);
            if (Number.isNaN(amount)) return t('customer.limitInvalid');
            if (amount > max) return t('customer.limitAbove', { max: money(max, lang) });
            return true;
          },
        })}
      />
      <TextArea
        label={t('common.reason')}
        maxLength={500}
        error={errors.reason?.message ?? fieldErrors.reason?.[0]}
        {...form.register('reason', {
          validate: (value) => value.trim().length >= 3 || t('common.reasonShort'),
        })}
      />
      <p className="text-xs text-muted">{t('customer.limitNotice')}</p>
      <FormButtons
        error={error}
        busy={busy}
        refusalNote={
          refused && (
            <span className="tabular">{t('customer.limitRefused', { max: money(max, lang) })}</span>
          )
        }
        onCancel={onCancel}
      />
    </form>
  );
}
