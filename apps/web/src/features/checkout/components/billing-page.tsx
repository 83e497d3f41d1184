import type { LimitShortfall, PlaceOrderInput } from '@bozor/shared';
import { useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PrepaymentModal } from '../../../components/ui/prepayment-modal.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { toast } from '../../../lib/toast.ts';
import { useCards } from '../../cards/index.ts';
import { useOrderProducts } from '../api/get-order-products.ts';
import { useTariffQuotes } from '../api/get-tariff-quotes.ts';
import { limitShortfallOf, needsScoring, usePlaceOrder } from '../api/place-order.ts';
import {
  type CheckoutDraft,
  clearCheckoutDraft,
  updateCheckoutDraft,
  useCheckoutDraft,
} from '../checkout-draft.ts';
import { useShipping } from '../shipping.ts';
import { CardChoiceSection } from './card-choice.tsx';
import { CheckoutShell } from './checkout-shell.tsx';
import { CheckoutSummary, tariffOf } from './checkout-summary.tsx';
import { NotEnoughScreen } from './not-enough.tsx';

/** The body of `POST /orders` from the checkout's choices, or null while one is missing. */
export function orderBodyOf(draft: CheckoutDraft): PlaceOrderInput | null {
  if (!draft.delivery || draft.cardId == null) return null;
  const delivery =
    draft.delivery.kind === 'address'
      ? { address_id: draft.delivery.id }
      : { branch_id: draft.delivery.id };
  if (draft.paymentType === 'full') {
    return { payment_type: 'full', card_id: draft.cardId, ...delivery };
  }
  if (draft.tariffId == null) return null;
  return {
    payment_type: 'installment',
    tariff_id: draft.tariffId,
    prepayment: draft.prepayment,
    card_id: draft.cardId,
    ...delivery,
  };
}

/**
 * `/checkout/billing`: the card the order is paid from (and, on installments, the monthly
 * payments), the summary and "Place order". A limit that falls short shows SPEC's "not enough"
 * screen, from which the prepayment can be raised; installments refused for want of scoring send
 * the customer, still signed in, to `/scoring`.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useCheckoutDraft();
  const products = useOrderProducts();
  const cards = useCards();
  const order = usePlaceOrder();
  const [shortfall, setShortfall] = useState<LimitShortfall['data'] | null>(null);
  const [raising, setRaising] = useState(false);
  // once placed, the choices are forgotten while the next page opens: no way back to /checkout
  const placed = useRef(false);
  const goods = products.data?.total ?? 0;
  const shipping = useShipping(draft.delivery, goods, products.data?.size_class ?? 'standard');
  const total = goods + shipping.fee;
  const installment = draft.paymentType === 'installment';
  const quotes = useTariffQuotes(
    installment && shipping.quote.isSuccess ? total : 0,
    draft.prepayment,
  );
  const tariff = installment ? tariffOf(quotes.data, draft.tariffId) : null;

  if (placed.current) return null;
  if (!draft.delivery || (installment && draft.tariffId == null)) {
    return <Navigate to="/checkout" replace />;
  }

  const list = cards.data ?? [];
  const cardId = list.some((c) => c.id === draft.cardId) ? draft.cardId : null;
  const body = orderBodyOf({ ...draft, cardId });

  const placeOrder = async () => {
    if (!body) return;
    try {
      const answer = await order.place(body);
      const { credit_id, order_id } = answer.data;
      placed.current = true;
      navigate(
        credit_id != null
          ? `/contract/show?credit=${credit_id}`
          : `/checkout/list-cards?order=${order_id}`,
      );
      clearCheckoutDraft();
    } catch (error) {
      const short = limitShortfallOf(error);
      if (short) {
        setShortfall(short);
        return;
      }
      toast.error(failureMessage(error));
      if (needsScoring(error)) {
        updateCheckoutDraft({ scoringForOrder: true });
        navigate('/scoring');
      }
    }
  };

  const prepaymentModal = (
    <PrepaymentModal
      open={raising}
      value={shortfall?.min_prepayment ?? draft.prepayment}
      max={total - 1}
      onClose={() => setRaising(false)}
      onSave={(prepayment) => {
        updateCheckoutDraft({ prepayment });
        setRaising(false);
        setShortfall(null);
      }}
    />
  );

  if (shortfall) {
    return (
      <CheckoutShell title={t('checkout.billing.title')} narrow>
        <NotEnoughScreen
          shortfall={Math.max(0, shortfall.min_prepayment - draft.prepayment)}
          available={shortfall.available}
          minPrepayment={shortfall.min_prepayment}
          onBack={() => {
            setShortfall(null);
            navigate('/checkout');
          }}
          onIncrease={() => setRaising(true)}
        />
        {prepaymentModal}
      </CheckoutShell>
    );
  }

  return (
    <CheckoutShell
      title={t('checkout.billing.title')}
      back="/checkout"
      aside={
        products.isSuccess && (
          <CheckoutSummary
            goods={goods}
            shipping={shipping}
            draft={draft}
            tariff={tariff}
            action={
              <button
                type="button"
                disabled={!body || order.isPending}
                onClick={() => void placeOrder()}
                className={cn(buttonClass('primary'), 'h-12 w-full text-base')}
              >
                {order.isPending ? t('checkout.billing.placing') : t('checkout.billing.place')}
              </button>
            }
          />
        )
      }
    >
      <CardChoiceSection
        title={t('checkout.billing.card')}
        legend={t('checkout.billing.title')}
        addCardTo="/checkout/add-card"
        chosenId={cardId}
        onChoose={(id) => updateCheckoutDraft({ cardId: id })}
      >
        <p className="text-sm text-muted">
          {installment ? t('checkout.billing.autopay_text') : t('checkout.billing.full_text')}
        </p>
      </CardChoiceSection>
      {products.isError && (
        <ErrorState
          message={listErrorMessage(products.error, t)}
          onRetry={() => void products.refetch()}
        />
      )}
      {prepaymentModal}
    </CheckoutShell>
  );
}
