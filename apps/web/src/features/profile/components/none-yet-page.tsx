import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { BagIcon, CalendarIcon } from '../../../components/ui/icons.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';

const PAGES = {
  orders: { icon: BagIcon },
  installments: { icon: CalendarIcon },
} as const;

/**
 * Orders and installments of a customer who has none: every customer until checkout opens, so the
 * page says so and leads back to the catalogue.
 */
export function NoneYetPage({ kind }: { kind: keyof typeof PAGES }) {
  const { t } = useTranslation();
  const Icon = PAGES[kind].icon;
  return (
    <ProfileSection title={t(`profile.menu.${kind}`)}>
      <StateMessage
        icon={<Icon className="size-7" />}
        title={t(`profile.${kind}_empty_title`)}
        text={t(`profile.${kind}_empty_text`)}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {t('profile.go_shopping')}
          </Link>
        }
      />
    </ProfileSection>
  );
}

export const OrdersPage = () => <NoneYetPage kind="orders" />;
export const InstallmentsPage = () => <NoneYetPage kind="installments" />;
