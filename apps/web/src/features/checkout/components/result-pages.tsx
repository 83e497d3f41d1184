import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

const idOf = (value: string | null) => (value && /^\d{1,10}$/.test(value) ? value : null);

function ResultPage({
  icon,
  tone,
  title,
  text,
  orderId,
  retry,
}: {
  icon: ReactNode;
  tone: 'success' | 'danger';
  title: string;
  text: string;
  orderId: string | null;
  /** The payment screen to try again from, when a payment failed. */
  retry?: string | null;
}) {
  const { t } = useTranslation();
  usePageMeta(title);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col px-3 pt-8 pb-12 md:pt-14">
      <section
        role={tone === 'danger' ? 'alert' : 'status'}
        className="flex flex-col items-center gap-3 rounded-[16px] bg-white px-6 py-10 text-center"
      >
        <div
          className={cn(
            'grid size-16 place-items-center rounded-full text-white',
            tone === 'success' ? 'bg-success' : 'bg-danger',
          )}
        >
          {icon}
        </div>
        <h1 className="text-xl font-bold md:text-2xl">{title}</h1>
        <p className="max-w-sm text-sm text-muted">{text}</p>
        <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          {orderId && (
            <Link to={`/order-detail/${orderId}`} className={buttonClass('secondary')}>
              {t('checkout.result.to_order')}
            </Link>
          )}
          {retry ? (
            <Link to={retry} replace className={buttonClass('primary')}>
              {t('checkout.result.retry')}
            </Link>
          ) : (
            <Link to="/" className={buttonClass('primary')}>
              {t('common.to_home')}
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}

/**
 * `/checkout/thanks`: "Paid {amount} sum" after a payment (`?amount=&order=`), or the order
 * placed with nothing to pay up front (`?order=`).
 */
export function ThanksPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const [params] = useSearchParams();
  const amount = idOf(params.get('amount'));
  return (
    <ResultPage
      tone="success"
      icon={<CheckIcon className="size-8" />}
      title={
        amount
          ? t('checkout.result.paid', { amount: money(Number(amount)) })
          : t('checkout.result.placed')
      }
      text={amount ? t('checkout.result.paid_text') : t('checkout.result.placed_text')}
      orderId={idOf(params.get('order'))}
    />
  );
}

/**
 * `/checkout/error`: SPEC's "Оплата не прошла", with why the card was refused when the payment
 * screen knew it (else "Попробуйте позже"), and the way back to pay with another card.
 */
export function PaymentErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = useLocation().state as { reason?: unknown; retry?: unknown } | null;
  const reason = typeof state?.reason === 'string' && state.reason ? state.reason : null;
  const retry =
    typeof state?.retry === 'string' && state.retry.startsWith('/checkout/list-cards')
      ? state.retry
      : null;
  return (
    <ResultPage
      tone="danger"
      icon={<AlertIcon className="size-8" />}
      title={t('checkout.result.failed')}
      text={reason ?? t('checkout.result.failed_text')}
      orderId={idOf(params.get('order'))}
      retry={retry}
    />
  );
}
