import type { Challenge } from '@bozor/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Step one of sign-in: an SMS code to `phone` (998 and nine digits). */
export async function sendCode(phone: string): Promise<Challenge> {
  return (
    await apiRequest<{ data: Challenge }>('/clients/send-code', {
      method: 'POST',
      body: { phone },
    })
  ).data;
}
