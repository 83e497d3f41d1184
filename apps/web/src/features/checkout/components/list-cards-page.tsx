import { EARLY_REPAYMENT_MODES, type PaymentResult } from '@bozor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { mayHaveGoneThrough } from '../../../lib/idempotent-mutation.ts';
import { idFrom } from '../../../lib/ids.ts';
import { toast } from '../../../lib/toast.ts';
import { useCards } from '../../cards/index.ts';
import { CREDITS_KEY, useCredit } from '../../installments/index.ts';
import { ORDERS_KEY, useOrder } from '../../orders/index.ts';
import { CREDIT_LIMIT_KEY } from '../../scoring/index.ts';
import { type PaymentTarget, usePay } from '../api/pay.ts';
import { CardChoiceSection } from './card-choice.tsx';
import { CheckoutShell } from './checkout-shell.tsx';
import { PaymentChecking } from './payment-checking.tsx';

/**
 * The three forms of the card selection screen: `?order=` pays a full-price order, `?credit=&first=1`
 * a credit's prepayment, `?credit=&amount=` an installment or the rest early (`&mode=` what a
 * surplus does to the schedule).
 */
export function paymentTargetOf(params: URLSearchParams): PaymentTarget | null {
  const orderId = idFrom(params.get('order'));
  const creditId = idFrom(params.get('credit'));
  if (orderId != null && creditId == null) return { kind: 'order', orderId };
  if (creditId == null || orderId != null) return null;
  if (params.get('first') === '1') return { kind: 'first', creditId };
  const amount = idFrom(params.get('amount'));
  if (amount == null) return null;
  const mode = EARLY_REPAYMENT_MODES.find((m) => m === params.get('mode'));
  return { kind: 'credit', creditId, amount, ...(mode ? { mode } : {}) };
}

/**
 * What the payment will take: the order's sum still due, the prepayment, or the amount asked for;
 * and the card the order was placed with, which the customer has already chosen once.
 */
function useAmountDue(target: PaymentTarget | null) {
  const credit = useCredit(target?.kind === 'first' ? target.creditId : null);
  const order = useOrder(target?.kind === 'order' ? target.orderId : null);
  if (target?.kind === 'credit') {
    return { amount: target.amount, cardId: null, error: null, retry: () => {} };
  }
  const query = target?.kind === 'first' ? credit : order;
  return {
    amount: target?.kind === 'first' ? credit.data?.prepayment_due : order.data?.need_payed_price,
    cardId: (target?.kind === 'first' ? credit.data?.card?.id : order.data?.card?.id) ?? null,
    error: query.error,
    retry: () => void query.refetch(),
  };
}

/** Where the payment belongs, for the result pages' "back to the order". */
const resultQuery = (result: Pick<PaymentResult, 'order_id'>) => `order=${result.order_id}`;

/**
 * `/checkout/list-cards`: SPEC's card selection for every payment. Pay is enabled once a card is
 * chosen; an answer still being checked shows the spinner and is asked about again.
 */
export function ListCardsPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [params] = useSearchParams();
  const target = paymentTargetOf(params);
  const due = useAmountDue(target);
  const cards = useCards();
  const pay = usePay();
  const [picked, setPicked] = useState<number | null>(null);
  const [checking, setChecking] = useState<PaymentResult | null>(null);
  const [held, setHeld] = useState<PaymentResult | null>(null);

  const settle = (result: PaymentResult) => {
    // what a payment changes: the order, the credit and its schedule, the limit
    for (const queryKey of [ORDERS_KEY, CREDITS_KEY, CREDIT_LIMIT_KEY]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    if (result.state === 'paid') {
      navigate(`/checkout/thanks?amount=${result.amount}&${resultQuery(result)}`, {
        replace: true,
      });
    } else if (result.state === 'failed') {
      // the error page says why, once; it leads back here to try another card
      navigate(`/checkout/error?${resultQuery(result)}`, {
        replace: true,
        state: { reason: result.decline, retry: `${location.pathname}${location.search}` },
      });
    } else if (result.state === 'checking') {
      setChecking(result);
    } else {
      // waiting for a person, or money for an order that ended going back: neither paid nor failed
      setChecking(null);
      setHeld(result);
    }
  };

  if (!target) {
    return (
      <CheckoutShell title={t('checkout.pay.title')} narrow>
        <StateMessage
          icon={<AlertIcon className="size-7" />}
          title={t('checkout.pay.bad_link_title')}
          text={t('checkout.pay.bad_link_text')}
          action={
            <Link to="/" className={buttonClass('primary')}>
              {t('common.to_home')}
            </Link>
          }
        />
      </CheckoutShell>
    );
  }

  if (held) {
    const returned = held.state === 'refunding' || held.state === 'refunded';
    return (
      <CheckoutShell title={t('checkout.pay.title')} narrow>
        <StateMessage
          role="status"
          icon={<AlertIcon className="size-7" />}
          title={returned ? t('checkout.held.returned_title') : t('checkout.held.title')}
          text={returned ? t('checkout.held.returned_text') : t('checkout.held.text')}
          action={
            <Link to={`/order-detail/${held.order_id}`} className={buttonClass('primary')}>
              {t('checkout.result.to_order')}
            </Link>
          }
        />
      </CheckoutShell>
    );
  }

  if (checking) {
    return (
      <CheckoutShell title={t('checkout.pay.title')} narrow>
        <PaymentChecking payment={checking} onSettled={settle} />
      </CheckoutShell>
    );
  }

  const list = cards.data ?? [];
  // the customer's own pick, else the order's card (chosen at billing), else their only card
  const cardId =
    picked ??
    list.find((card) => card.id === due.cardId)?.id ??
    (list.length === 1 ? (list[0]?.id ?? null) : null);

  const submit = async () => {
    if (cardId == null) return;
    try {
      const answer = await pay.mutateAsync({ target, cardId });
      settle(answer.data);
    } catch (error) {
      // a lost answer may be retried with the same key, here; a refusal is final and the error
      // page says why
      if (mayHaveGoneThrough(error)) {
        toast.error(failureMessage(error));
        return;
      }
      const orderId = target.kind === 'order' ? target.orderId : null;
      navigate(orderId ? `/checkout/error?order=${orderId}` : '/checkout/error', {
        replace: true,
        state: { reason: failureMessage(error), retry: `${location.pathname}${location.search}` },
      });
    }
  };

  const addCard = `/checkout/add-card?${new URLSearchParams({ next: `${location.pathname}${location.search}` })}`;

  return (
    <CheckoutShell title={t('checkout.pay.title')} narrow>
      <div className="flex items-center justify-between gap-3 rounded-[12px] bg-white p-4">
        <span className="text-sm text-muted">{t('checkout.pay.amount')}</span>
        {due.amount != null ? (
          <span className="text-xl font-bold" data-testid="amount-due">
            {money(due.amount)}
          </span>
        ) : due.error ? (
          <button type="button" onClick={due.retry} className={buttonClass('ghost')}>
            {t('states.retry')}
          </button>
        ) : (
          <Skeleton className="h-7 w-32" />
        )}
      </div>
      <CardChoiceSection
        title={t('checkout.pay.choose_card')}
        addCardTo={addCard}
        chosenId={cardId}
        onChoose={setPicked}
      />
      <button
        type="button"
        disabled={cardId == null || pay.isPending}
        onClick={() => void submit()}
        className={cn(buttonClass('primary'), 'h-12 w-full text-base')}
      >
        {pay.isPending ? t('checkout.pay.paying') : t('checkout.pay.pay')}
      </button>
    </CheckoutShell>
  );
}
