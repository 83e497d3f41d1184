import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { ChevronLeftIcon } from './icons.tsx';

/**
 * A page of the customer's profile: its title (also the page title), the way back to the profile
 * menu on phones, an optional action beside the title, then the content.
 */
export function ProfileSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  usePageMeta(title);
  return (
    <section aria-labelledby="profile-section-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="mr-auto flex items-center gap-1">
          <Link
            to="/profile"
            aria-label={t('profile.back')}
            className="-ml-2 grid size-9 place-items-center rounded-full hover:bg-black/5 lg:hidden"
          >
            <ChevronLeftIcon className="size-5" />
          </Link>
          <h1 id="profile-section-title" className="text-xl font-bold md:text-2xl">
            {title}
          </h1>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
