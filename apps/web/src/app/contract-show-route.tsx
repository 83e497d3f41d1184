import { useSearchParams } from 'react-router';
import { buttonClass } from '../components/ui/button.ts';
import { UserIcon } from '../components/ui/icons.tsx';
import { StateMessage } from '../components/ui/state-message.tsx';
import { openSignIn } from '../features/auth/index.ts';
import { ContractPage } from '../features/checkout/components/contract-page.tsx';
import { ContentPage } from '../features/pages/components/content-page.tsx';
import { useTranslation } from '../lib/i18n/react.tsx';
import { idFrom } from '../lib/ids.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { useIsSignedIn } from '../lib/session.ts';

/** A credit's contract is its buyer's: a visitor signs in, and the page opens again signed in. */
function SignInForContract() {
  const { t } = useTranslation();
  usePageMeta(t('checkout.contract.title'));
  return (
    <div className="mx-auto w-full max-w-[880px] px-3 pt-4 pb-10 md:px-4 md:pt-6">
      <StateMessage
        icon={<UserIcon className="size-7" />}
        title={t('checkout.contract.sign_in_title')}
        text={t('checkout.contract.sign_in_text')}
        action={
          <button type="button" onClick={openSignIn} className={buttonClass('primary')}>
            {t('nav.sign_in')}
          </button>
        }
      />
    </div>
  );
}

/**
 * `/contract/show`: with `?credit={id}` that credit's contract to read and sign (after signing in);
 * without it the offer text, as SPEC §2 links it.
 */
export function ContractShowRoute() {
  const [params] = useSearchParams();
  const signedIn = useIsSignedIn();
  const credit = idFrom(params.get('credit'));
  if (credit === null) return <ContentPage slug="offer" />;
  if (!signedIn) return <SignInForContract />;
  return <ContractPage key={credit} creditId={credit} />;
}
