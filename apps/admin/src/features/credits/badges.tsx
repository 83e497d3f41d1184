import type { AgingBucket, CreditStatus, InstallmentState } from '@bozor/shared';
import { CREDIT_TONES, StateBadge } from '../../components/badges.tsx';
import { cn, type Tone } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';

export const BUCKETS: readonly AgingBucket[] = ['1-30', '31-60', '61-90', '90+'];

/** The later, the hotter: amber, orange, red, dark red. */
export const BUCKET_BAR: Record<AgingBucket, string> = {
  '1-30': 'bg-amber-400',
  '31-60': 'bg-orange-500',
  '61-90': 'bg-red-600',
  '90+': 'bg-red-900',
};

const BUCKET_PILL: Record<AgingBucket, string> = {
  '1-30': 'bg-amber-50 text-amber-800 ring-amber-200',
  '31-60': 'bg-orange-50 text-orange-800 ring-orange-200',
  '61-90': 'bg-red-50 text-red-700 ring-red-200',
  '90+': 'bg-red-800 text-white ring-red-800',
};

/** Days late, coloured by the bucket collections work it in. */
export function DaysLate({ days, bucket }: { days: number; bucket: AgingBucket }) {
  const { t } = useI18n();
  return (
    <span
      title={t(`bucket.${bucket}`)}
      className={cn(
        'tabular inline-flex min-w-16 justify-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        BUCKET_PILL[bucket],
      )}
    >
      {t('overdue.days', { count: days })}
    </span>
  );
}

export const CreditStatusBadge = ({ state }: { state: CreditStatus }) => (
  <StateBadge tone={CREDIT_TONES[state]} text={`creditStatus.${state}`} />
);

const INSTALLMENT_TONES: Record<InstallmentState, Tone> = {
  paid: 'success',
  partly_paid: 'info',
  due: 'warning',
  overdue: 'danger',
  upcoming: 'neutral',
};

export const InstallmentBadge = ({ state }: { state: InstallmentState }) => (
  <StateBadge tone={INSTALLMENT_TONES[state]} text={`installment.${state}`} />
);
