import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CLIENT_INFO_KEY } from '../../auth/index.ts';
import { GUARANTORS_KEY } from './get-guarantors.ts';

export function deleteGuarantor(id: number) {
  return apiRequest<{ message: string }>(`/clients/guarantor/${id}`, { method: 'DELETE' });
}

/** Removes a contact person; without any left, scoring asks for one again. */
export function useDeleteGuarantor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGuarantor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: GUARANTORS_KEY }),
        queryClient.invalidateQueries({ queryKey: CLIENT_INFO_KEY }),
      ]),
  });
}
