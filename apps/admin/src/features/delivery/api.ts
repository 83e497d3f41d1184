import type { AdminDeliveryRate, DeliveryRateBody, DistrictRateBody } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { adminApi, getData, getPublicData, patch, post } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';

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
    queryFn: ({ signal }) => getPublicData<Place[]>(path ?? '', signal),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const useRegionList = () => usePlaces('regions', '/regions');

export const useDistrictList = (regionId: number | null) =>
  usePlaces(`districts-${regionId}`, regionId === null ? null : `/regions/district/${regionId}`);
