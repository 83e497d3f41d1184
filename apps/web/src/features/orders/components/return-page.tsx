import type { OrderDetail } from '@bozor/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { BagIcon, ChevronRightIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { ShowMore, SkeletonList } from '../../../components/ui/list-states.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { idFrom } from '../../../lib/ids.ts';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { openSignIn } from '../../auth/index.ts';
import { ContentPage } from '../../pages/index.ts';
import { useOrder } from '../api/get-order.ts';
import { useOrders } from '../api/get-orders.ts';
import { useReturnOrder } from '../api/return-order.ts';
import { OrderItems } from './order-items.tsx';
import { ReturnRequestStatus } from './return-request-status.tsx';

/** Delivered (4) and completed (5) orders are the ones that can be returned. */
const RETURNABLE = new Set<number>([4, 5]);

/** What goes back to the cards: every payment of the order that went through. */
export function refundOf(order: Pick<OrderDetail, 'payments'>): number {
  return order.payments.reduce((sum, p) => (p.state === 'paid' ? sum + p.amount : sum), 0);
}

function ReturnableOrders() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const query = useOrders();
  const orders = (query.data?.pages.flatMap((page) => page.data) ?? []).filter((order) =>
    RETURNABLE.has(order.status),
  );

  if (query.isPending) {
    return (
      <SkeletonList count={2} className="flex flex-col gap-2">
        <Skeleton className="h-16 w-full rounded-[12px]" />
      </SkeletonList>
    );
  }
  if (query.isError && orders.length === 0) {
    return (
      <ErrorState message={listErrorMessage(query.error, t)} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-base font-semibold text-ink">{t('orders.return_page.pick')}</h2>
      {orders.length === 0 && !query.hasNextPage ? (
        <StateMessage
          icon={<BagIcon className="size-7" />}
          title={t('orders.return_page.none_title')}
          text={t('orders.return_page.none_text')}
          className="py-6"
        />
      ) : (
        <ul className="flex flex-col gap-2" data-testid="returnable-orders">
          {orders.map((order) => (
            <li key={order.id}>
              <Link
                to={`/return?order=${order.id}`}
                className="flex items-center gap-3 rounded-[12px] border border-line bg-white p-3 hover:border-primary"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="font-semibold text-ink">
                    {t('orders.number', { id: order.id })}
                  </span>
                  <span className="text-xs text-muted">
                    {formatDate(order.created_at)} · {money(order.total)}
                  </span>
                </div>
                <OrderStatusBadge status={order.status} name={order.status_name} />
                <ChevronRightIcon className="size-4 shrink-0 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ShowMore query={query} />
    </div>
  );
}

function ReturnOrder({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const navigate = useNavigate();
  const query = useOrder(orderId);
  const returning = useReturnOrder();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-10 w-48" />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <>
          <p role="alert" className="rounded-[10px] bg-danger/5 p-3 text-sm text-danger">
            {t('orders.return_page.not_found')}
          </p>
          <ReturnableOrders />
        </>
      );
    }
    return (
      <ErrorState message={failureMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  }

  const order = query.data;
  const refund = refundOf(order);
  const confirm = () => {
    setConfirming(false);
    const words = reason.trim();
    returning.mutate(words ? { id: order.id, reason: words } : { id: order.id }, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        navigate(`/order-detail/${order.id}`);
      },
      onError: (error) => toast.error(failureMessage(error)),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={`/order-detail/${order.id}`}
          className="font-semibold text-ink hover:text-primary"
        >
          {t('orders.number', { id: order.id })}
        </Link>
        <OrderStatusBadge status={order.status} name={order.status_name} />
      </div>
      <OrderItems items={order.items} />
      <ReturnRequestStatus order={order} />
      {order.can_return ? (
        <>
          <p className="rounded-[10px] bg-primary-soft p-3 text-sm text-ink">
            {refund > 0
              ? t('orders.return_page.refund', { amount: money(refund) })
              : t('orders.return_page.refund_none')}
            {order.credit_id != null && ` ${t('orders.return_page.credit_closed')}`}
          </p>
          <label className="flex flex-col gap-1 text-sm text-ink">
            {t('orders.return_page.reason_label')}
            <textarea
              value={reason}
              maxLength={500}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
              placeholder={t('orders.return_page.reason_placeholder')}
              className="rounded-[10px] border border-line bg-white p-3 text-base text-ink focus:border-primary"
            />
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              onClick={() => setConfirming(true)}
              disabled={returning.isPending}
              className={buttonClass('danger')}
            >
              {returning.isPending ? t('common.loading') : t('orders.return_page.submit')}
            </button>
            <Link to="/return" className={buttonClass('secondary')}>
              {t('orders.return_page.other')}
            </Link>
          </div>
        </>
      ) : (
        <div className="flex flex-col gap-3">
          {order.return_request?.status !== 'requested' && (
            <p role="alert" className="rounded-[10px] bg-monthly p-3 text-sm text-monthly-ink">
              {t('orders.return_page.not_returnable')}
            </p>
          )}
          <Link to="/return" className={`${buttonClass('secondary')} self-start`}>
            {t('orders.return_page.other')}
          </Link>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('orders.return_page.confirm_title')}
        text={
          refund > 0
            ? t('orders.return_page.confirm_text', { id: order.id, amount: money(refund) })
            : t('orders.return_page.confirm_text_free', { id: order.id })
        }
        confirmLabel={t('orders.return_page.submit')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

/**
 * /return: a signed-in customer picks a delivered order (or arrives with `?order=`) and asks to
 * return it (the shop decides); the shop's return policy, kept on the server, stays below for
 * everyone.
 */
export function ReturnPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const [params] = useSearchParams();
  const picked = idFrom(params.get('order'));
  usePageMeta(t('orders.return_page.title'));

  return (
    <>
      <div className="mx-auto max-w-[880px] px-3 pt-4 md:px-4 md:pt-6">
        <section
          aria-labelledby="return-title"
          className="flex flex-col gap-4 rounded-[16px] bg-white p-5 md:p-8"
        >
          <h1 id="return-title" className="text-xl font-bold text-ink md:text-2xl">
            {t('orders.return_page.title')}
          </h1>
          {!signedIn ? (
            <StateMessage
              icon={<UserIcon className="size-7" />}
              title={t('orders.return_page.sign_in_title')}
              text={t('orders.return_page.sign_in_text')}
              className="bg-page"
              action={
                <button type="button" onClick={openSignIn} className={buttonClass('primary')}>
                  {t('nav.sign_in')}
                </button>
              }
            />
          ) : picked != null ? (
            <ReturnOrder key={picked} orderId={picked} />
          ) : (
            <ReturnableOrders />
          )}
        </section>
      </div>
      <ContentPage slug="return" />
    </>
  );
}
