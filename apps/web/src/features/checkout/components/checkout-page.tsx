import type { ClientInfo, DeliveryAddress, OrderProduct, TariffQuote } from '@bozor/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ChoiceRow } from '../../../components/ui/choice-row.tsx';
import { BagIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { PrepaymentModal } from '../../../components/ui/prepayment-modal.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { ErrorState, StateMessage } from '../../../components/ui/state-message.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { AddressModal, useDeliveryAddresses, useStreetLine } from '../../addresses/index.ts';
import { useClientInfo } from '../../auth/index.ts';
import { useCreditLimit } from '../../scoring/index.ts';
import { useBranches } from '../api/get-branches.ts';
import { useOrderProducts } from '../api/get-order-products.ts';
import { useTariffQuotes } from '../api/get-tariff-quotes.ts';
import {
  type CheckoutDraft,
  type Delivery,
  updateCheckoutDraft,
  useCheckoutDraft,
} from '../checkout-draft.ts';
import { CheckoutSection, CheckoutShell, ChipRadio } from './checkout-shell.tsx';

function GoodsList({ items }: { items: OrderProduct[] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <ul className="flex flex-col" data-testid="checkout-goods">
      {items.map((item) => (
        <li
          key={item.product_id}
          className="flex items-center gap-3 border-b border-line py-3 first:pt-0 last:border-b-0 last:pb-0"
        >
          <div className="size-16 shrink-0 overflow-hidden rounded-[10px] ring-1 ring-line">
            <ProductImage src={item.product.images[0]?.path} alt={item.product.name} size={64} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <Link
              to={`/product/${item.product.slug}`}
              className="line-clamp-2 rounded-sm text-sm text-ink hover:text-primary"
            >
              {item.product.name}
            </Link>
            <span className="text-xs text-muted">
              {t('checkout.line_count', { n: item.count, price: money(item.price) })}
            </span>
          </div>
          <span className="text-sm font-bold whitespace-nowrap">{money(item.total)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The customer's choice of delivery, or the one to suggest: the current (last) saved address. */
function deliveryOf(
  draft: CheckoutDraft,
  addresses: DeliveryAddress[] | undefined,
): Delivery | null {
  if (draft.delivery) return draft.delivery;
  const current = addresses?.at(-1);
  return current ? { kind: 'address', id: current.id } : null;
}

function DeliverySection({ delivery }: { delivery: Delivery | null }) {
  const { t } = useTranslation();
  const addresses = useDeliveryAddresses();
  const branches = useBranches();
  const streetLine = useStreetLine();
  const [adding, setAdding] = useState(false);
  const [mode, setMode] = useState<Delivery['kind']>(delivery?.kind ?? 'address');

  const pickMode = (kind: Delivery['kind']) => {
    setMode(kind);
    if (delivery?.kind !== kind) updateCheckoutDraft({ delivery: null });
  };

  const rows = (count: number) => (
    <div className="flex flex-col gap-2" aria-busy="true">
      {placeholderKeys(count).map((key) => (
        <Skeleton key={key} className="h-16 w-full rounded-[10px]" />
      ))}
    </div>
  );

  return (
    <CheckoutSection title={t('checkout.delivery')}>
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="sr-only">{t('checkout.delivery')}</legend>
        {(['address', 'branch'] as const).map((kind) => (
          <ChipRadio
            key={kind}
            name="delivery-kind"
            checked={mode === kind}
            onChange={() => pickMode(kind)}
            className="h-11 items-center justify-center px-2 text-center"
          >
            {kind === 'address' ? t('checkout.delivery_address') : t('checkout.delivery_pickup')}
          </ChipRadio>
        ))}
      </fieldset>
      {mode === 'address' ? (
        addresses.isPending ? (
          rows(2)
        ) : addresses.isError ? (
          <ErrorState
            className="py-4"
            message={listErrorMessage(addresses.error, t)}
            onRetry={() => void addresses.refetch()}
          />
        ) : (
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t('checkout.delivery_address')}</legend>
            {addresses.data.length === 0 && (
              <p className="text-sm text-muted">{t('checkout.no_addresses')}</p>
            )}
            {[...addresses.data].reverse().map((address) => (
              <ChoiceRow
                key={address.id}
                name="address"
                checked={delivery?.kind === 'address' && delivery.id === address.id}
                onChange={() =>
                  updateCheckoutDraft({ delivery: { kind: 'address', id: address.id } })
                }
              >
                <span className="text-sm font-semibold">{streetLine(address)}</span>
                <span className="text-xs text-muted">
                  {address.district.name}, {address.region.name}
                </span>
              </ChoiceRow>
            ))}
            <button
              type="button"
              onClick={() => setAdding(true)}
              className={cn(buttonClass('ghost'), 'self-start px-2 text-primary')}
            >
              <PlusIcon className="size-4" />
              {t('checkout.add_address')}
            </button>
            <AddressModal open={adding} address={null} onClose={() => setAdding(false)} />
          </fieldset>
        )
      ) : branches.isPending ? (
        rows(3)
      ) : branches.isError ? (
        <ErrorState
          className="py-4"
          message={listErrorMessage(branches.error, t)}
          onRetry={() => void branches.refetch()}
        />
      ) : branches.data.length === 0 ? (
        <p className="text-sm text-muted">{t('checkout.no_branches')}</p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('checkout.delivery_pickup')}</legend>
          {branches.data.map((branch) => (
            <ChoiceRow
              key={branch.id}
              name="branch"
              checked={delivery?.kind === 'branch' && delivery.id === branch.id}
              onChange={() => updateCheckoutDraft({ delivery: { kind: 'branch', id: branch.id } })}
            >
              <span className="text-sm font-semibold">{branch.name}</span>
              <span className="text-xs text-muted">{branch.address}</span>
              <span className="text-xs text-muted">{branch.working_hours}</span>
            </ChoiceRow>
          ))}
        </fieldset>
      )}
    </CheckoutSection>
  );
}

function TariffChips({ quotes, chosen }: { quotes: TariffQuote[]; chosen: TariffQuote | null }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <legend className="sr-only">{t('checkout.tariff')}</legend>
      {quotes.map((quote) => (
        <ChipRadio
          key={quote.id}
          name="tariff"
          checked={quote.id === chosen?.id}
          onChange={() => updateCheckoutDraft({ tariffId: quote.id })}
          className="flex-col items-start gap-1 p-3 text-ink"
        >
          <span className="font-bold">{t('checkout.months', { n: quote.duration })}</span>
          <span className="rounded-md bg-monthly px-1.5 text-xs font-semibold whitespace-nowrap text-monthly-ink">
            {t('checkout.monthly', { amount: money(quote.monthly_payment) })}
          </span>
        </ChipRadio>
      ))}
    </fieldset>
  );
}

/** Whether the customer may buy on installments, and if not, why. */
export type InstallmentAccess =
  | { kind: 'scored' }
  | { kind: 'unscored' }
  | { kind: 'review' }
  | { kind: 'rejected'; retryAt: string | null };

export function installmentAccessOf(info: ClientInfo): InstallmentAccess {
  if (info.user.is_scoring || info.scoring.step === 'approved') return { kind: 'scored' };
  if (info.scoring.step === 'rejected') return { kind: 'rejected', retryAt: info.scoring.retry_at };
  if (info.scoring.step === 'review') return { kind: 'review' };
  return { kind: 'unscored' };
}

const UNAVAILABLE_ID = 'installment-unavailable';

/** Why installments are not offered, in place of them; paying in full is open to everyone. */
function InstallmentUnavailable({
  access,
}: {
  access: Exclude<InstallmentAccess, { kind: 'scored' }>;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <div
      id={UNAVAILABLE_ID}
      className="flex flex-col items-start gap-2 rounded-[10px] bg-page p-3 text-sm text-ink"
      data-testid="installment-unavailable"
    >
      <p>
        {access.kind === 'unscored'
          ? t('checkout.installment_needs_scoring')
          : access.kind === 'review'
            ? t('checkout.installment_in_review')
            : access.retryAt
              ? t('checkout.installment_until', { date: formatDate(access.retryAt) })
              : t('checkout.installment_unavailable')}
      </p>
      {access.kind === 'unscored' && (
        <Link
          to="/scoring"
          onClick={() => updateCheckoutDraft({ scoringForOrder: true })}
          className={cn(buttonClass('secondary'), 'h-10')}
        >
          {t('checkout.take_scoring')}
        </Link>
      )}
    </div>
  );
}

function PaymentSection({
  total,
  draft,
  quotes,
  tariff,
  access,
  profile,
}: {
  total: number;
  draft: CheckoutDraft;
  quotes: ReturnType<typeof useTariffQuotes>;
  tariff: TariffQuote | null;
  /** Null while the customer's profile loads. */
  access: InstallmentAccess | null;
  profile: ReturnType<typeof useClientInfo>;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const limit = useCreditLimit();
  const [editing, setEditing] = useState(false);
  const installment = draft.paymentType === 'installment';
  const financed = total - draft.prepayment;

  if (!access) {
    return (
      <CheckoutSection title={t('checkout.payment_type')}>
        {profile.isError ? (
          <ErrorState
            className="py-4"
            message={listErrorMessage(profile.error, t)}
            onRetry={() => void profile.refetch()}
          />
        ) : (
          <div className="grid grid-cols-2 gap-2" aria-busy="true">
            {placeholderKeys(2).map((key) => (
              <Skeleton key={key} className="h-11 rounded-[10px]" />
            ))}
          </div>
        )}
      </CheckoutSection>
    );
  }

  return (
    <CheckoutSection title={t('checkout.payment_type')}>
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="sr-only">{t('checkout.payment_type')}</legend>
        {(['installment', 'full'] as const).map((type) => {
          const closed = type === 'installment' && access.kind !== 'scored';
          return (
            <ChipRadio
              key={type}
              name="payment-type"
              checked={draft.paymentType === type}
              onChange={() => updateCheckoutDraft({ paymentType: type })}
              disabled={closed}
              describedBy={closed ? UNAVAILABLE_ID : undefined}
              className="h-11 items-center justify-center px-2 text-center"
            >
              {type === 'installment' ? t('checkout.installment') : t('checkout.full')}
            </ChipRadio>
          );
        })}
      </fieldset>
      {access.kind !== 'scored' && <InstallmentUnavailable access={access} />}
      {installment && (
        <>
          <h3 className="text-sm font-semibold">{t('checkout.tariff')}</h3>
          {quotes.isPending ? (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-busy="true">
              {placeholderKeys(4).map((key) => (
                <Skeleton key={key} className="h-[68px] rounded-[10px]" />
              ))}
            </div>
          ) : quotes.isError ? (
            <ErrorState
              className="py-4"
              message={listErrorMessage(quotes.error, t)}
              onRetry={() => void quotes.refetch()}
            />
          ) : quotes.data.length === 0 ? (
            <p className="text-sm text-muted">{t('checkout.no_tariffs')}</p>
          ) : (
            <TariffChips quotes={quotes.data} chosen={tariff} />
          )}
          <div className="flex items-center justify-between gap-3 rounded-[10px] bg-page p-3">
            <div className="flex flex-col">
              <span className="text-xs text-muted">{t('checkout.prepayment')}</span>
              <span className="font-bold" data-testid="prepayment">
                {money(draft.prepayment)}
              </span>
            </div>
            <button
              type="button"
              onClick={() => setEditing(true)}
              className={buttonClass('secondary')}
            >
              {t('checkout.change_prepayment')}
            </button>
          </div>
          {limit.data && (
            <p className="text-sm text-muted" data-testid="limit">
              {t('checkout.limit', { amount: money(limit.data.available) })}
            </p>
          )}
          {limit.data && financed > limit.data.available && (
            <p role="status" className="rounded-[10px] bg-amber-50 p-3 text-sm text-ink">
              {t('checkout.limit_short', {
                amount: money(total - limit.data.available),
              })}
            </p>
          )}
          <PrepaymentModal
            open={editing}
            value={draft.prepayment}
            max={total - 1}
            onClose={() => setEditing(false)}
            onSave={(prepayment) => {
              updateCheckoutDraft({ prepayment });
              setEditing(false);
            }}
          />
        </>
      )}
    </CheckoutSection>
  );
}

/** The order's sums beside the choices, and the way on to billing. */
export function CheckoutSummary({
  total,
  draft,
  tariff,
  action,
}: {
  total: number;
  draft: CheckoutDraft;
  tariff: TariffQuote | null;
  action: React.ReactNode;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const installment = draft.paymentType === 'installment';
  return (
    <aside
      aria-labelledby="checkout-summary"
      className="flex flex-col gap-3 rounded-[12px] bg-white p-4 lg:sticky lg:top-32"
    >
      <h2 id="checkout-summary" className="text-lg font-bold">
        {t('checkout.summary')}
      </h2>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('checkout.goods_total')}</dt>
          <dd className="font-semibold whitespace-nowrap">{money(total)}</dd>
        </div>
        {installment && (
          <>
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t('checkout.prepayment')}</dt>
              <dd className="font-semibold whitespace-nowrap">{money(draft.prepayment)}</dd>
            </div>
            {tariff && (
              <>
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">{t('checkout.term')}</dt>
                  <dd className="font-semibold whitespace-nowrap">
                    {t('checkout.months', { n: tariff.duration })}
                  </dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">{t('checkout.monthly_label')}</dt>
                  <dd className="rounded-md bg-monthly px-1.5 font-semibold whitespace-nowrap text-monthly-ink">
                    {money(tariff.monthly_payment)}
                  </dd>
                </div>
              </>
            )}
          </>
        )}
      </dl>
      <div className="flex items-baseline justify-between gap-3 border-t border-line pt-3">
        <span className="font-semibold">
          {installment ? t('checkout.credit_total') : t('checkout.total')}
        </span>
        <span className="text-xl font-bold whitespace-nowrap" data-testid="checkout-total">
          {money(installment && tariff ? draft.prepayment + tariff.total_price : total)}
        </span>
      </div>
      {action}
    </aside>
  );
}

/** The tariff chosen, or the longest one (the smallest monthly payment) until one is. */
export function tariffOf(quotes: TariffQuote[] | undefined, id: number | null): TariffQuote | null {
  if (!quotes?.length) return null;
  return (
    quotes.find((q) => q.id === id) ?? quotes.reduce((a, b) => (b.duration > a.duration ? b : a))
  );
}

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
  const total = products.data?.total ?? 0;
  const prepayment = draft.prepayment < total ? draft.prepayment : 0;
  const quotes = useTariffQuotes(scored ? total : 0, prepayment);
  // installments are only the scored customer's to choose: the others pay in full
  const paymentType = scored ? draft.paymentType : 'full';
  const effective = { ...draft, paymentType, prepayment };
  const tariff = tariffOf(quotes.data, draft.tariffId);
  const delivery = deliveryOf(draft, addresses.data);
  const installment = paymentType === 'installment';
  const ready = access != null && delivery != null && (!installment || tariff != null);

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
            total={total}
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
