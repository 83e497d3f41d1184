import { formatPhone } from '@bozor/shared';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import {
  BagIcon,
  BellIcon,
  CalendarIcon,
  CardIcon,
  ChevronRightIcon,
  LogoutIcon,
  PinIcon,
  PlusIcon,
  UserIcon,
} from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { getSessionPhone, useIsSignedIn } from '../../../lib/session.ts';
import { openSignIn, useClientInfo, useSignOut } from '../../auth/index.ts';

/** The menu's star: the customer's reviews. */
function StarOutlineIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d="M12 3.5l2.6 5.3 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.7 1-5.8-4.3-4.1 5.9-.8z" />
    </svg>
  );
}

interface MenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
}

export function useProfileMenu(): MenuEntry[] {
  const { t } = useTranslation();
  const icon = 'size-5';
  return [
    {
      to: '/profile',
      label: t('profile.menu.profile'),
      icon: <UserIcon className={icon} />,
      end: true,
    },
    { to: '/profile/orders', label: t('profile.menu.orders'), icon: <BagIcon className={icon} /> },
    {
      to: '/profile/installments',
      label: t('profile.menu.installments'),
      icon: <CalendarIcon className={icon} />,
    },
    {
      to: '/profile/additional-limit',
      label: t('orders.additional_limit.title'),
      icon: <PlusIcon className={icon} />,
    },
    { to: '/profile/cards', label: t('profile.menu.cards'), icon: <CardIcon className={icon} /> },
    {
      to: '/profile/reviews',
      label: t('profile.menu.reviews'),
      icon: <StarOutlineIcon className={icon} />,
    },
    {
      to: '/profile/addresses',
      label: t('profile.menu.addresses'),
      icon: <PinIcon className={icon} />,
    },
    {
      to: '/profile/notifications',
      label: t('profile.menu.notifications'),
      icon: <BellIcon className={icon} />,
    },
  ];
}

export function SignOutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <button
      type="button"
      onClick={() => void signOut()}
      className={cn(
        'flex h-11 w-full items-center gap-3 rounded-[10px] px-3 text-sm font-medium text-danger hover:bg-danger/5',
        className,
      )}
    >
      <LogoutIcon className="size-5" />
      {t('profile.sign_out')}
    </button>
  );
}

/** The phone the customer signed in with: from the profile once loaded, the stored one meanwhile. */
export function ProfilePhone({ className }: { className?: string }) {
  const info = useClientInfo();
  const phone = info.data?.phone ?? getSessionPhone();
  if (!phone) return <Skeleton className={cn('h-5 w-36', className)} />;
  return <span className={className}>{formatPhone(phone)}</span>;
}

function SideMenu() {
  const menu = useProfileMenu();
  const { t } = useTranslation();
  return (
    <nav aria-label={t('profile.menu.label')} className="hidden lg:block">
      <div className="sticky top-32 flex flex-col gap-1 rounded-[12px] bg-white p-2">
        <div className="flex items-center gap-3 px-3 pt-2 pb-3">
          <div className="grid size-10 place-items-center rounded-full bg-primary-soft text-primary">
            <UserIcon className="size-5" />
          </div>
          <ProfilePhone className="text-sm font-semibold text-ink" />
        </div>
        {menu.map((entry) => (
          <NavLink
            key={entry.to}
            to={entry.to}
            end={entry.end}
            className={({ isActive }) =>
              cn(
                'flex h-11 items-center gap-3 rounded-[10px] px-3 text-sm font-medium',
                isActive ? 'bg-primary-soft text-primary' : 'text-ink hover:bg-page',
              )
            }
          >
            {entry.icon}
            <span className="flex-1">{entry.label}</span>
            <ChevronRightIcon className="size-4 text-muted" />
          </NavLink>
        ))}
        <div className="mt-1 border-t border-line pt-1">
          <SignOutButton />
        </div>
      </div>
    </nav>
  );
}

/** An anonymous visitor on a profile page is asked to sign in instead of seeing someone's data. */
function SignInPrompt() {
  const { t } = useTranslation();
  usePageMeta(t('profile.title'));
  return (
    <div className="mx-auto max-w-[1280px] px-3 pt-4 md:px-4 md:pt-6">
      <StateMessage
        icon={<UserIcon className="size-7" />}
        title={t('profile.sign_in_title')}
        text={t('profile.sign_in_text')}
        action={
          <button type="button" onClick={openSignIn} className={buttonClass('primary')}>
            {t('nav.sign_in')}
          </button>
        }
      />
    </div>
  );
}

/** /profile and its pages: the menu on the left from lg, the page on the right. */
export function ProfileLayout() {
  const signedIn = useIsSignedIn();
  if (!signedIn) return <SignInPrompt />;
  return (
    <div className="mx-auto grid max-w-[1280px] grid-cols-1 items-start gap-4 px-3 pt-4 md:px-4 md:pt-6 lg:grid-cols-[280px_minmax(0,1fr)]">
      <SideMenu />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
