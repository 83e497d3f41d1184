import { type AdminCreditDetail, type ContractDocument, tashkentDay } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DetailHeader, useRecord } from '../../components/kit/detail.tsx';
import { useNarrowScreen } from '../../components/narrow-screen.ts';
import { PaymentsCard } from '../../components/payments-table.tsx';
import {
  Button,
  Card,
  cn,
  Dialog,
  ErrorState,
  Facts,
  Loading,
  Notice,
} from '../../components/ui.tsx';
import type { TextKey } from '../../i18n/texts.ts';
import { adminUrl, getData } from '../../lib/api.ts';
import { dateTime, day, money } from '../../lib/format.ts';
import { type Language, useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';
import { CreditStatusBadge, InstallmentBadge } from './badges.tsx';
import { CashPaymentDialog } from './cash-payment-dialog.tsx';
import { ContactForm } from './contact-form.tsx';
import { HeadRow } from './head-row.tsx';

export const creditKey = (id: number) => ['credit', id] as const;

/** Cash is taken only on a credit that is being paid off. */
const PAYABLE = new Set(['active', 'overdue']);

export function CreditPage() {
  const { t, lang } = useI18n();
  const { can } = useStaff();
  const [cashOpen, setCashOpen] = useState(false);
  const [contractOpen, setContractOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { found } = useRecord<AdminCreditDetail>(creditKey, (id) => `/credits/${id}`);
  if ('view' in found) return found.view;
  const detail = found.data;
  const c = detail.credit;
  const takesCash = can('money.write') && PAYABLE.has(c.status);
  return (
    <>
      <DetailHeader
        back={{ to: '/credits', label: t('credit.back') }}
        title={<span className="tabular">{t('credit.title', { code: c.code })}</span>}
        badges={<CreditStatusBadge state={c.status} />}
        subtitle={
          <>
            <Link to={`/customers/${detail.customer.id}`} className="tabular hover:underline">
              +{detail.customer.phone}
            </Link>
            {' · '}
            <Link to={`/orders/${c.order_id}`} className="hover:underline">
              {t('credit.openOrder', { id: c.order_id })}
            </Link>
            {' · '}
            {t('credit.subtitle', { months: c.months, day: day(c.created_at) })}
          </>
        }
        actions={
          takesCash && (
            <Button
              variant="primary"
              onClick={() => {
                setDone(null);
                setCashOpen(true);
              }}
            >
              {t('credit.cash')}
            </Button>
          )
        }
      />
      {done && (
        <div className="mb-4">
          <Notice tone="success">{done}</Notice>
        </div>
      )}
      <div className="grid gap-4 xl:grid-cols-[1fr_18rem] min-[1440px]:grid-cols-[1fr_21rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <Summary detail={detail} lang={lang} />
          <Schedule detail={detail} lang={lang} />
          <Payments detail={detail} />
          <Ledger detail={detail} lang={lang} />
          <Contacts detail={detail} />
        </div>
        <div className="flex flex-col gap-4">
          <Card title={t('credit.customer')}>
            <Facts
              side
              items={[
                [
                  t('credit.phone'),
                  <Link
                    key="phone"
                    to={`/customers/${detail.customer.id}`}
                    className="tabular text-primary hover:underline"
                  >
                    +{detail.customer.phone}
                  </Link>,
                ],
                [
                  t('credit.order'),
                  <Link
                    key="order"
                    to={`/orders/${c.order_id}`}
                    className="text-primary hover:underline"
                  >
                    {t('credit.openOrder', { id: c.order_id })}
                  </Link>,
                ],
              ]}
            />
          </Card>
          <Card title={t('credit.terms')}>
            <Facts
              side
              items={[
                [t('credit.financed'), <Num key="f">{money(c.financed, lang)}</Num>],
                [t('credit.markup'), <Num key="m">{c.markup_percent} %</Num>],
                [t('credit.months'), t('credit.monthsValue', { count: c.months })],
                [t('credit.monthly'), <Num key="mp">{money(c.monthly_payment, lang)}</Num>],
                ...(c.prepayment_due > 0
                  ? ([
                      [
                        t('credit.prepaymentDue'),
                        <Num key="p" className="text-danger">
                          {money(c.prepayment_due, lang)}
                        </Num>,
                      ],
                    ] as [string, React.ReactNode][])
                  : []),
              ]}
            />
          </Card>
          <Card title={t('credit.autopay')}>
            {c.card ? (
              <>
                <p className="tabular font-medium whitespace-nowrap">{c.card.card_number}</p>
                <p className="tabular text-muted">
                  {c.card.type === 'humo' ? 'Humo' : 'Uzcard'} · {t('credit.cardExpire')}{' '}
                  {c.card.expire}
                </p>
              </>
            ) : (
              <p className="text-muted">{t('credit.noCard')}</p>
            )}
          </Card>
          <Card title={t('credit.contract')}>
            <Facts
              side
              items={[
                [t('credit.contractCode'), <Num key="code">{c.code}</Num>],
                [
                  t('credit.signedAt'),
                  c.signed_at ? (
                    <Num key="s">{dateTime(c.signed_at)}</Num>
                  ) : (
                    <span key="s" className="text-warning">
                      {t('credit.notSigned')}
                    </span>
                  ),
                ],
              ]}
            />
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
              <Button onClick={() => setContractOpen(true)}>{t('credit.contractRead')}</Button>
              <a
                href={adminUrl(`/credits/${c.id}/contract.pdf`, { lang })}
                download
                className="text-primary hover:underline"
              >
                {t('credit.contractPdf')}
              </a>
            </div>
          </Card>
          {c.items.length > 0 && (
            <Card title={t('credit.goods')}>
              <ul className="flex flex-col gap-2">
                {c.items.map((item) => (
                  <li key={item.product_id} className="flex items-center gap-2">
                    {item.image ? (
                      <img src={item.image} alt="" className="size-9 rounded object-cover" />
                    ) : (
                      <span className="size-9 shrink-0 rounded bg-page" />
                    )}
                    <span className="line-clamp-2 min-w-0 flex-1">{item.name}</span>
                    <span className="tabular text-muted">×{item.count}</span>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      </div>
      <Dialog
        open={contractOpen}
        wide
        title={t('credit.title', { code: c.code })}
        onClose={() => setContractOpen(false)}
      >
        <ContractText creditId={c.id} />
        <div className="mt-4 flex items-center justify-end gap-4">
          <a
            href={adminUrl(`/credits/${c.id}/contract.pdf`, { lang })}
            download
            className="text-primary hover:underline"
          >
            {t('credit.contractPdf')}
          </a>
          <Button onClick={() => setContractOpen(false)}>{t('credit.close')}</Button>
        </div>
      </Dialog>
      {takesCash && (
        <CashPaymentDialog
          open={cashOpen}
          detail={detail}
          onClose={() => setCashOpen(false)}
          onDone={(message) => {
            setCashOpen(false);
            setDone(message);
          }}
        />
      )}
    </>
  );
}

/** The contract as the customer reads it, in the staff's language, in a panel that scrolls. */
function ContractText({ creditId }: { creditId: number }) {
  const { t, lang } = useI18n();
  const contract = useQuery({
    queryKey: [...creditKey(creditId), 'contract', lang],
    queryFn: ({ signal }) =>
      getData<ContractDocument>(`/credits/${creditId}/contract`, undefined, signal),
  });
  if (contract.isPending) return <Loading />;
  if (contract.isError) {
    return <ErrorState error={contract.error} retry={() => contract.refetch()} />;
  }
  const doc = contract.data;
  return (
    <>
      <p
        className={cn(
          'mb-3 rounded-card px-3 py-2 text-sm',
          doc.signed_at ? 'bg-success-soft text-ink' : 'bg-warning-soft text-ink',
        )}
      >
        {doc.signed_at
          ? t('credit.contractSigned', { at: dateTime(doc.signed_at) })
          : t('credit.contractDraft')}
      </p>
      <article
        className="max-h-[60vh] overflow-y-auto rounded-card border border-line bg-page/40 px-6 py-5 leading-relaxed"
        aria-label={doc.title}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling panel is reached by keyboard
        tabIndex={0}
      >
        <h3 className="text-center text-base font-semibold">{doc.title}</h3>
        <p className="tabular mb-4 text-center text-muted">
          {doc.number} · {day(doc.date)}
        </p>
        {doc.sections.map((section) => (
          <section key={section.heading} className="mb-4">
            <h4 className="mb-1 font-semibold">{section.heading}</h4>
            {section.paragraphs.map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the document's paragraphs, in order
              <p key={index} className="mb-1.5 max-w-prose">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        {doc.schedule.length > 0 && (
          <table
            className="mt-2 w-full max-w-md text-left"
            aria-label={t('credit.contractSchedule')}
          >
            <caption className="mb-1 text-left font-semibold">
              {t('credit.contractSchedule')}
            </caption>
            <HeadRow
              className="text-xs text-muted"
              headings={[
                [t('credit.number'), 'py-1 pr-3 font-medium'],
                [t('credit.dueDate'), 'py-1 pr-3 font-medium'],
                [t('credit.amount'), 'py-1 text-right font-medium'],
              ]}
            />
            <tbody>
              {doc.schedule.map((row) => (
                <tr key={row.number} className="border-t border-line">
                  <td className="tabular py-1 pr-3 text-muted">{row.number}</td>
                  <td className="tabular py-1 pr-3">{day(row.due_date)}</td>
                  <td className="tabular py-1 text-right whitespace-nowrap">
                    {money(row.amount, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {doc.hash && (
          <p className="mt-4 text-xs text-muted">
            {t('credit.contractHash')}: <span className="font-mono break-all">{doc.hash}</span>
          </p>
        )}
      </article>
    </>
  );
}

function Num({ children, className }: { children: React.ReactNode; className?: string }) {
  return <span className={cn('tabular whitespace-nowrap', className)}>{children}</span>;
}

function Summary({ detail, lang }: { detail: AdminCreditDetail; lang: Language }) {
  const { t } = useI18n();
  const c = detail.credit;
  const stats: { label: string; value: string; tone?: string; note?: string }[] = [
    { label: t('credit.total'), value: money(c.total, lang) },
    { label: t('credit.paid'), value: money(c.paid, lang), tone: 'text-success' },
    { label: t('credit.remaining'), value: money(c.debt_summa, lang) },
    {
      label: t('credit.dueNow'),
      value: money(c.need_payed_price, lang),
      tone: c.need_payed_price > 0 ? 'text-danger' : '',
    },
    {
      label: t('credit.next'),
      value: c.next_due_date ? money(c.next_payment, lang) : '—',
      ...(c.next_due_date ? { note: t('credit.nextOn', { day: day(c.next_due_date) }) } : {}),
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-card border border-line bg-line lg:grid-cols-5">
      {stats.map(({ label, value, tone, note }) => (
        <div key={label} className="min-w-0 bg-white px-3 py-3 last:max-lg:col-span-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className={cn('tabular mt-0.5 font-semibold whitespace-nowrap', tone)}>{value}</dd>
          {note && <dd className="tabular text-xs text-muted">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}

const TH = 'border-b border-line px-3 py-2 font-medium whitespace-nowrap';
const TD = 'px-3 py-1.5';

/** The schedule's columns: each one's heading, and whether it holds sums (set right). */
const SCHEDULE_COLUMNS: readonly (readonly [TextKey, 'sum'?])[] = [
  ['credit.number'],
  ['credit.dueDate'],
  ['credit.amount', 'sum'],
  ['credit.penalty', 'sum'],
  ['credit.paidCol', 'sum'],
  ['credit.state'],
  ['credit.paidAt'],
];

/** The schedule's sums added up under it, in the table's order. */
const SUMMED = ['amount', 'penalty', 'paid'] as const;
type Totals = Record<(typeof SUMMED)[number], number>;

function Schedule({ detail, lang }: { detail: AdminCreditDetail; lang: Language }) {
  const { t } = useI18n();
  const rows = detail.credit.schedule;
  const totals = Object.fromEntries(
    SUMMED.map((key) => [key, rows.reduce((s, r) => s + r[key], 0)]),
  ) as Totals;
  const narrow = useNarrowScreen();
  if (narrow) {
    return (
      <Card title={t('credit.schedule')} className="overflow-hidden">
        <ScheduleLines detail={detail} lang={lang} totals={totals} />
      </Card>
    );
  }
  return (
    <Card title={t('credit.schedule')} className="overflow-hidden">
      <div className="-m-4 overflow-x-auto">
        <table className="w-full text-left" aria-label={t('credit.schedule')}>
          <HeadRow
            className="bg-page/60 text-xs text-muted"
            headings={SCHEDULE_COLUMNS.map(([heading, sum]) => [
              t(heading),
              cn(TH, sum && 'text-right'),
            ])}
          />
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.number}
                className={cn(
                  'border-b border-line',
                  row.state === 'overdue' && 'bg-danger-soft/40',
                )}
              >
                <td className={cn(TD, 'tabular text-muted')}>{row.number}</td>
                <td className={cn(TD, 'tabular')}>{day(row.due_date)}</td>
                <td className={cn(TD, 'tabular text-right whitespace-nowrap')}>
                  {money(row.amount, lang)}
                </td>
                <td
                  className={cn(
                    TD,
                    'tabular text-right whitespace-nowrap',
                    row.penalty > 0 ? 'text-danger' : 'text-muted',
                  )}
                >
                  {row.penalty > 0 ? money(row.penalty, lang) : '—'}
                </td>
                <td className={cn(TD, 'tabular text-right whitespace-nowrap')}>
                  {row.paid > 0 ? money(row.paid, lang) : <span className="text-muted">—</span>}
                </td>
                <td className={TD}>
                  <InstallmentBadge state={row.state} />
                </td>
                <td
                  className={cn(TD, 'tabular text-muted whitespace-nowrap')}
                  title={row.paid_at ? dateTime(row.paid_at) : undefined}
                >
                  {row.paid_at ? day(tashkentDay(new Date(row.paid_at))) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold">
            <tr>
              <th scope="row" colSpan={2} className={TD}>
                {t('credit.totalRow')}
              </th>
              {SUMMED.map((key) => (
                <td key={key} className={cn(TD, 'tabular text-right whitespace-nowrap')}>
                  {money(totals[key], lang)}
                </td>
              ))}
              <td colSpan={2} />
            </tr>
          </tfoot>
        </table>
      </div>
    </Card>
  );
}

/** The totals under the schedule on a phone: the whole first, then paid, then penalties. */
const PHONE_TOTALS = [
  ['credit.totalRow', 'amount'],
  ['credit.paidCol', 'paid'],
  ['credit.penalty', 'penalty'],
] as const;

/**
 * The schedule on a phone: each installment a line (number, due date, amount) with its state, and
 * what was paid and charged when there is any.
 */
function ScheduleLines({
  detail,
  lang,
  totals,
}: {
  detail: AdminCreditDetail;
  lang: Language;
  totals: Totals;
}) {
  const { t } = useI18n();
  return (
    <ol aria-label={t('credit.schedule')} className="-m-4 divide-y divide-line">
      {detail.credit.schedule.map((row) => (
        <li
          key={row.number}
          className={cn(
            'grid grid-cols-[1.5rem_1fr_auto] items-baseline gap-x-2 gap-y-1 px-4 py-2',
            row.state === 'overdue' && 'bg-danger-soft/40',
          )}
        >
          <span className="tabular text-muted">{row.number}</span>
          <span className="tabular">{day(row.due_date)}</span>
          <span className="tabular text-right font-medium whitespace-nowrap">
            {money(row.amount, lang)}
          </span>
          <span className="col-start-2 col-end-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
            <InstallmentBadge state={row.state} />
            {row.paid > 0 && (
              <span className="tabular">
                {t('credit.paidCol')}: {money(row.paid, lang)}
              </span>
            )}
            {row.paid_at && (
              <span className="tabular" title={dateTime(row.paid_at)}>
                {t('credit.paidAt')}: {day(tashkentDay(new Date(row.paid_at)))}
              </span>
            )}
            {row.penalty > 0 && (
              <span className="tabular text-danger">
                {t('credit.penalty')}: {money(row.penalty, lang)}
              </span>
            )}
          </span>
        </li>
      ))}
      <li className="flex flex-col gap-0.5 px-4 py-2">
        {PHONE_TOTALS.map(([heading, key]) => (
          <span
            key={key}
            className={cn(
              'flex justify-between gap-3',
              key === 'amount' ? 'font-semibold' : 'text-muted',
            )}
          >
            {t(heading)}
            <span className="tabular whitespace-nowrap">{money(totals[key], lang)}</span>
          </span>
        ))}
      </li>
    </ol>
  );
}

function Payments({ detail }: { detail: AdminCreditDetail }) {
  const { t } = useI18n();
  return (
    <PaymentsCard
      title={t('credit.payments')}
      none={t('credit.noPayments')}
      payments={detail.credit.payments}
      method={(payment) =>
        payment.method === 'cash' ? (
          <span className="flex flex-col">
            <span className="whitespace-nowrap">{t('credit.methodCash')}</span>
            {payment.receipt_number && (
              <span className="tabular text-xs text-muted">
                {t('credit.cashReceiptNo', { number: payment.receipt_number })}
              </span>
            )}
            {payment.taken_by && (
              <span className="text-xs text-muted" title={payment.taken_by.email}>
                {t('credit.takenBy', { name: payment.taken_by.name })}
              </span>
            )}
          </span>
        ) : (
          <span className="tabular whitespace-nowrap">{payment.card_number ?? '—'}</span>
        )
      }
    />
  );
}

const LEDGER_KINDS = new Set(['debit', 'prepayment', 'refund', 'penalty', 'penalty_waiver']);

function Ledger({ detail, lang }: { detail: AdminCreditDetail; lang: Language }) {
  const { t } = useI18n();
  return (
    <Card
      title={
        <>
          {t('credit.ledger')}
          <span className="ml-2 text-xs font-normal text-muted">{t('credit.ledgerHint')}</span>
        </>
      }
    >
      {detail.ledger.length === 0 ? (
        <p className="text-muted">{t('credit.noLedger')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left" aria-label={t('credit.ledger')}>
            <HeadRow
              className="text-xs text-muted"
              headings={[
                [t('credit.date'), 'pb-1.5 pr-3 font-medium'],
                [null, 'pb-1.5 pr-3 font-medium'],
                [t('credit.receipt'), 'pb-1.5 pr-3 font-medium'],
                [t('credit.sum'), 'pb-1.5 text-right font-medium'],
              ]}
            />
            <tbody>
              {detail.ledger.map((line) => (
                <tr key={line.id} className="border-t border-line">
                  <td className="tabular py-1.5 pr-3 whitespace-nowrap">{dateTime(line.at)}</td>
                  <td className="py-1.5 pr-3">
                    {LEDGER_KINDS.has(line.kind) ? t(`ledger.${line.kind as 'debit'}`) : line.kind}
                  </td>
                  <td className="py-1.5 pr-3 font-mono text-xs whitespace-nowrap text-muted">
                    {line.receipt_id ?? '—'}
                  </td>
                  <td
                    className={cn(
                      'tabular py-1.5 text-right whitespace-nowrap',
                      line.kind === 'penalty' && 'text-danger',
                      line.kind === 'refund' && 'text-muted',
                    )}
                  >
                    {line.kind === 'refund' ? '−' : ''}
                    {money(line.amount, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function Contacts({ detail }: { detail: AdminCreditDetail }) {
  const { t } = useI18n();
  const { can } = useStaff();
  return (
    <Card title={t('credit.contacts')}>
      {can('credits.write') && (
        <div className="mb-4 border-b border-line pb-4">
          <ContactForm creditId={detail.credit.id} today={tashkentDay(new Date())} />
        </div>
      )}
      {detail.contacts.length === 0 ? (
        <p className="text-muted">{t('credit.noContacts')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line">
          {detail.contacts.map((contact) => (
            <li key={contact.id} className="py-2 first:pt-0 last:pb-0">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium">{t(`outcome.${contact.outcome}`)}</span>
                {contact.promise_date && (
                  <span
                    className={cn(
                      'tabular text-xs',
                      contact.promise_date < tashkentDay(new Date()) ? 'text-danger' : 'text-info',
                    )}
                  >
                    {t('credit.promisedOn', { day: day(contact.promise_date) })}
                  </span>
                )}
                <span className="tabular ml-auto text-xs text-muted">{dateTime(contact.at)}</span>
              </p>
              {contact.note && <p className="mt-0.5 whitespace-pre-line">{contact.note}</p>}
              <p className="text-xs text-muted">{t('credit.by', { email: contact.staff_email })}</p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
