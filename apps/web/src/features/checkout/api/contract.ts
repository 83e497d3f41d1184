import type { ContractCodeSent, ContractDocument, CreditDetail } from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiGet, apiRequest } from '../../../lib/api-client.ts';
import { getLanguage } from '../../../lib/i18n.ts';
import { CREDITS_KEY } from '../../installments/index.ts';
import { ORDERS_KEY } from '../../orders/index.ts';

export const contractKey = (creditId: number) => [...CREDITS_KEY, creditId, 'contract'] as const;

/** A credit's contract in the interface language, drawn up again until it is signed. */
export function useContract(creditId: number) {
  return useQuery({
    queryKey: [...contractKey(creditId), getLanguage()],
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: ContractDocument }>(`/credits/${creditId}/contract`, { signal })).data,
  });
}

/** The contract as a PDF in the interface language, saved under its number. */
export async function downloadContractPdf(creditId: number, fileName: string): Promise<void> {
  const blob = await apiBlob(`/credits/${creditId}/contract.pdf`, {
    query: { lang: getLanguage() },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function sendContractCode(creditId: number) {
  return apiRequest<{ message: string; data: ContractCodeSent }>(
    `/credits/${creditId}/contract/send-code`,
    { method: 'POST' },
  );
}

/** Sends the signing code by SMS to the customer's phone. */
export function useSendContractCode(creditId: number) {
  return useMutation({ mutationFn: () => sendContractCode(creditId) });
}

export function signContract(creditId: number, otp: string) {
  return apiRequest<{ message: string; data: CreditDetail }>(`/credits/confirm/${creditId}`, {
    method: 'POST',
    body: { otp },
  });
}

/** Signs the contract with the SMS code: the credit becomes active. */
export function useSignContract(creditId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => signContract(creditId, otp),
    // signing activates the credit and may confirm its order
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CREDITS_KEY }),
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
      ]),
  });
}
