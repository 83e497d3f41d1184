import type { PartnerCounts, PartnerStatus } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { StateBadge } from '../../components/badges.tsx';
import type { Tone } from '../../components/ui.tsx';
import { getData } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';

export const PARTNERS_KEY = ['partners'] as const;

const STATUS_TONES: Record<PartnerStatus, Tone> = {
  new: 'primary',
  contacted: 'info',
  accepted: 'success',
  rejected: 'neutral',
};

export const StatusBadge = ({ state }: { state: PartnerStatus }) => (
  <StateBadge tone={STATUS_TONES[state]} text={`partners.status.${state}`} />
);

/** How many applications wait, for the navigation; read again every minute. */
export function NewPartnersBadge() {
  const { t } = useI18n();
  const { can } = useStaff();
  const counts = useQuery({
    queryKey: [...PARTNERS_KEY, 'counts'],
    queryFn: ({ signal }) => getData<PartnerCounts>('/partners/counts', undefined, signal),
    enabled: can('partners.read'),
    refetchInterval: 60_000,
  });
  const count = counts.data?.new ?? 0;
  if (count === 0) return null;
  return (
    <span
      title={t('partners.newCount', { count })}
      className="ml-auto rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-white tabular"
    >
      <span aria-hidden>{count}</span>
      <span className="sr-only">{t('partners.newCount', { count })}</span>
    </span>
  );
}
