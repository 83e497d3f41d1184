import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { currentLanguage, useI18n } from '../../lib/i18n.tsx';

interface Place {
  id: number;
  name: string;
}

/** Uzbekistan's regions, from the storefront's public list, in the staff's language. */
export function useRegions() {
  const { lang } = useI18n();
  return useQuery({
    queryKey: ['regions', lang],
    queryFn: async () => {
      const response = await fetch('/api/regions', { headers: { lang: currentLanguage() } });
      if (!response.ok) throw new ApiError(response.status, response.statusText, 'HTTP_ERROR');
      return ((await response.json()) as { data: Place[] }).data;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
