import { fullNameOf } from '@bozor/shared';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { CheckIcon, ChevronRightIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { changeLanguage, getLanguage, LANGUAGES } from '../../../lib/i18n.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useClientInfo } from '../../auth/index.ts';
import { ProfilePhone, SignOutButton, useProfileMenu } from './profile-layout.tsx';
import { TelegramCard } from './telegram-card.tsx';

function LanguageChoice() {
  const { t } = useTranslation();
  const current = getLanguage();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-ink">{t('profile.language')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:max-w-sm">
        {LANGUAGES.map((lang) => (
          <label
            key={lang}
            className={cn(
              'flex h-11 cursor-pointer items-center justify-center gap-2 rounded-[10px] border text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40',
              lang === current
                ? 'border-primary bg-primary-soft text-primary'
                : 'border-line text-ink hover:bg-page',
            )}
          >
            <input
              type="radio"
              name="language"
              value={lang}
              checked={lang === current}
              onChange={() => changeLanguage(lang)}
              className="sr-only"
            />
            {lang === current && <CheckIcon className="size-4" />}
            {t(`language.${lang}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AccountCard() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const info = useClientInfo();

  if (info.isError) {
    return <ErrorState message={info.error.message} onRetry={() => void info.refetch()} />;
  }
  const user = info.data?.user;
  const since = user ? formatDate(user.created_at) : null;
  const inReview = !user?.is_scoring && info.data?.scoring.step === 'review';
  // a rejection says when a new try is possible, instead of offering one that leads back to it
  const rejected = !user?.is_scoring && info.data?.scoring.step === 'rejected';
  const retryAt = info.data?.scoring.retry_at ?? null;
  // the name as in the passport and the declared income, once scoring has asked them
  const personal = info.data?.scoring.personal;
  const fullName = personal ? fullNameOf(personal) : null;
  const income = personal?.monthly_income ?? null;

  return (
    <div className="flex flex-col gap-5 rounded-[12px] bg-white p-4 md:p-5">
      <div className="flex items-center gap-3">
        <div className="grid size-14 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
          <UserIcon className="size-7" />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <ProfilePhone className="text-lg font-bold text-ink" />
          {since ? (
            <span className="text-sm text-muted">{t('profile.since', { date: since })}</span>
          ) : (
            <Skeleton className="h-4 w-40" />
          )}
        </div>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-[10px] bg-page p-3">
          <dt className="text-xs text-muted">{t('profile.installment_status')}</dt>
          <dd className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm font-semibold text-ink">
            {user ? (
              <>
                {user.is_scoring ? (
                  <span className="text-success">{t('profile.scoring_passed')}</span>
                ) : inReview ? (
                  t('profile.scoring_in_review')
                ) : rejected ? (
                  retryAt ? (
                    t('profile.scoring_rejected_until', { date: formatDate(retryAt) })
                  ) : (
                    t('profile.scoring_rejected')
                  )
                ) : (
                  t('profile.scoring_not_passed')
                )}
                <Link
                  to={
                    user.is_scoring
                      ? '/scoring/finish'
                      : inReview
                        ? '/scoring/review'
                        : rejected
                          ? '/scoring/error'
                          : '/scoring'
                  }
                  className="inline-flex items-center gap-0.5 text-primary hover:underline"
                >
                  {user.is_scoring
                    ? t('profile.see_limit')
                    : inReview || rejected
                      ? t('profile.see_review')
                      : t('profile.pass_scoring')}
                  <ChevronRightIcon className="size-4" />
                </Link>
              </>
            ) : (
              <Skeleton className="h-4 w-32" />
            )}
          </dd>
        </div>
        <div className="rounded-[10px] bg-page p-3">
          <dt className="text-xs text-muted">{t('profile.identity_status')}</dt>
          <dd className="mt-1 text-sm font-semibold text-ink">
            {user ? (
              user.is_identified ? (
                <span className="text-success">{t('profile.identified')}</span>
              ) : (
                t('profile.not_identified')
              )
            ) : (
              <Skeleton className="h-4 w-32" />
            )}
          </dd>
        </div>
        {fullName && (
          <div className="rounded-[10px] bg-page p-3">
            <dt className="text-xs text-muted">{t('profile.full_name')}</dt>
            <dd className="mt-1 text-sm font-semibold break-words text-ink">{fullName}</dd>
          </div>
        )}
        {income !== null && (
          <div className="rounded-[10px] bg-page p-3">
            <dt className="text-xs text-muted">{t('profile.monthly_income')}</dt>
            <dd className="mt-1 text-sm font-semibold text-ink tabular-nums">
              {formatMoney(income)}
            </dd>
          </div>
        )}
      </dl>
      <LanguageChoice />
    </div>
  );
}

/** Phones have no side menu: the profile page lists the profile's pages itself. */
function PhoneMenu() {
  const { t } = useTranslation();
  const menu = useProfileMenu().slice(1);
  return (
    <nav aria-label={t('profile.menu.label')} className="rounded-[12px] bg-white p-2 lg:hidden">
      <ul>
        {menu.map((entry) => (
          <li key={entry.to}>
            <Link
              to={entry.to}
              className="flex h-12 items-center gap-3 rounded-[10px] px-3 text-sm font-medium text-ink hover:bg-page"
            >
              <span className="text-primary">{entry.icon}</span>
              <span className="flex-1">{entry.label}</span>
              <ChevronRightIcon className="size-4 text-muted" />
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-1 border-t border-line pt-1">
        <SignOutButton />
      </div>
    </nav>
  );
}

/** /profile: who is signed in, the installment status, the language and the way out. */
export function ProfilePage() {
  const { t } = useTranslation();
  usePageMeta(t('profile.title'));
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-xl font-bold md:text-2xl">{t('profile.title')}</h1>
      <AccountCard />
      <TelegramCard />
      <PhoneMenu />
    </div>
  );
}
