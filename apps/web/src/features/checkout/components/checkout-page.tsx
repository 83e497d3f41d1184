import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { BagIcon } from '../../../components/ui/icons.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { useDeliveryAddresses } from '../../addresses/index.ts';
import { useClientInfo } from '../../auth/index.ts';
import { useOrderProducts } from '../api/get-order-products.ts';
import { useTariffQuotes } from '../api/get-tariff-quotes.ts';
import { updateCheckoutDraft, useCheckoutDraft } from '../checkout-draft.ts';
import { useShipping } from '../shipping.ts';
import { CheckoutSection, CheckoutShell } from './checkout-shell.tsx';
import { CheckoutSummary, tariffOf } from './checkout-summary.tsx';
import { DeliverySection, deliveryOf } from './delivery-section.tsx';
import { GoodsList } from './goods-list.tsx';
import { installmentAccessOf, PaymentSection } from './payment-section.tsx';

function CheckoutSkeleton() {
  return (
    <div
      className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_360px]"
      data-testid="checkout-skeleton"
    >
      <div className="flex flex-col gap-4">
        {placeholderKeys(3).map((key) => (
          <div key={key} className="flex flex-col gap-3 rounded-[12px] bg-white p-4">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-16 w-full" />
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-3 rounded-[12px] bg-white p-4">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}

/**
 * `/checkout`: the goods, delivery, the payment type, the tariff and prepayment; then billing.
 * Paying in full is open to every customer; installments to a scored one.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const products = useOrderProducts();
  const draft = useCheckoutDraft();
  const addresses = useDeliveryAddresses();
  const profile = useClientInfo();
  const access = profile.data ? installmentAccessOf(profile.data) : null;
  const scored = access?.kind === 'scored';
  const goods = products.data?.total ?? 0;
  const delivery = deliveryOf(draft, addresses.data);
  const shipping = useShipping(delivery, goods, products.data?.size_class ?? 'standard');
  // the order's total: its goods and their delivery, financed together on installments
  const total = goods + shipping.fee;
  const prepayment = draft.prepayment < total ? draft.prepayment : 0;
  const quotes = useTariffQuotes(scored && shipping.quote.isSuccess ? total : 0, prepayment);
  // installments are only the scored customer's to choose: the others pay in full
  const paymentType = scored ? draft.paymentType : 'full';
  const effective = { ...draft, delivery, paymentType, prepayment };
  const tariff = tariffOf(quotes.data, draft.tariffId);
  const installment = paymentType === 'installment';
  const ready =
    access != null &&
    delivery != null &&
    shipping.quote.isSuccess &&
    (!installment || tariff != null);

  const next = () => {
    if (!ready) return;
    updateCheckoutDraft({
      delivery,
      paymentType,
      prepayment,
      tariffId: installment ? (tariff?.id ?? null) : null,
    });
    navigate('/checkout/billing');
  };

  return (
    <CheckoutShell
      title={t('checkout.title')}
      back="/basket"
      aside={
        products.isSuccess &&
        products.data.items.length > 0 && (
          <CheckoutSummary
            goods={goods}
            shipping={shipping}
            draft={effective}
            tariff={tariff}
            action={
              <>
                {!delivery && <p className="text-sm text-muted">{t('checkout.choose_delivery')}</p>}
                <button
                  type="button"
                  disabled={!ready}
                  onClick={next}
                  className={cn(buttonClass('primary'), 'h-12 w-full text-base')}
                >
                  {t('checkout.next')}
                </button>
              </>
            }
          />
        )
      }
    >
      {products.isPending ? (
        <CheckoutSkeleton />
      ) : products.isError ? (
        <ErrorState
          message={listErrorMessage(products.error, t)}
          onRetry={() => void products.refetch()}
        />
      ) : products.data.items.length === 0 ? (
        <StateMessage
          icon={<BagIcon className="size-7" />}
          title={t('checkout.empty_title')}
          text={t('checkout.empty_text')}
          action={
            <Link to="/basket" className={buttonClass('primary')}>
              {t('checkout.to_basket')}
            </Link>
          }
        />
      ) : (
        <>
          <CheckoutSection
            title={t('checkout.goods')}
            action={
              <span className="text-sm text-muted">
                {t('checkout.goods_count', { n: products.data.count })}
              </span>
            }
          >
            <GoodsList items={products.data.items} />
          </CheckoutSection>
          <DeliverySection delivery={delivery} />
          <PaymentSection
            total={total}
            draft={effective}
            quotes={quotes}
            tariff={tariff}
            access={access}
            profile={profile}
          />
        </>
      )}
    </CheckoutShell>
  );
}
