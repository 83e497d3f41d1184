import type { CreditStatus } from '@bozor/shared';
import { cn } from '../../../lib/cn.ts';

const TONES: Record<CreditStatus, string> = {
  not_signed: 'bg-monthly text-monthly-ink',
  active: 'bg-primary-soft text-primary',
  overdue: 'bg-danger/10 text-danger',
  closed: 'bg-success/10 text-success',
  cancelled: 'border border-line bg-page text-muted',
};

/** A credit's status: the server's name for it, coloured by what it means for the customer. */
export function CreditStatusBadge({
  status,
  name,
  className,
}: {
  status: CreditStatus;
  name: string;
  className?: string;
}) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-semibold whitespace-nowrap',
        TONES[status],
        className,
      )}
    >
      {name}
    </span>
  );
}

/** Paid of the total as a bar, with its numbers for assistive technology. */
export function CreditProgress({
  paid,
  total,
  label,
}: {
  paid: number;
  total: number;
  label: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((paid / total) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-page"
    >
      <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
    </div>
  );
}
