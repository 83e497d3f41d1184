import type { OrderSummary } from '@bozor/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { BagIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/list-states.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useOrders } from '../api/get-orders.ts';
import { usePaymentTypeName } from './payment-type.ts';

const MAX_THUMBNAILS = 4;

function OrderCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const paymentType = usePaymentTypeName();
  const title = t('orders.number', { id: order.id });
  const thumbnails = [...new Set(order.images)].slice(0, MAX_THUMBNAILS);
  const more = order.items_count - thumbnails.length;

  return (
    <Link
      to={`/order-detail/${order.id}`}
      className="flex flex-col gap-3 rounded-[12px] bg-white p-4 hover:ring-1 hover:ring-line"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="font-semibold text-ink">{title}</span>
          <time dateTime={order.created_at} className="text-xs text-muted">
            {formatDate(order.created_at)}
          </time>
        </div>
        <OrderStatusBadge status={order.status} name={order.status_name} />
      </div>
      <div className="flex items-center gap-2">
        {thumbnails.map((image) => (
          <div
            key={image}
            className="size-14 shrink-0 overflow-hidden rounded-[10px] bg-white ring-1 ring-line"
          >
            <ProductImage src={image} alt="" size={56} />
          </div>
        ))}
        {more > 0 && (
          <span className="grid size-14 shrink-0 place-items-center rounded-[10px] bg-page text-sm font-semibold text-muted">
            +{more}
          </span>
        )}
      </div>
      <div className="flex items-end justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <span className="text-xs text-muted">
            {paymentType(order.payment_type)} · {t('orders.items', { count: order.items_count })}
          </span>
          <span className="text-base font-bold text-ink tabular-nums">{money(order.total)}</span>
        </div>
        <ChevronRightIcon className="size-5 text-muted" />
      </div>
    </Link>
  );
}

function OrderCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-[12px] bg-white p-4" aria-hidden="true">
      <div className="flex justify-between">
        <div className="flex flex-col gap-1.5">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-3 w-24" />
        </div>
        <Skeleton className="h-6 w-24 rounded-full" />
      </div>
      <div className="flex gap-2">
        <Skeleton className="size-14 rounded-[10px]" />
        <Skeleton className="size-14 rounded-[10px]" />
      </div>
      <Skeleton className="h-5 w-36" />
    </div>
  );
}

/** /profile/orders: the customer's orders, newest first, ten at a time. */
export function OrdersPage() {
  const { t } = useTranslation();
  const query = useOrders();
  const orders = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <ProfileSection title={t('profile.menu.orders')}>
      <PagedList
        query={query}
        items={orders}
        keyOf={(order) => order.id}
        renderItem={(order) => <OrderCard order={order} />}
        skeleton={<OrderCardSkeleton />}
        skeletons={4}
        empty={
          <StateMessage
            icon={<BagIcon className="size-7" />}
            title={t('profile.orders_empty_title')}
            text={t('profile.orders_empty_text')}
            action={
              <Link to="/" className={buttonClass('primary')}>
                {t('profile.go_shopping')}
              </Link>
            }
          />
        }
        className="grid grid-cols-1 gap-3 xl:grid-cols-2"
        testId="orders"
      />
    </ProfileSection>
  );
}
