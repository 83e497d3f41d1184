import type { Card, LimitShortfall, PlaceOrderInput } from '@bozor/shared';
import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { CardIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { PrepaymentModal } from '../../../components/ui/prepayment-modal.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { ErrorState, StateMessage } from '../../../components/ui/state-message.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { CardRow, useCards } from '../../cards/index.ts';
import { useOrderProducts } from '../api/get-order-products.ts';
import { useTariffQuotes } from '../api/get-tariff-quotes.ts';
import { limitShortfallOf, needsScoring, usePlaceOrder } from '../api/place-order.ts';
import {
  type CheckoutDraft,
  clearCheckoutDraft,
  updateCheckoutDraft,
  useCheckoutDraft,
} from '../checkout-draft.ts';
import { CheckoutSummary, tariffOf } from './checkout-page.tsx';
import { CheckoutSection, CheckoutShell, ChoiceRow } from './checkout-shell.tsx';
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

function CardChoice({ cards, chosenId }: { cards: Card[]; chosenId: number | null }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{t('checkout.billing.title')}</legend>
      {cards.map((card) => (
        <ChoiceRow
          key={card.id}
          name="card"
          checked={card.id === chosenId}
          onChange={() => updateCheckoutDraft({ cardId: card.id })}
        >
          <CardRow card={card} />
        </ChoiceRow>
      ))}
    </fieldset>
  );
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
  const total = products.data?.total ?? 0;
  const installment = draft.paymentType === 'installment';
  const quotes = useTariffQuotes(installment ? total : 0, draft.prepayment);
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
            total={total}
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
      <CheckoutSection
        title={t('checkout.billing.card')}
        action={
          list.length > 0 && (
            <Link to="/checkout/add-card" className={cn(buttonClass('ghost'), 'px-2 text-primary')}>
              <PlusIcon className="size-4" />
              {t('checkout.billing.add_card')}
            </Link>
          )
        }
      >
        <p className="text-sm text-muted">
          {installment ? t('checkout.billing.autopay_text') : t('checkout.billing.full_text')}
        </p>
        {cards.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            {placeholderKeys(2).map((key) => (
              <Skeleton key={key} className="h-[70px] w-full rounded-[10px]" />
            ))}
          </div>
        ) : cards.isError ? (
          <ErrorState
            className="py-4"
            message={listErrorMessage(cards.error, t)}
            onRetry={() => void cards.refetch()}
          />
        ) : list.length === 0 ? (
          <StateMessage
            className="py-4"
            icon={<CardIcon className="size-7" />}
            title={t('checkout.billing.no_cards')}
            action={
              <Link to="/checkout/add-card" className={buttonClass('primary')}>
                <PlusIcon className="size-4" />
                {t('checkout.billing.add_card')}
              </Link>
            }
          />
        ) : (
          <CardChoice cards={list} chosenId={cardId} />
        )}
      </CheckoutSection>
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
