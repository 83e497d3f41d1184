import type { PaymentResult } from '@bozor/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { PAYMENT_POLL_LIMIT_MS, usePaymentState } from '../api/get-payment.ts';

/**
 * SPEC §2's checking spinner: the gateway has not answered yet, so the payment is asked about
 * every 2 s for up to a minute. A settled answer goes to `onSettled`; after a minute the customer
 * may ask again or look at the order later.
 */
export function PaymentChecking({
  payment,
  onSettled,
}: {
  payment: PaymentResult;
  onSettled: (result: PaymentResult) => void;
}) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const [expired, setExpired] = useState(false);
  const state = usePaymentState(payment.payment_id, !expired);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each round of asking gets its minute
  useEffect(() => {
    setExpired(false);
    const timer = window.setTimeout(() => setExpired(true), PAYMENT_POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [round]);

  const settled = useRef(onSettled);
  settled.current = onSettled;
  const answer = state.data;
  useEffect(() => {
    if (answer && answer.state !== 'checking') settled.current(answer);
  }, [answer]);

  if (expired) {
    return (
      <StateMessage
        role="status"
        icon={<AlertIcon className="size-7" />}
        title={t('checkout.checking.timeout_title')}
        text={t('checkout.checking.timeout_text')}
        action={
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Link to={`/order-detail/${payment.order_id}`} className={buttonClass('secondary')}>
              {t('checkout.result.to_order')}
            </Link>
            <button
              type="button"
              onClick={() => setRound((n) => n + 1)}
              className={buttonClass('primary')}
            >
              {t('checkout.checking.again')}
            </button>
          </div>
        }
      />
    );
  }

  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col items-center gap-4 rounded-[12px] bg-white px-6 py-12 text-center"
    >
      <span
        aria-hidden="true"
        className="size-12 animate-spin rounded-full border-4 border-primary-soft border-t-primary"
      />
      <h2 className="text-lg font-semibold">{t('checkout.checking.title')}</h2>
      <p className="max-w-sm text-sm text-muted">{t('checkout.checking.note')}</p>
    </div>
  );
}
