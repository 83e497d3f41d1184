import type { TelegramDeepLink } from '@bozor/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export async function createTelegramLink(): Promise<TelegramDeepLink> {
  const body = await apiRequest<{ data: TelegramDeepLink }>('/clients/telegram/link', {
    method: 'POST',
  });
  return body.data;
}

/** A one-time deep link to the shop's bot (good for 10 minutes). */
export function useCreateTelegramLink() {
  return useMutation({ mutationFn: createTelegramLink });
}
