import { useQuery } from '@tanstack/react-query';
import { getPublicData } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';

interface Place {
  id: number;
  name: string;
}

/** Uzbekistan's regions, from the storefront's public list, in the staff's language. */
export function useRegions() {
  const { lang } = useI18n();
  return useQuery({
    queryKey: ['regions', lang],
    queryFn: ({ signal }) => getPublicData<Place[]>('/regions', signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
