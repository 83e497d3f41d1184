import type { CreditDetail } from '@bozor/shared';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { DetailSkeleton } from '../../../components/ui/detail-skeleton.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { NotFoundPage } from '../../../components/ui/not-found-page.tsx';
import { PaymentHistory } from '../../../components/ui/payment-history.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { idFrom } from '../../../lib/ids.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useCredit } from '../api/get-credit.ts';
import { contractLink, creditPaymentLink } from '../links.ts';
import { AutopayCard } from './autopay-card.tsx';
import { CreditProgress, CreditStatusBadge } from './credit-status-badge.tsx';
import { EarlyRepaymentForm } from './early-repayment-form.tsx';
import { ScheduleTable } from './schedule-table.tsx';

/**
 * What the customer may pay now: what is due (overdue and today's, with penalties), else the next
 * installment; and the whole rest to pay off early. Nothing for a credit that is not running.
 */
export function creditPayments(credit: CreditDetail): { now: number; early: number } | null {
  if (credit.status !== 'active' && credit.status !== 'overdue') return null;
  const now = credit.need_payed_price > 0 ? credit.need_payed_price : credit.next_payment;
  return { now, early: credit.debt_summa };
}

function CreditActions({ credit }: { credit: CreditDetail }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const pay = creditPayments(credit);
  return (
    <div className="flex flex-col gap-2">
      {credit.status === 'not_signed' && (
        <Link to={contractLink(credit.id)} className={buttonClass('primary')}>
          {t('installments.sign_contract')}
        </Link>
      )}
      {pay && pay.now > 0 && (
        <Link to={creditPaymentLink(credit.id, pay.now)} className={buttonClass('primary')}>
          {t('installments.pay_now', { amount: money(pay.now) })}
        </Link>
      )}
      {pay && pay.early > 0 && pay.early !== pay.now && (
        <Link to={creditPaymentLink(credit.id, pay.early)} className={buttonClass('secondary')}>
          {t('installments.pay_early', { amount: money(pay.early) })}
        </Link>
      )}
      {credit.status !== 'not_signed' && (
        <Link to={contractLink(credit.id)} className={buttonClass('ghost')}>
          {t('installments.contract')}
        </Link>
      )}
    </div>
  );
}

function Summary({ credit }: { credit: CreditDetail }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const rows: Array<[string, string, boolean?]> = [
    [t('installments.monthly_payment'), money(credit.monthly_payment)],
    [t('installments.term'), t('installments.months', { count: credit.months })],
    [t('installments.financed'), money(credit.financed)],
    [t('installments.total'), money(credit.total)],
    [t('installments.paid'), money(credit.paid)],
    [t('installments.debt'), money(credit.debt_summa), true],
  ];
  if (credit.next_due_date) {
    rows.push([t('installments.next_due'), formatDate(credit.next_due_date)]);
  }
  return (
    <section
      aria-label={t('installments.summary')}
      className="flex flex-col gap-4 rounded-[12px] bg-white p-4 md:p-5"
    >
      <dl className="flex flex-col gap-2 text-sm">
        {rows.map(([label, value, strong]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-muted">{label}</dt>
            <dd
              className={cn('text-right tabular-nums', strong ? 'font-bold text-ink' : 'text-ink')}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <CreditProgress
        paid={credit.paid}
        total={credit.total}
        label={t('installments.progress_label', { code: credit.code })}
      />
      {credit.need_payed_price > 0 && (
        <p className="rounded-[10px] bg-danger/5 p-3 text-sm text-danger">
          {t('installments.due_now', { amount: money(credit.need_payed_price) })}
        </p>
      )}
      <CreditActions credit={credit} />
      <AutopayCard credit={credit} />
    </section>
  );
}

/**
 * /installment/:id: a credit's schedule with each installment's state, what is owed, the ways to
 * pay now, pay another sum (with the schedule it would leave) or pay it all off early, the
 * contract and the payments made.
 */
export function InstallmentPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { id } = useParams();
  const creditId = idFrom(id);
  const query = useCredit(creditId);
  const credit = query.data;
  usePageMeta(credit ? t('installments.contract_number', { code: credit.code }) : undefined);

  if (creditId === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return <NotFoundPage />;
  }

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-10 md:px-4 md:pt-6">
      <BackLink to="/profile/installments">{t('installments.back')}</BackLink>
      {query.isPending ? (
        <DetailSkeleton />
      ) : query.isError ? (
        <ErrorState message={failureMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : credit ? (
        <>
          <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-xl font-bold md:text-2xl">
              {t('installments.contract_number', { code: credit.code })}
            </h1>
            <CreditStatusBadge status={credit.status} name={credit.status_name} />
            <p className="w-full text-sm text-muted">
              {credit.items.map((item) => item.name).join(', ')} ·{' '}
              <Link
                to={`/order-detail/${credit.order_id}`}
                className="text-primary hover:underline"
              >
                {t('installments.order_link', { id: credit.order_id })}
              </Link>
              {credit.signed_at &&
                ` · ${t('installments.signed_at', { date: formatDate(credit.signed_at) })}`}
            </p>
          </header>
          <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_360px]">
            <div className="order-2 flex min-w-0 flex-col gap-4 lg:order-1">
              {creditPayments(credit) && credit.debt_summa > 0 && (
                <EarlyRepaymentForm credit={credit} />
              )}
              <ScheduleTable rows={credit.schedule} />
              <PaymentHistory payments={credit.payments} receipts={credit.receipts} />
            </div>
            <div className="order-1 lg:sticky lg:top-32 lg:order-2">
              <Summary credit={credit} />
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}
