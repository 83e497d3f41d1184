import { CardAdded } from '@bozor/shared';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { CardIcon } from '../../../components/ui/icons.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { CardCodeStep, CardForm } from '../../cards/index.ts';
import { updateCheckoutDraft } from '../checkout-draft.ts';
import { CheckoutShell } from './checkout-shell.tsx';

/**
 * Where a bound card leads: `?next=` when it is a checkout page (the payment screen adds cards
 * too), otherwise billing.
 */
function useNextPage(): { next: string; query: string } {
  const [params] = useSearchParams();
  const asked = params.get('next');
  const next = asked?.startsWith('/checkout/') ? asked : '/checkout/billing';
  return { next, query: asked ? `?${new URLSearchParams({ next })}` : '' };
}

/** `/checkout/add-card`: the card form; its code is asked on `/checkout/confirmation-card`. */
export function CheckoutAddCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { next, query } = useNextPage();
  return (
    <CheckoutShell title={t('checkout.add_card_title')} back={next} narrow>
      <div className="rounded-[12px] bg-white p-4 md:p-5">
        <CardForm
          onAdded={(added) => navigate(`/checkout/confirmation-card${query}`, { state: added })}
        />
      </div>
    </CheckoutShell>
  );
}

/**
 * `/checkout/confirmation-card`: the holder's code for the card just sent; once bound it becomes
 * the order's card and billing shows again. Opened on its own, it leads back to the form.
 */
export function CheckoutConfirmationCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = CardAdded.safeParse(useLocation().state);
  const { next, query } = useNextPage();
  return (
    <CheckoutShell title={t('checkout.add_card_title')} back={next} narrow>
      <div className="rounded-[12px] bg-white p-4 md:p-5">
        {pending.success ? (
          <CardCodeStep
            added={pending.data}
            onConfirmed={(card) => {
              updateCheckoutDraft({ cardId: card.id });
              navigate(next, { replace: true });
            }}
            onBack={() => navigate(`/checkout/add-card${query}`, { replace: true })}
          />
        ) : (
          <StateMessage
            className="px-0 py-4"
            icon={<CardIcon className="size-7" />}
            title={t('cards.no_pending_title')}
            text={t('cards.no_pending_text')}
            action={
              <Link to={`/checkout/add-card${query}`} className={buttonClass('primary')}>
                {t('cards.add')}
              </Link>
            }
          />
        )}
      </div>
    </CheckoutShell>
  );
}
