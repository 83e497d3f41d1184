import type { Guarantor, GuarantorBody } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CLIENT_INFO_KEY } from '../../auth/index.ts';
import { GUARANTORS_KEY } from './get-guarantors.ts';

export function addGuarantor(body: GuarantorBody) {
  return apiRequest<{ message: string; data: Guarantor }>('/clients/add-guarantor', {
    method: 'POST',
    body,
  });
}

/** Adds a contact person; the first one moves scoring on to its decision. */
export function useAddGuarantor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGuarantor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: GUARANTORS_KEY }),
        queryClient.invalidateQueries({ queryKey: CLIENT_INFO_KEY }),
      ]),
  });
}
