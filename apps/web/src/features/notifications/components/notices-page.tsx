import { type Notification, pathOfNotice } from '@bozor/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { BellIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/list-states.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useMarkAllRead, useMarkRead, useNotices } from '../api/notices.ts';
import { useUnreadCount } from '../api/unread.ts';

function NoticeRow({ notice }: { notice: Notification }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const markRead = useMarkRead();
  const target = notice.link ? pathOfNotice(notice.link) : null;

  const read = () => {
    if (!notice.read) markRead.mutate(notice.id);
  };
  const body = (
    <>
      <div
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-full',
          notice.read ? 'bg-page text-muted' : 'bg-primary-soft text-primary',
        )}
      >
        <BellIcon className="size-5" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p
          className={cn(
            'text-sm break-words whitespace-pre-line text-ink',
            !notice.read && 'font-semibold',
          )}
        >
          {!notice.read && <span className="sr-only">{t('notices.unread')}: </span>}
          {notice.text}
        </p>
        <time dateTime={notice.created_at} className="text-xs text-muted">
          {formatDate(notice.created_at, true)}
        </time>
      </div>
      {!notice.read && (
        <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary" />
      )}
      {target && (
        <ChevronRightIcon aria-hidden="true" className="mt-2.5 size-4 shrink-0 text-muted" />
      )}
    </>
  );
  const rowClass = cn(
    'flex w-full items-start gap-3 rounded-[12px] p-4 text-left',
    notice.read ? 'bg-white' : 'bg-white ring-1 ring-primary/30',
  );

  return (
    <div data-testid="notice" data-read={notice.read} className="flex flex-col gap-1">
      {target ? (
        <Link to={target} onClick={read} className={cn(rowClass, 'hover:bg-page')}>
          {body}
        </Link>
      ) : (
        <div className={rowClass}>{body}</div>
      )}
      {!notice.read && !target && (
        <button
          type="button"
          onClick={read}
          disabled={markRead.isPending}
          className="self-end rounded-md px-2 py-1 text-xs font-medium text-primary hover:bg-primary-soft"
        >
          {t('notices.mark_read')}
        </button>
      )}
    </div>
  );
}

/** /profile/notifications: the centre, unread first, each notice linking to what it is about. */
export function NoticesPage() {
  const { t } = useTranslation();
  const query = useNotices();
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const items = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <ProfileSection
      title={t('profile.menu.notifications')}
      action={
        <div className="flex flex-wrap gap-2">
          {unread > 0 && (
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, {
                  onError: (error) => toast.error(failureMessage(error)),
                })
              }
            >
              {t('notices.mark_all')}
            </button>
          )}
          <Link to="/profile/notifications/settings" className={buttonClass('ghost')}>
            {t('notices.settings')}
          </Link>
        </div>
      }
    >
      {unread > 0 && (
        <p className="text-sm text-muted" data-testid="unread-summary">
          {t('notices.unread_count', { n: unread })}
        </p>
      )}
      <PagedList
        query={query}
        items={items}
        keyOf={(item) => item.id}
        renderItem={(item) => <NoticeRow notice={item} />}
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
