import type { Challenge } from '@bozor/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** A new code for the same challenge, allowed once its countdown has run out. */
export async function resendCode(token: string): Promise<Challenge> {
  return (
    await apiRequest<{ data: Challenge }>('/clients/resend-code', {
      method: 'POST',
      body: { token },
    })
  ).data;
}
