import type { PartnerApplicationBody } from '@bozor/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function sendPartnerApplication(body: PartnerApplicationBody) {
  return apiRequest<{ message: string }>('/partners', { method: 'POST', body });
}

/** Sends a become-a-partner application; the form shows its field errors and toasts the rest. */
export function useSendPartnerApplication() {
  return useMutation({ mutationFn: sendPartnerApplication });
}
