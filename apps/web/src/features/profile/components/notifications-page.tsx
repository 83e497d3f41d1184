import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.ts';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { ErrorState, StateMessage } from '../../../components/ui/state-message.tsx';
import { useFormatDate } from '../../../lib/format.ts';
import { useNotifications } from '../../auth/index.ts';

/** /profile/notifications: what the shop sent the customer, newest first, 20 at a time. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const query = useNotifications();
  const items = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <ProfileSection title={t('profile.menu.notifications')}>
      {query.isPending ? (
        <ul className="flex flex-col gap-2" aria-busy="true">
          {placeholderKeys(4).map((key) => (
            <li key={key} className="flex gap-3 rounded-[12px] bg-white p-4">
              <Skeleton className="size-10 shrink-0 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-32" />
              </div>
            </li>
          ))}
        </ul>
      ) : query.isError && items.length === 0 ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <StateMessage
          icon={<BellIcon className="size-7" />}
          title={t('profile.notifications_empty_title')}
          text={t('profile.notifications_empty_text')}
        />
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="notifications">
            {items.map((item) => (
              <li key={item.id} className="flex gap-3 rounded-[12px] bg-white p-4">
                <div className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
                  <BellIcon className="size-5" />
                </div>
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="text-sm text-ink">{item.text}</p>
                  <time dateTime={item.created_at} className="text-xs text-muted">
                    {formatDate(item.created_at, true)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <button
              type="button"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              className={`${buttonClass('secondary')} self-center`}
            >
              {query.isFetchingNextPage ? t('common.loading') : t('profile.show_more')}
            </button>
          )}
        </>
      )}
    </ProfileSection>
  );
}
