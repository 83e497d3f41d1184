import type { CreditSummary } from '@bozor/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { CheckIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/list-states.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { PrepaymentModal } from '../../../components/ui/prepayment-modal.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { contractLink, useCredits } from '../../installments/index.ts';
import { useChangePrepayment } from '../api/change-prepayment.ts';
import { useOrder } from '../api/get-order.ts';

/** Unsigned credits are few and recent: one large page finds them without paging through all. */
const CREDITS_PER_PAGE = 50;

function PendingSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-[12px] bg-white p-4" aria-hidden="true">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-10 w-48" />
    </div>
  );
}

/** An installment order awaiting its contract, whose prepayment may still be raised. */
function PendingOrder({ credit }: { credit: CreditSummary }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const query = useOrder(credit.order_id);
  const change = useChangePrepayment();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);

  if (query.isPending) return <PendingSkeleton />;
  if (query.isError) {
    return (
      <ErrorState message={failureMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  }
  const order = query.data;
  // signed meanwhile (the credits page may be older than the order): the prepayment is fixed now
  if (order.status !== 1 || order.credit_status !== 'not_signed') return null;

  const save = (prepayment: number) => {
    change.mutate(
      { orderId: order.id, prepayment },
      {
        onSuccess: (answer) => {
          setOpen(false);
          setSaved(prepayment);
          toast.success(answer.message);
        },
        onError: (error) => toast.error(failureMessage(error)),
      },
    );
  };
  const title = t('orders.number', { id: order.id });

  return (
    <article aria-label={title} className="flex flex-col gap-3 rounded-[12px] bg-white p-4 md:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <Link
            to={`/order-detail/${order.id}`}
            className="font-semibold text-ink hover:text-primary"
          >
            {title}
          </Link>
          <span className="line-clamp-2 text-xs text-muted">
            {order.items.map((item) => item.name).join(', ')}
          </span>
        </div>
        <OrderStatusBadge status={order.status} name={order.status_name} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted">{t('orders.total')}</dt>
          <dd className="font-semibold text-ink tabular-nums">{money(order.total)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('orders.prepayment')}</dt>
          <dd className="font-semibold text-ink tabular-nums">{money(order.prepayment)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('installments.monthly_payment')}</dt>
          <dd className="font-semibold text-ink tabular-nums">{money(credit.monthly_payment)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('installments.term')}</dt>
          <dd className="font-semibold text-ink">
            {t('installments.months', { count: credit.months })}
          </dd>
        </div>
      </dl>
      {saved != null ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-[10px] bg-success/5 p-3 sm:flex-row sm:items-center"
        >
          <p className="flex flex-1 items-center gap-2 text-sm text-success">
            <CheckIcon className="size-5 shrink-0" />
            {t('orders.additional_limit.saved', { amount: money(saved) })}
          </p>
          <Link to={contractLink(credit.id)} className={buttonClass('primary')}>
            {t('orders.additional_limit.to_contract')}
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="button" onClick={() => setOpen(true)} className={buttonClass('primary')}>
            <PlusIcon className="size-4" />
            {t('orders.additional_limit.raise')}
          </button>
          <Link to={contractLink(credit.id)} className={buttonClass('secondary')}>
            {t('orders.additional_limit.to_contract')}
          </Link>
        </div>
      )}
      <PrepaymentModal
        open={open}
        value={order.prepayment}
        // the prepayment leaves something to finance: it stays below the order's total
        max={order.total - 1}
        saving={change.isPending}
        onSave={save}
        onClose={() => setOpen(false)}
      />
    </article>
  );
}

/**
 * /profile/additional-limit: installment orders whose contract is not signed yet. When the limit
 * does not cover the financed part, a larger prepayment does; then the customer goes on to sign.
 */
export function AdditionalLimitPage() {
  const { t } = useTranslation();
  const query = useCredits(CREDITS_PER_PAGE);
  const pending = (query.data?.pages.flatMap((page) => page.data) ?? []).filter(
    (credit) => credit.status === 'not_signed',
  );

  return (
    <ProfileSection title={t('orders.additional_limit.title')}>
      <p className="text-sm text-muted">{t('orders.additional_limit.intro')}</p>
      <PagedList
        query={query}
        items={pending}
        keyOf={(credit) => credit.id}
        renderItem={(credit) => <PendingOrder credit={credit} />}
        skeleton={<PendingSkeleton />}
        skeletons={2}
        empty={
          <StateMessage
            icon={<CheckIcon className="size-7" />}
            title={t('orders.additional_limit.empty_title')}
            text={t('orders.additional_limit.empty_text')}
            action={
              <Link to="/profile/orders" className={buttonClass('primary')}>
                {t('profile.menu.orders')}
              </Link>
            }
          />
        }
        // an order signed since the list was read draws nothing: its row takes no room
        className="flex flex-col gap-3 [&>li:empty]:hidden"
        testId="pending-orders"
      />
    </ProfileSection>
  );
}
