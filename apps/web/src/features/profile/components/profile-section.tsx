import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '../../../components/ui/icons.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** A profile page's title, with the way back to the profile menu on phones. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageMeta(title);
  return (
    <section aria-labelledby="profile-section-title" className="flex flex-col gap-3">
      <div className="flex items-center gap-1">
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
      {children}
    </section>
  );
}
