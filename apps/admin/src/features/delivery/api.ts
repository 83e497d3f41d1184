import type { AdminDeliveryRate, DeliveryRateBody, DistrictRateBody } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, adminApi, getData, patch, post } from '../../lib/api.ts';
import { currentLanguage, useI18n } from '../../lib/i18n.tsx';

export const RATES_KEY = ['delivery-rates'] as const;

export function useRates() {
  return useQuery({
    queryKey: RATES_KEY,
    queryFn: ({ signal }) => getData<AdminDeliveryRate[]>('/delivery-rates', undefined, signal),
  });
}

export function saveRate(id: number, body: DeliveryRateBody) {
  return patch<AdminDeliveryRate>(`/delivery-rates/${id}`, body);
}

export function addDistrictRate(body: DistrictRateBody) {
  return post<AdminDeliveryRate>('/delivery-rates', body);
}

export function deleteRate(id: number) {
  return adminApi<{ message: string }>(`/delivery-rates/${id}`, { method: 'DELETE' });
}

interface Place {
  id: number;
  name: string;
}

/** A public list of the storefront's (regions, a region's districts), in the staff's language. */
function usePlaces(key: string, path: string | null) {
  const { lang } = useI18n();
  return useQuery({
    queryKey: ['places', key, lang],
    queryFn: async () => {
      const response = await fetch(`/api${path}`, { headers: { lang: currentLanguage() } });
      if (!response.ok) throw new ApiError(response.status, response.statusText, 'HTTP_ERROR');
      return ((await response.json()) as { data: Place[] }).data;
    },
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const useRegionList = () => usePlaces('regions', '/regions');

export const useDistrictList = (regionId: number | null) =>
  usePlaces(`districts-${regionId}`, regionId === null ? null : `/regions/district/${regionId}`);
