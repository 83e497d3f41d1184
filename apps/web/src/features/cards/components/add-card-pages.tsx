import { CardAdded } from '@bozor/shared';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { CardIcon } from '../../../components/ui/icons.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { AddCardFlow } from './add-card-flow.tsx';
import { CardCodeStep } from './card-code-step.tsx';
import { CardForm } from './card-form.tsx';

/** /profile/add-card: the card form and its code in the profile; a bound card leads to the list. */
export function ProfileAddCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ProfileSection title={t('cards.add_title')}>
      <div className="rounded-[12px] bg-white p-4 md:max-w-md md:p-5">
        <AddCardFlow onConfirmed={() => navigate('/profile/cards')} />
      </div>
    </ProfileSection>
  );
}

/** The user area's pages (SPEC §2): one narrow white panel under its title. */
function UserCardPage({ title, children }: { title: string; children: ReactNode }) {
  usePageMeta(title);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-3 px-3 pt-4 pb-8 md:pt-8">
      <h1 className="text-xl font-bold md:text-2xl">{title}</h1>
      <div className="rounded-[12px] bg-white p-4 md:p-5">{children}</div>
    </div>
  );
}

/** /user/add-card: the card form; its code is asked on /user/confirmation-card. */
export function UserAddCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <UserCardPage title={t('cards.add_title')}>
      <CardForm onAdded={(added) => navigate('/user/confirmation-card', { state: added })} />
    </UserCardPage>
  );
}

/**
 * /user/confirmation-card: the code of the card just sent from /user/add-card. The card awaiting
 * it travels in the navigation's state, so opened on its own the page leads back to the form.
 */
export function UserConfirmationCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = CardAdded.safeParse(useLocation().state);

  if (!pending.success) {
    return (
      <UserCardPage title={t('cards.code_title')}>
        <StateMessage
          className="px-0 py-4"
          icon={<CardIcon className="size-7" />}
          title={t('cards.no_pending_title')}
          text={t('cards.no_pending_text')}
          action={
            <Link to="/user/add-card" className={buttonClass('primary')}>
              {t('cards.add')}
            </Link>
          }
        />
      </UserCardPage>
    );
  }
  return (
    <UserCardPage title={t('cards.add_title')}>
      <CardCodeStep
        added={pending.data}
        onConfirmed={() => navigate('/profile/cards')}
        onBack={() => navigate('/user/add-card')}
      />
    </UserCardPage>
  );
}
