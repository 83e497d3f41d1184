import type { TelegramLink } from '@bozor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';

export async function getTelegramLink(signal?: AbortSignal): Promise<TelegramLink> {
  const body = await apiGet<{ data: TelegramLink }>('/clients/telegram', { signal });
  return body.data;
}

export const TELEGRAM_LINK_KEY = ['telegram-link'] as const;

export const telegramLinkQuery = () =>
  queryOptions({
    queryKey: [...TELEGRAM_LINK_KEY, getLanguage()],
    queryFn: ({ signal }) => getTelegramLink(signal),
  });

/**
 * Whether the customer's Telegram is linked; asked again every 3 s while `waiting` (a deep link
 * was opened and the bot's Start is awaited), so the profile shows the link once it is made.
 */
export function useTelegramLink(waiting = false) {
  const signedIn = useIsSignedIn();
  return useQuery({
    ...telegramLinkQuery(),
    enabled: signedIn,
    refetchInterval: (query) => (waiting && !query.state.data?.linked ? 3_000 : false),
  });
}
