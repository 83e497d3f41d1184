import type { ClientInfo } from '@bozor/shared';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useOutletContext } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ChevronLeftIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { openSignIn, useClientInfo } from '../../auth/index.ts';

/** The signed-in customer the scoring pages work for, loaded by the layout. */
export function useScoringCustomer(): ClientInfo {
  return useOutletContext<ClientInfo>();
}

/** Scoring has passed: the customer's limit is the only thing left to show. */
export const isApproved = (info: ClientInfo) =>
  info.user.is_scoring || info.scoring.step === 'approved';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-[1080px] px-3 pt-4 pb-10 md:px-4 md:pt-6">{children}</div>
  );
}

/**
 * /scoring and its pages: an anonymous visitor is asked to sign in (the page reloads signed in,
 * on the same path); a customer's profile, with where their scoring stands, is loaded once here.
 */
export function ScoringLayout() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const info = useClientInfo();
  usePageMeta(t('scoring.title'));

  if (!signedIn) {
    return (
      <Frame>
        <StateMessage
          icon={<UserIcon className="size-7" />}
          title={t('scoring.sign_in_title')}
          text={t('scoring.sign_in_text')}
          action={
            <button type="button" onClick={() => openSignIn()} className={buttonClass('primary')}>
              {t('nav.sign_in')}
            </button>
          }
        />
      </Frame>
    );
  }
  if (info.isError) {
    return (
      <Frame>
        <ErrorState message={failureMessage(info.error)} onRetry={() => void info.refetch()} />
      </Frame>
    );
  }
  if (!info.data) {
    return (
      <Frame>
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-64 w-full rounded-[12px]" />
        </div>
      </Frame>
    );
  }
  return (
    <Frame>
      <Outlet context={info.data} />
    </Frame>
  );
}

/**
 * The steps' pages are for a customer still on the way: a passed scoring leads to the limit, a
 * rejection that is still in force to its reason, one sent to a credit officer to the page that
 * says it waits.
 */
export function ScoringInProgress() {
  const info = useScoringCustomer();
  if (isApproved(info)) return <Navigate to="/scoring/finish" replace />;
  if (info.scoring.step === 'rejected') return <Navigate to="/scoring/error" replace />;
  if (info.scoring.step === 'review') return <Navigate to="/scoring/review" replace />;
  return <Outlet context={info} />;
}

/** A step's own page: the way back to /scoring, its title, then its white panel. */
export function ScoringSubpage({
  title,
  text,
  children,
  className,
}: {
  title: string;
  text?: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  usePageMeta(title);
  return (
    <section
      aria-labelledby="scoring-subpage-title"
      className="mx-auto flex max-w-xl flex-col gap-3"
    >
      <div className="flex items-center gap-1">
        <Link
          to="/scoring"
          aria-label={t('scoring.back')}
          className="-ml-2 grid size-9 shrink-0 place-items-center rounded-full hover:bg-black/5"
        >
          <ChevronLeftIcon className="size-5" />
        </Link>
        <h1 id="scoring-subpage-title" className="text-xl font-bold md:text-2xl">
          {title}
        </h1>
      </div>
      {text && <p className="text-sm text-muted">{text}</p>}
      <div className={cn('rounded-[12px] bg-white p-4 md:p-6', className)}>{children}</div>
    </section>
  );
}
