import type { OrderDetail } from '@bozor/shared';
import { useFormatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/**
 * Where the order is on its way: placed, paid, and each step the shop took since (packed, with
 * the courier, delivered or ready at the branch), newest last, with the courier's tracking number.
 */
export function OrderProgress({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <section aria-labelledby="order-progress-title" className="rounded-[12px] bg-white p-4 md:p-5">
      <h2 id="order-progress-title" className="mb-3 text-base font-semibold text-ink">
        {t('orders.progress')}
      </h2>
      <ol className="flex flex-col gap-3">
        {order.progress.map((step, index) => {
          const current = index === order.progress.length - 1;
          return (
            <li key={`${step.step}-${step.at}`} className="flex gap-3">
              <span
                aria-hidden
                className={`mt-1.5 size-2.5 shrink-0 rounded-full ${current ? 'bg-primary' : 'bg-line'}`}
              />
              <span className="flex flex-col">
                <span className={`text-sm ${current ? 'font-semibold text-ink' : 'text-ink'}`}>
                  {step.name}
                </span>
                <time dateTime={step.at} className="text-xs text-muted">
                  {formatDate(step.at, true)}
                </time>
              </span>
            </li>
          );
        })}
      </ol>
      {order.courier_name && order.tracking_number && (
        <p className="mt-3 text-sm text-muted">
          {t('orders.courier', { name: order.courier_name, number: order.tracking_number })}
        </p>
      )}
    </section>
  );
}
