import type { Session } from '@bozor/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Step two of sign-in: the code of the challenge opens a session. */
export async function signIn(token: string, code: string): Promise<Session> {
  return (
    await apiRequest<{ data: Session }>('/clients/sign-in', {
      method: 'POST',
      body: { token, code },
    })
  ).data;
}
