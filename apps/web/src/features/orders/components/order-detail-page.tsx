import { ORDER_STATUS, type OrderDetail } from '@bozor/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DetailSkeleton } from '../../../components/ui/detail-skeleton.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { CalendarIcon } from '../../../components/ui/icons.tsx';
import { NotFoundPage } from '../../../components/ui/not-found-page.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { PaymentHistory } from '../../../components/ui/payment-history.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { idFrom } from '../../../lib/ids.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { toast } from '../../../lib/toast.ts';
import { CardRow } from '../../cards/index.ts';
import { OrderReviews } from '../../reviews/index.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useOrder } from '../api/get-order.ts';
import { orderPayAction } from '../pay-action.ts';
import { OrderItems } from './order-items.tsx';
import { OrderProgress } from './order-progress.tsx';
import { usePaymentTypeName } from './payment-type.ts';
import { ReturnRequestStatus } from './return-request-status.tsx';

function PayButton({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const action = orderPayAction(order);
  if (!action) return null;
  return (
    <Link to={action.to} className={buttonClass('primary')}>
      {action.kind === 'pay'
        ? t('orders.pay', { amount: money(action.amount) })
        : t('orders.sign_contract')}
    </Link>
  );
}

function OrderActions({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);

  const confirmCancel = () => {
    setConfirming(false);
    cancel.mutate(order.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(failureMessage(error)),
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <PayButton order={order} />
      {order.credit_id != null && (
        <Link to={`/installment/${order.credit_id}`} className={buttonClass('secondary')}>
          {t('orders.schedule')}
        </Link>
      )}
      <ReturnRequestStatus order={order} />
      {order.can_return && (
        <Link to={`/return?order=${order.id}`} className={buttonClass('secondary')}>
          {t('orders.return')}
        </Link>
      )}
      {order.can_cancel && (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          disabled={cancel.isPending}
          className="inline-flex h-10 items-center justify-center rounded-[10px] px-5 text-sm font-semibold text-danger transition-colors hover:bg-danger/5 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {cancel.isPending ? t('common.loading') : t('orders.cancel')}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('orders.cancel_title')}
        text={t('orders.cancel_text', { id: order.id })}
        confirmLabel={t('orders.cancel_confirm')}
        onConfirm={confirmCancel}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

function OrderSummaryCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const paymentType = usePaymentTypeName();
  const rows: Array<[string, string]> = [
    [t('orders.payment_type'), paymentType(order.payment_type)],
  ];
  if (order.tariff) {
    rows.push([
      t('orders.tariff'),
      t('orders.tariff_value', {
        months: order.tariff.months,
        percent: order.tariff.markup_percent,
      }),
    ]);
  }
  // orders placed before delivery had a price show no fee: their total is their goods
  if (order.delivery_promised_on !== null) {
    rows.push([t('orders.goods_total'), money(order.total - order.delivery_fee)]);
    rows.push([
      t('orders.delivery_fee'),
      order.delivery_fee === 0 ? t('orders.delivery_free') : money(order.delivery_fee),
    ]);
  }
  if (order.payment_type === 'installment') {
    rows.push([t('orders.prepayment'), money(order.prepayment)]);
  }
  return (
    <section
      aria-label={t('orders.summary')}
      className="flex flex-col gap-4 rounded-[12px] bg-white p-4 md:p-5"
    >
      <dl className="flex flex-col gap-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-muted">{label}</dt>
            <dd className="text-right text-ink">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-line pt-2">
          <dt className="font-semibold text-ink">{t('orders.total')}</dt>
          <dd className="text-lg font-bold text-ink tabular-nums">{money(order.total)}</dd>
        </div>
        {order.need_payed_price > 0 && order.status === 1 && (
          <div className="flex justify-between gap-3">
            <dt className="text-muted">{t('orders.due_now')}</dt>
            <dd className="font-semibold text-primary tabular-nums">
              {money(order.need_payed_price)}
            </dd>
          </div>
        )}
      </dl>
      <OrderActions order={order} />
      {order.card && (
        <div className="flex flex-col gap-2 border-t border-line pt-3">
          <span className="text-xs text-muted">{t('orders.card')}</span>
          <CardRow card={order.card} />
        </div>
      )}
    </section>
  );
}

/**
 * /order-detail/:id: an order's goods, status, delivery and payments, and what the customer may do
 * with it now: pay what is due, cancel it, return it.
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { id } = useParams();
  const orderId = idFrom(id);
  const query = useOrder(orderId);
  const order = query.data;
  usePageMeta(t('orders.number', { id: orderId ?? '' }));

  if (orderId === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return <NotFoundPage />;
  }

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-10 md:px-4 md:pt-6">
      <BackLink to="/profile/orders">{t('orders.back')}</BackLink>
      {query.isPending ? (
        <DetailSkeleton>
          {[0, 1, 2].map((key) => (
            <div key={key} className="flex gap-3">
              <Skeleton className="size-16 rounded-[10px]" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-24" />
              </div>
            </div>
          ))}
        </DetailSkeleton>
      ) : query.isError ? (
        <ErrorState message={failureMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : order ? (
        <>
          <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-xl font-bold md:text-2xl">
              {t('orders.number', { id: order.id })}
            </h1>
            <OrderStatusBadge status={order.status} name={order.status_name} />
            <time dateTime={order.created_at} className="w-full text-sm text-muted">
              {t('orders.placed_at', { date: formatDate(order.created_at, true) })}
            </time>
          </header>
          <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_360px]">
            <div className="order-2 flex min-w-0 flex-col gap-4 lg:order-1">
              <section
                aria-labelledby="order-items-title"
                className="rounded-[12px] bg-white p-4 md:p-5"
              >
                <h2 id="order-items-title" className="mb-3 text-base font-semibold text-ink">
                  {t('orders.goods', { count: order.items.length })}
                </h2>
                <OrderItems items={order.items} />
              </section>
              {(order.status === ORDER_STATUS.delivered ||
                order.status === ORDER_STATUS.completed) && <OrderReviews orderId={order.id} />}
              <section
                aria-labelledby="order-delivery-title"
                className="rounded-[12px] bg-white p-4 md:p-5"
              >
                <h2 id="order-delivery-title" className="mb-1 text-base font-semibold text-ink">
                  {order.delivery_type === 'pickup'
                    ? t('orders.delivery_pickup')
                    : t('orders.delivery_address')}
                </h2>
                <p className="text-sm text-ink">{order.delivery}</p>
                {order.delivery_promised_on && (
                  <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-ink">
                    <CalendarIcon className="size-4 text-primary" />
                    <span data-testid="order-promised-on">
                      {order.delivery_type === 'pickup'
                        ? t('orders.pickup_on', { date: formatDate(order.delivery_promised_on) })
                        : t('orders.promised_on', { date: formatDate(order.delivery_promised_on) })}
                    </span>
                  </p>
                )}
              </section>
              <OrderProgress order={order} />
              <PaymentHistory payments={order.payments} receipts={order.receipts} />
            </div>
            <div className="order-1 lg:sticky lg:top-32 lg:order-2">
              <OrderSummaryCard order={order} />
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}
