import { BellIcon } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/list-states.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useFormatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useNotifications } from '../../auth/index.ts';

/** /profile/notifications: what the shop sent the customer, newest first, 20 at a time. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const query = useNotifications();
  const items = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <ProfileSection title={t('profile.menu.notifications')}>
      <PagedList
        query={query}
        items={items}
        keyOf={(item) => item.id}
        renderItem={(item) => (
          <div className="flex gap-3 rounded-[12px] bg-white p-4">
            <div className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
              <BellIcon className="size-5" />
            </div>
            <div className="flex min-w-0 flex-col gap-1">
              <p className="text-sm text-ink">{item.text}</p>
              <time dateTime={item.created_at} className="text-xs text-muted">
                {formatDate(item.created_at, true)}
              </time>
            </div>
          </div>
        )}
        skeleton={
          <div className="flex gap-3 rounded-[12px] bg-white p-4">
            <Skeleton className="size-10 shrink-0 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-32" />
            </div>
          </div>
        }
        skeletons={4}
        empty={
          <StateMessage
            icon={<BellIcon className="size-7" />}
            title={t('profile.notifications_empty_title')}
            text={t('profile.notifications_empty_text')}
          />
        }
        className="flex flex-col gap-2"
        testId="notifications"
      />
    </ProfileSection>
  );
}
