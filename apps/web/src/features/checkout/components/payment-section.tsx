import type { ClientInfo, TariffQuote } from '@bozor/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { PrepaymentModal } from '../../../components/ui/prepayment-modal.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import type { useClientInfo } from '../../auth/index.ts';
import { useCreditLimit } from '../../scoring/index.ts';
import type { useTariffQuotes } from '../api/get-tariff-quotes.ts';
import { type CheckoutDraft, updateCheckoutDraft } from '../checkout-draft.ts';
import { CheckoutSection, ChipRadio } from './checkout-shell.tsx';

function TariffChips({
  quotes,
  chosen,
}: {
  quotes: readonly TariffQuote[];
  chosen: TariffQuote | null;
}) {
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

/** Installments or paying in full; on installments the tariff, the prepayment and the limit. */
export function PaymentSection({
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
          <ListStates
            query={quotes}
            loading={
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-busy="true">
                {placeholderKeys(4).map((key) => (
                  <Skeleton key={key} className="h-[68px] rounded-[10px]" />
                ))}
              </div>
            }
            errorClassName="py-4"
            empty={<p className="text-sm text-muted">{t('checkout.no_tariffs')}</p>}
          >
            {(list) => <TariffChips quotes={list} chosen={tariff} />}
          </ListStates>
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
