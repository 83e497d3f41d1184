import type { TelegramLink } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { TELEGRAM_LINK_KEY } from './get-telegram-link.ts';

export async function unlinkTelegram(): Promise<TelegramLink> {
  const body = await apiRequest<{ data: TelegramLink }>('/clients/telegram', { method: 'DELETE' });
  return body.data;
}

/** Unlinks the customer's Telegram: notices go by SMS and in the shop only. */
export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TELEGRAM_LINK_KEY }),
  });
}
