import { NavLink } from 'react-router';
import { BagIcon, CatalogIcon, HeartIcon, HomeIcon, UserIcon } from '../../components/ui/icons.tsx';
import { openSignIn } from '../../features/auth/index.ts';
import { toggleCatalog, useCatalogOpen } from '../../features/catalog/index.ts';
import { useUnreadCount } from '../../features/notifications/index.ts';
import { useBasketCount } from '../../lib/basket-store.ts';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { useIsSignedIn } from '../../lib/session.ts';
import { useWishlistCount } from '../../lib/wishlist-store.ts';
import { CountBadge } from './count-badge.tsx';

const itemClass = (active: boolean) =>
  cn(
    'flex h-14 flex-col items-center justify-center gap-0.5 rounded-md text-[11px] font-medium',
    active ? 'text-primary' : 'text-muted',
  );

function Item({
  to,
  label,
  icon,
  count,
  countText,
  end,
}: {
  to: string;
  label: string;
  icon: React.ReactNode;
  count?: number;
  /** What the count says to a screen reader, when the number alone says too little. */
  countText?: string;
  end?: boolean;
}) {
  const catalogOpen = useCatalogOpen();
  return (
    <li>
      <NavLink to={to} end={end} className={({ isActive }) => itemClass(isActive && !catalogOpen)}>
        <span className="relative">
          {icon}
          {count != null && <CountBadge count={count} />}
        </span>
        {label}
        {count ? <span className="sr-only"> ({countText ?? count})</span> : null}
      </NavLink>
    </li>
  );
}

/** Phones only: the fixed bar of the five main destinations (SPEC §2 Mobile). */
export function BottomBar() {
  const { t } = useTranslation();
  const basketCount = useBasketCount();
  const wishlistCount = useWishlistCount();
  const signedIn = useIsSignedIn();
  const unread = useUnreadCount();
  const catalogOpen = useCatalogOpen();

  return (
    <nav
      aria-label={t('nav.bottom_nav')}
      data-testid="bottom-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-5">
        <Item to="/" end label={t('nav.home')} icon={<HomeIcon className="size-6" />} />
        <li>
          <button
            type="button"
            onClick={toggleCatalog}
            aria-expanded={catalogOpen}
            className={cn(itemClass(catalogOpen), 'w-full')}
          >
            <CatalogIcon className="size-6" />
            {t('nav.catalog')}
          </button>
        </li>
        <Item
          to="/basket"
          label={t('nav.basket')}
          count={basketCount}
          icon={<BagIcon className="size-6" />}
        />
        <Item
          to="/favorites"
          label={t('nav.favorites')}
          count={wishlistCount}
          icon={<HeartIcon className="size-6" />}
        />
        {signedIn ? (
          <Item
            to="/profile"
            label={t('nav.profile')}
            count={unread}
            countText={t('nav.unread_badge', { n: unread })}
            icon={<UserIcon className="size-6" />}
          />
        ) : (
          <li>
            <button type="button" onClick={openSignIn} className={cn(itemClass(false), 'w-full')}>
              <UserIcon className="size-6" />
              {t('nav.sign_in')}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
