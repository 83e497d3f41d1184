import type { CreditSummary } from '@bozor/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { CalendarIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/list-states.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useCredits } from '../api/get-credits.ts';
import { CreditProgress, CreditStatusBadge } from './credit-status-badge.tsx';
import { InsuranceContact } from './insurance-contact.tsx';

function CreditCard({ credit }: { credit: CreditSummary }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const title = t('installments.contract_number', { code: credit.code });
  return (
    <Link
      to={`/installment/${credit.id}`}
      className="flex flex-col gap-3 rounded-[12px] bg-white p-4 hover:ring-1 hover:ring-line"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="font-semibold text-ink">{title}</span>
          <span className="text-xs text-muted">
            {t('installments.months', { count: credit.months })}
          </span>
        </div>
        <CreditStatusBadge status={credit.status} name={credit.status_name} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted">{t('installments.monthly_payment')}</dt>
          <dd className="font-semibold text-ink tabular-nums">{money(credit.monthly_payment)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('installments.debt')}</dt>
          <dd className="font-semibold text-ink tabular-nums">{money(credit.debt_summa)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('installments.next_due')}</dt>
          <dd className="font-semibold text-ink">
            {credit.next_due_date ? formatDate(credit.next_due_date) : '—'}
          </dd>
        </div>
      </dl>
      <div className="flex flex-col gap-1">
        <CreditProgress
          paid={credit.paid}
          total={credit.total}
          label={t('installments.progress_label', { code: credit.code })}
        />
        <div className="flex items-center justify-between text-xs text-muted">
          <span>
            {t('installments.paid_of', { paid: money(credit.paid), total: money(credit.total) })}
          </span>
          <ChevronRightIcon className="size-4" />
        </div>
      </div>
    </Link>
  );
}

function CreditCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-[12px] bg-white p-4" aria-hidden="true">
      <div className="flex justify-between">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-6 w-20 rounded-full" />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
      <Skeleton className="h-2 w-full rounded-full" />
    </div>
  );
}

/**
 * /profile/installments: the customer's credits with what is owed and when it is due, and whom to
 * ask about their insurance.
 */
export function InstallmentsPage() {
  const { t } = useTranslation();
  const query = useCredits();
  const credits = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <ProfileSection title={t('profile.menu.installments')}>
      <PagedList
        query={query}
        items={credits}
        keyOf={(credit) => credit.id}
        renderItem={(credit) => <CreditCard credit={credit} />}
        skeleton={<CreditCardSkeleton />}
        empty={
          <StateMessage
            icon={<CalendarIcon className="size-7" />}
            title={t('profile.installments_empty_title')}
            text={t('profile.installments_empty_text')}
            action={
              <Link to="/" className={buttonClass('primary')}>
                {t('profile.go_shopping')}
              </Link>
            }
          />
        }
        className="grid grid-cols-1 gap-3 xl:grid-cols-2"
        testId="credits"
      />
      <InsuranceContact />
    </ProfileSection>
  );
}
