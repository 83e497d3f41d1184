import {
  type NotificationSettings,
  SETTING_TOPICS,
  type SettingTopic,
  type TopicSetting,
} from '@bozor/shared';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ProfileSection } from '../../../components/ui/profile-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { toast } from '../../../lib/toast.ts';
import { useNoticeSettings, useSaveNoticeSettings } from '../api/notices.ts';

type Channel = 'in_shop' | 'sms' | 'telegram';
const CHANNELS: Channel[] = ['in_shop', 'sms', 'telegram'];

function Toggle({
  checked,
  label,
  disabled,
  onChange,
}: {
  checked: boolean;
  label: string;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex min-h-10 cursor-pointer items-center gap-2 rounded-[10px] px-2 text-sm text-ink has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 md:justify-center"
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 shrink-0 accent-primary"
      />
      <span className="md:sr-only">{label}</span>
    </label>
  );
}

/** The payments topic must keep SMS or Telegram while a credit is open (the server says so too). */
function paymentsSilenced(topics: TopicSetting[], settings: NotificationSettings): boolean {
  const payments = topics.find((t) => t.topic === 'payments');
  return settings.credit_open && payments !== undefined && !payments.sms && !payments.telegram;
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const save = useSaveNoticeSettings();
  const [topics, setTopics] = useState(settings.topics);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setTopics(settings.topics), [settings]);

  const set = (topic: SettingTopic, channel: Channel, on: boolean) => {
    setFailure(null);
    setTopics((list) => list.map((row) => (row.topic === topic ? { ...row, [channel]: on } : row)));
  };
  const silenced = paymentsSilenced(topics, settings);
  const changed = JSON.stringify(topics) !== JSON.stringify(settings.topics);

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (silenced) {
          setFailure(t('notices.payments_required'));
          return;
        }
        save.mutate(
          { topics },
          {
            onSuccess: () => toast.success(t('notices.saved')),
            onError: (error) => setFailure(failureMessage(error)),
          },
        );
      }}
    >
      {!settings.telegram_linked && (
        <p className="rounded-[12px] bg-[#FFF6D6] p-3 text-sm text-ink" data-testid="telegram-hint">
          {t('notices.telegram_not_linked')}{' '}
          <Link to="/profile" className="font-semibold text-primary hover:underline">
            {t('notices.telegram_link')}
          </Link>
        </p>
      )}
      <div className="overflow-hidden rounded-[12px] bg-white">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{t('notices.settings_title')}</caption>
          <thead className="hidden md:table-header-group">
            <tr className="border-b border-line text-xs font-semibold text-muted uppercase">
              <th scope="col" className="p-4">
                {t('notices.topic')}
              </th>
              {CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="w-32 p-4 text-center">
                  {t(`notices.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SETTING_TOPICS.map((topic) => {
              const row = topics.find((r) => r.topic === topic);
              if (!row) return null;
              return (
                <tr
                  key={topic}
                  data-testid={`topic-${topic}`}
                  className="flex flex-col border-b border-line p-4 last:border-b-0 md:table-row md:p-0"
                >
                  <th scope="row" className="pb-2 font-normal md:p-4">
                    <span className="block text-sm font-semibold text-ink">
                      {t(`notices.topics.${topic}`)}
                    </span>
                    <span className="block text-xs text-muted">
                      {t(`notices.topic_hints.${topic}`)}
                    </span>
                  </th>
                  {CHANNELS.map((channel) => (
                    <td key={channel} className="md:p-2 md:text-center">
                      <Toggle
                        checked={row[channel]}
                        label={`${t(`notices.channels.${channel}`)}`}
                        onChange={(on) => set(topic, channel, on)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted">{t('notices.promotions_consent')}</p>
      {settings.credit_open && <p className="text-xs text-muted">{t('notices.payments_rule')}</p>}
      {failure && (
        <p role="alert" className="rounded-[12px] bg-danger/10 p-3 text-sm text-danger">
          {failure}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          className={buttonClass('primary')}
          disabled={save.isPending || !changed}
        >
          {save.isPending ? t('notices.saving') : t('notices.save')}
        </button>
        <Link to="/profile/notifications" className={buttonClass('ghost')}>
          {t('notices.back_to_list')}
        </Link>
      </div>
    </form>
  );
}

/** /profile/notifications/settings: the channels per topic (docs/notifications.md). */
export function NoticeSettingsPage() {
  const { t } = useTranslation();
  const query = useNoticeSettings();
  return (
    <ProfileSection title={t('notices.settings_title')}>
      {query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {[1, 2, 3, 4, 5].map((key) => (
            <Skeleton key={key} className="h-16 w-full rounded-[12px]" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState
          message={listErrorMessage(query.error, t)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </ProfileSection>
  );
}
