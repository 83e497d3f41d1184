import type { TelegramDeepLink } from '@bozor/shared';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { TelegramIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useCreateTelegramLink } from '../api/create-telegram-link.ts';
import { useTelegramLink } from '../api/get-telegram-link.ts';
import { useUnlinkTelegram } from '../api/unlink-telegram.ts';

/** The error's own message (the server's, in the customer's language), or a general one. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The profile's Telegram: link it with a one-time deep link to the shop's bot (the card then
 * waits for the bot's Start and shows the chat's name), or unlink it.
 */
export function TelegramCard() {
  const { t } = useTranslation();
  const [deepLink, setDeepLink] = useState<TelegramDeepLink | null>(null);
  const state = useTelegramLink(deepLink !== null);
  const create = useCreateTelegramLink();
  const unlink = useUnlinkTelegram();
  const link = state.data;

  let body: React.ReactNode;
  if (state.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-10 w-40" />
      </div>
    );
  } else if (state.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        <span className="min-w-0 flex-1">{t('telegram_link.load_error')}</span>
        <button
          type="button"
          onClick={() => void state.refetch()}
          className={buttonClass('secondary')}
        >
          {t('states.retry')}
        </button>
      </div>
    );
  } else if (!link?.available) {
    body = <p className="text-sm text-muted">{t('telegram_link.unavailable')}</p>;
  } else if (link.linked) {
    const who = [link.name, link.username ? `@${link.username}` : null].filter(Boolean).join(' ');
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <p className="min-w-0 flex-1 text-sm text-ink">
          <span className="font-semibold text-success">{t('telegram_link.linked')}</span>
          {who && <span className="break-words"> · {who}</span>}
          <span className="mt-1 block text-muted">{t('telegram_link.linked_text')}</span>
        </p>
        <button
          type="button"
          onClick={() => {
            setDeepLink(null);
            unlink.mutate();
          }}
          disabled={unlink.isPending}
          className={cn(buttonClass('ghost'), 'border border-line')}
        >
          {unlink.isPending ? t('telegram_link.unlinking') : t('telegram_link.unlink')}
        </button>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted">{t('telegram_link.text')}</p>
        {deepLink ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <a
              href={deepLink.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('primary')}
            >
              <TelegramIcon className="size-5" />
              {t('telegram_link.open')}
            </a>
            <span className="text-sm text-muted" aria-live="polite">
              {t('telegram_link.waiting')}
            </span>
          </div>
        ) : (
          <button
            type="button"
            onClick={() =>
              create.mutate(undefined, {
                onSuccess: (made) => {
                  setDeepLink(made);
                  // opened at once where the browser allows it; the button stays for the rest
                  window.open(made.url, '_blank', 'noopener,noreferrer');
                },
              })
            }
            disabled={create.isPending}
            className={cn(buttonClass('primary'), 'self-start')}
          >
            <TelegramIcon className="size-5" />
            {create.isPending ? t('telegram_link.linking') : t('telegram_link.link')}
          </button>
        )}
      </div>
    );
  }

  const failed = create.error ?? unlink.error;
  return (
    <section
      aria-labelledby="telegram-title"
      className="flex flex-col gap-3 rounded-[12px] bg-white p-4 md:p-5"
    >
      <h2 id="telegram-title" className="flex items-center gap-2 text-base font-semibold text-ink">
        <TelegramIcon className="size-5 text-[#229ED9]" />
        {t('telegram_link.title')}
      </h2>
      {body}
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {messageOf(failed, t('telegram_link.action_error'))}
        </p>
      )}
    </section>
  );
}
