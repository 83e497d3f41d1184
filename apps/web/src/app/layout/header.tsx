import { lazy } from 'react';
import { Link, NavLink } from 'react-router';
import { OnceOpened } from '../../components/deferred.tsx';
import {
  BagIcon,
  CatalogIcon,
  CloseIcon,
  HeartIcon,
  UserIcon,
} from '../../components/ui/icons.tsx';
import { openSignIn } from '../../features/auth/index.ts';
import { toggleCatalog, useCatalogOpen } from '../../features/catalog/index.ts';
import { useUnreadCount } from '../../features/notifications/index.ts';
import { useBasketCount } from '../../lib/basket-store.ts';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { useIsSignedIn } from '../../lib/session.ts';
import { useWishlistCount } from '../../lib/wishlist-store.ts';
import { CountBadge } from './count-badge.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { SearchBox } from './search-box.tsx';
import { TopNav } from './top-nav.tsx';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      aria-label={t('nav.logo_label')}
      className="shrink-0 rounded-md text-[28px] leading-none font-extrabold tracking-tight text-primary"
    >
      bozor
    </Link>
  );
}

/** The catalogue panel's code comes with the first time it is opened. */
const CatalogPanel = lazy(() =>
  import('../../features/catalog/components/catalog-panel.tsx').then((m) => ({
    default: m.CatalogPanel,
  })),
);

const actionClass =
  'relative flex h-10 items-center gap-2 rounded-[10px] px-2.5 text-sm font-medium text-ink hover:bg-page';

function HeaderAction({
  to,
  label,
  icon,
  count,
}: {
  to: string;
  label: string;
  icon: React.ReactNode;
  count?: number;
}) {
  return (
    <NavLink to={to} className={({ isActive }) => cn(actionClass, isActive && 'text-primary')}>
      <span className="relative">
        {icon}
        {count != null && <CountBadge count={count} />}
      </span>
      <span className="sr-only xl:not-sr-only">{label}</span>
      {/* the space inside: the name reads "Savat (2)" in every browser's reckoning */}
      {count ? <span className="sr-only"> ({count})</span> : null}
    </NavLink>
  );
}

/** Sign-in entry: a link to the profile with a stored session, otherwise "Kirish" opening the modal. */
export function SignInEntry({ className }: { className?: string }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const unread = useUnreadCount();
  if (signedIn) {
    return (
      <NavLink to="/profile" className={className}>
        <span className="relative">
          <UserIcon className="size-6" />
          <CountBadge count={unread} />
        </span>
        <span className="sr-only xl:not-sr-only">{t('nav.profile')}</span>
        {unread ? <span className="sr-only"> ({t('nav.unread_badge', { n: unread })})</span> : null}
      </NavLink>
    );
  }
  return (
    <button type="button" onClick={openSignIn} className={className}>
      <UserIcon className="size-6" />
      <span className="sr-only xl:not-sr-only">{t('nav.sign_in')}</span>
    </button>
  );
}

export function Header() {
  const { t } = useTranslation();
  const catalogOpen = useCatalogOpen();
  const basketCount = useBasketCount();
  const wishlistCount = useWishlistCount();

  return (
    <header data-sticky-header className="sticky top-0 z-30 border-b border-line bg-white">
      <div className="mx-auto flex max-w-[1280px] flex-col gap-2 px-3 pt-2.5 pb-2.5 md:px-4 md:pb-0">
        <div className="flex items-center gap-3 md:gap-4">
          <Logo />
          <button
            type="button"
            onClick={toggleCatalog}
            aria-expanded={catalogOpen}
            className="hidden h-10 shrink-0 items-center gap-2 rounded-[10px] bg-primary px-4 text-sm font-semibold text-white transition-colors hover:bg-primary-hover md:flex"
          >
            {catalogOpen ? <CloseIcon className="size-5" /> : <CatalogIcon className="size-5" />}
            {t('nav.catalog')}
          </button>
          <SearchBox className="hidden min-w-0 flex-1 md:block" />
          <nav aria-label={t('nav.user_nav')} className="hidden items-center gap-0.5 md:flex">
            <HeaderAction
              to="/favorites"
              label={t('nav.favorites')}
              count={wishlistCount}
              icon={<HeartIcon className="size-6" />}
            />
            <HeaderAction
              to="/basket"
              label={t('nav.basket')}
              count={basketCount}
              icon={<BagIcon className="size-6" />}
            />
            <SignInEntry className={actionClass} />
          </nav>
          <LanguageMenu className="ml-auto md:ml-0" />
        </div>
        <SearchBox className="md:hidden" />
        <TopNav />
      </div>
      <OnceOpened open={catalogOpen}>
        <CatalogPanel />
      </OnceOpened>
    </header>
  );
}
